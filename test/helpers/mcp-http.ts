/**
 * A JSON-RPC tools/list posted to the service's /mcp as an MCP client over streamable HTTP sends
 * it (the endpoint is stateless: no session to open first), with the token when one is given.
 */
export function postToolsList(url: string, token?: string): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: "POST",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}
