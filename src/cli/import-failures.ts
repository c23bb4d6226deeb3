import { CliError } from "./failures.ts";

// What `charges import` says when a chunk gets no answer or a refusal, in one line that names
// the fix. Running the same import again is advised only where it helps: after a failure on the
// way (the service down, a timeout, a 5xx, a rate limit), since the chunks' Idempotency-Keys
// make a second run bill nothing twice; never for a refused token or a --url that is not
// Tostão, which fail the same way until they are corrected.

/** Where an API token comes from, for the lines about a missing, empty or refused one. */
export function tokenHelp(base: string | undefined): string {
  const keys = base ? `${base}/dashboard/keys` : "/dashboard/keys";
  return `make an API token on the dashboard's keys page (${keys}) or with \`npx tostao token create --account acct_… --label import\`, or use the sandbox token the first \`npm start\` printed`;
}

/** The service's address from --url, without a trailing slash, or the line saying it is not one. */
export function validServiceUrl(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    throw new CliError(
      `--url ${url}: not an http(s) address; give the service's, e.g. --url http://localhost:3000`,
    );
  }
  return url.replace(/\/+$/, "");
}

type Chunk = { first: number; last: number; sentBefore: number };

/** What became of the rows before this chunk: answered, so a second run goes on from here. */
const before = (c: Chunk) =>
  c.sentBefore > 0
    ? `rows before ${c.first} were billed; once that is fixed, import the same file again to go on (nothing is billed twice)`
    : "nothing was billed";

const CAUSES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "its host name could not be looked up",
  ECONNRESET: "the connection was closed",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_SOCKET: "the connection was closed",
  UND_ERR_CONNECT_TIMEOUT: "no answer to the connection",
};

/**
 * fetch's TypeError("fetch failed") keeps the reason in its cause: an errno (or, for a name with
 * several addresses, an AggregateError of them), or a plain message such as "bad port".
 */
function causeOf(err: unknown): { code: string; message: string } {
  if ((err as Error).name === "TimeoutError") return { code: "timeout", message: "" };
  const cause = (
    err as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }
  ).cause;
  return {
    code: cause?.code ?? cause?.errors?.[0]?.code ?? "",
    message: cause?.message || String((err as Error).message ?? err),
  };
}

export function unreachable(base: string, err: unknown, c: Chunk): CliError {
  const cause = causeOf(err);
  if (cause.code === "timeout") {
    return new CliError(
      `the service at ${base} did not answer rows ${c.first}-${c.last} within 120 s; they may be billed: import the same file again to learn (nothing is billed twice)`,
    );
  }
  const why = CAUSES[cause.code] ?? cause.message;
  const start =
    cause.code === "ECONNREFUSED"
      ? "; is Tostão running? Start it with `npm start` (or `npx tostao serve`), or give its address with --url"
      : "; check --url";
  return new CliError(`cannot reach the service at ${base} (${why})${start}; ${before(c)}`);
}

export function refusedBatch(
  base: string,
  status: number,
  body: { success?: boolean; error?: string } | undefined,
  c: Chunk & { tokenFrom: string | undefined; size: number },
): CliError {
  const said = body?.error ?? "no reason given";
  const token = c.tokenFrom ? `the token in ${c.tokenFrom}` : "the token";
  if (status === 401) {
    return new CliError(
      `the service at ${base} refused ${token} (${said}): it is not one of this service's tokens, or was revoked; ${tokenHelp(base)}`,
    );
  }
  if (status === 403) {
    return new CliError(
      `the service at ${base} refused ${token} for billing (${said}); use a token with the charges:write scope: ${tokenHelp(base)}`,
    );
  }
  if (body?.success === undefined) {
    return new CliError(
      `${base} answered HTTP ${status} but not as Tostão's API does; is --url the address of a Tostão service (the one \`npm start\` printed)?`,
    );
  }
  if (status === 422 && said.startsWith("Idempotency-Key")) {
    // The keys name the file and the chunk's number: another --chunk puts other rows under a key.
    return new CliError(
      `rows ${c.first}-${c.last}: this file was imported before in chunks of another size, whose answers the service keeps under the same keys; give the same --chunk as then (default 500; this time ${c.size})`,
    );
  }
  const retry = status === 409 || status === 429 || status >= 500;
  return new CliError(
    `the batch of rows ${c.first}-${c.last} was refused (HTTP ${status}: ${said})${retry ? `; ${before(c)}` : ""}`,
  );
}
