import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { ToolOutcome } from "./execute.ts";
import { makeMcpServer } from "./mcp-server.ts";

// The local stdio tool server (`node bin/tostao-mcp.js` in a clone): client tooling that an AI
// assistant starts as a child process. It lists the same tools from the same registry and runs each call through the
// service's HTTP bridge (POST /api/integrations/mcp/call) with the configured token, so it holds
// no data and needs no database. Configured by SVC_BASE_URL and SVC_API_TOKEN, read here, its
// own composition root.

export function makeHttpToolCaller(baseUrl: string, token: string | undefined) {
  return async (name: string, args: unknown): Promise<ToolOutcome> => {
    try {
      const res = await fetch(`${baseUrl.replace(/\/+$/, "")}/api/integrations/mcp/call`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
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
  const server = makeMcpServer(makeHttpToolCaller(baseUrl, env.SVC_API_TOKEN || undefined));
  await server.connect(new StdioServerTransport());
}
