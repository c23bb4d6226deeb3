import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { describeTools, ToolOutcome } from "./execute.ts";

/**
 * An MCP server over the tool registry, for any transport: tools/list shows the registry's
 * schemas of the tools `list` gives (those the caller's key may call: in process for /mcp, asked
 * of the service for stdio), tools/call runs `call` (in process for /mcp, over the HTTP bridge
 * for stdio). A failed call is a tool result with isError and the REST API's message, never a
 * protocol error; a list that cannot be had is a protocol error (tools/list has no error result).
 */
export function makeMcpServer(
  call: (name: string, args: unknown) => Promise<ToolOutcome>,
  list: () => Promise<ReturnType<typeof describeTools>>,
): Server {
  const server = new Server({ name: "tostao", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await list()).map(({ auth: _auth, ...t }) => t),
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
