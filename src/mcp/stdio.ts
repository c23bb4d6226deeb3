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
// SVC_API_TOKEN, read here, its own composition root.

const urlOf = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, "")}${path}`;
const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};
const ListedSchema = z.object({ success: z.literal(true), data: ToolNamesSchema });

/**
 * tools/list for the stdio server: the registry's tools that the service says the token may
 * call (its scopes are known only there). A service that cannot be reached, or refuses the token,
 * is a protocol error saying so, rather than a list of tools no call could reach; a service older
 * than that route (404) gets the whole list, as before it, and refuses calls outside the scopes.
 */
export function makeHttpToolLister(baseUrl: string, token: string | undefined) {
  return async (): Promise<ReturnType<typeof describeTools>> => {
    let res: Response;
    let body: unknown;
    try {
      res = await fetch(urlOf(baseUrl, "/api/integrations/mcp/tools"), { headers: bearer(token) });
      if (res.status === 404) return describeTools();
      body = await res.json();
    } catch (err) {
      throw new McpError(
        ErrorCode.InternalError,
        `cannot reach the Tostão service at ${baseUrl} (${(err as Error).message}); no tool can run until it answers`,
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

export function makeHttpToolCaller(baseUrl: string, token: string | undefined) {
  return async (name: string, args: unknown): Promise<ToolOutcome> => {
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
        error: `cannot reach ${baseUrl}: ${(err as Error).message}`,
      };
    }
  };
}

export async function runStdioServer(env: Record<string, string | undefined>): Promise<void> {
  const baseUrl = env.SVC_BASE_URL || "http://localhost:3000";
  const token = env.SVC_API_TOKEN || undefined;
  const server = makeMcpServer(
    makeHttpToolCaller(baseUrl, token),
    makeHttpToolLister(baseUrl, token),
  );
  await server.connect(new StdioServerTransport());
}
