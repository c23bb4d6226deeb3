import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { describeTools, ToolNamesSchema, type ToolOutcome } from "./execute.ts";
import { makeMcpServer } from "./mcp-server.ts";

// The local stdio tool server (`node bin/tostao-mcp.js` in a clone): client tooling that an AI
// assistant starts as a child process. It describes the tools from the same registry, lists only
// those the service says its token may call (GET /api/integrations/mcp/tools), and runs each
// call through the service's HTTP bridge (POST /api/integrations/mcp/call) with the configured
// token, so it holds no data and needs no database. Configured by SVC_BASE_URL and
// SVC_API_TOKEN (contract.md), or, where those are unset, by the service's style of names,
// TOSTAO_BASE_URL and TOSTAO_API_TOKEN: read here (stdioSettings), its own composition root.

const urlOf = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, "")}${path}`;
const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** What of a token may be shown: the 12 characters the service lists as its prefix. */
const shown = (token: string) => `${token.slice(0, 12).replace(/[^\x21-\x7e]/g, "?")}…`;

/**
 * Why the token cannot be sent, if it cannot: a character an HTTP header does not carry (a
 * newline pasted with it). fetch would refuse it with a message quoting the whole header, so it
 * is refused here, naming only the prefix.
 */
export function tokenProblem(
  token: string | undefined,
  variable = "SVC_API_TOKEN",
): string | undefined {
  if (token === undefined || /^[\x21-\x7e]+$/.test(token)) return undefined;
  return `${variable} (${shown(token)}) holds a character an HTTP header cannot carry (a newline or a space?): set it to the token alone`;
}

export type StdioSettings = {
  baseUrl: string;
  token: string | undefined;
  /** The variable the token came from, named when it cannot be sent. */
  tokenVariable: string;
};

/**
 * Where the service is and the token to call it with. SVC_BASE_URL and SVC_API_TOKEN are the
 * names contract.md fixes; a newcomer who set the service's (TOSTAO_BASE_URL, the public URL the
 * service itself reads) or their like (TOSTAO_API_TOKEN) is understood too, each only where
 * its SVC_ name is unset or empty, so a configuration that works keeps working as it is.
 */
export function stdioSettings(env: Record<string, string | undefined>): StdioSettings {
  // A token has no whitespace, so what surrounds it (the newline an env file or a paste adds)
  // is dropped; whitespace inside it is refused by tokenProblem, naming only its prefix.
  const svcToken = env.SVC_API_TOKEN?.trim();
  const serviceStyle = env.TOSTAO_API_TOKEN?.trim();
  return {
    baseUrl: env.SVC_BASE_URL || env.TOSTAO_BASE_URL || "http://localhost:3000",
    token: svcToken || serviceStyle || undefined,
    tokenVariable: !svcToken && serviceStyle ? "TOSTAO_API_TOKEN" : "SVC_API_TOKEN",
  };
}

/** An error's text with the token, and every line of it, taken out: it may quote the header. */
function scrubbed(text: string, token: string | undefined): string {
  if (!token) return text;
  let out = text.split(token).join(shown(token));
  for (const part of token.split(/[^\x21-\x7e]+/)) {
    if (part.length >= 4) out = out.split(part).join("…");
  }
  return out;
}
/**
 * Why fetch failed, in words: its "fetch failed" keeps the reason in its cause, and a refused
 * connection most often means the service is not started yet.
 */
function unreachableReason(err: unknown, token: string | undefined): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === "ECONNREFUSED")
    return "connection refused: is it running? `npm start` starts it";
  return scrubbed(cause?.message || (err as Error).message, token);
}
const ListedSchema = z.object({ success: z.literal(true), data: ToolNamesSchema });

/**
 * tools/list for the stdio server: the registry's tools that the service says the token may
 * call (its scopes are known only there). A service that cannot be reached, or refuses the token,
 * is a protocol error saying so, rather than a list of tools no call could reach; a service older
 * than that route (404) gets the whole list, as before it, and refuses calls outside the scopes.
 */
export function makeHttpToolLister(
  baseUrl: string,
  token: string | undefined,
  tokenVariable?: string,
) {
  return async (): Promise<ReturnType<typeof describeTools>> => {
    let res: Response;
    let body: unknown;
    const problem = tokenProblem(token, tokenVariable);
    if (problem) throw new McpError(ErrorCode.InternalError, problem);
    try {
      res = await fetch(urlOf(baseUrl, "/api/integrations/mcp/tools"), { headers: bearer(token) });
      if (res.status === 404) return describeTools();
      body = await res.json();
    } catch (err) {
      throw new McpError(
        ErrorCode.InternalError,
        `cannot reach the Tostão service at ${baseUrl} (${unreachableReason(err, token)}); no tool can run until it answers`,
      );
    }
    const listed = ListedSchema.safeParse(body);
    if (!res.ok || !listed.success) {
      const error = (body as { error?: unknown } | null)?.error;
      throw new McpError(
        ErrorCode.InternalError,
        `the Tostão service at ${baseUrl} did not list the tools: ${typeof error === "string" ? error : `HTTP ${res.status}`}`,
      );
    }
    const names = new Set(listed.data.data.tools);
    return describeTools().filter((t) => names.has(t.name));
  };
}

export function makeHttpToolCaller(
  baseUrl: string,
  token: string | undefined,
  tokenVariable?: string,
) {
  return async (name: string, args: unknown): Promise<ToolOutcome> => {
    const problem = tokenProblem(token, tokenVariable);
    if (problem) return { ok: false, status: 401, error: problem };
    try {
      const res = await fetch(urlOf(baseUrl, "/api/integrations/mcp/call"), {
        method: "POST",
        headers: { "content-type": "application/json", ...bearer(token) },
        body: JSON.stringify({ tool: name, arguments: args ?? {} }),
      });
      const body = (await res.json()) as { success: boolean; data?: unknown; error?: string };
      return body.success
        ? { ok: true, data: body.data }
        : { ok: false, status: res.status, error: body.error ?? `HTTP ${res.status}` };
    } catch (err) {
      return {
        ok: false,
        status: 503,
        error: `cannot reach ${baseUrl}: ${unreachableReason(err, token)}`,
      };
    }
  };
}

export async function runStdioServer(env: Record<string, string | undefined>): Promise<void> {
  const { baseUrl, token, tokenVariable } = stdioSettings(env);
  const server = makeMcpServer(
    makeHttpToolCaller(baseUrl, token, tokenVariable),
    makeHttpToolLister(baseUrl, token, tokenVariable),
  );
  await server.connect(new StdioServerTransport());
}
