import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "../kernel/mode.ts";
import { describeTools, type ToolOutcome } from "./execute.ts";

/**
 * An MCP server over the tool registry, for any transport: tools/list shows the registry's
 * schemas (only those `caller`'s key may call, when given), tools/call runs `call` (in process for /mcp, over the HTTP bridge for stdio). A
 * failure is a tool result with isError and the REST API's message, never a protocol error.
 */
export function makeMcpServer(
  call: (name: string, args: unknown) => Promise<ToolOutcome>,
  caller?: Principal,
): Server {
  const server = new Server({ name: "tostao", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: describeTools(caller).map(({ auth: _auth, ...t }) => t),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const outcome = await call(req.params.name, req.params.arguments ?? {});
    if (!outcome.ok) return { isError: true, content: [{ type: "text", text: outcome.error }] };
    const data = outcome.data;
    return {
      content: [{ type: "text", text: JSON.stringify(data, null, 2) }],
      ...(data !== null && typeof data === "object" && !Array.isArray(data)
        ? { structuredContent: data as Record<string, unknown> }
        : {}),
    };
  });
  return server;
}
