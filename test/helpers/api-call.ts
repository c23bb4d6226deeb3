/**
 * One request to a service listening on `baseUrl` (a real HTTP round trip, as between two
 * instances), with a bearer token and an optional JSON body: its status and parsed JSON (`any`:
 * the tests read whatever envelope the route answers).
 */
export async function apiCall(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}
