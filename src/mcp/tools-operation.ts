import { operation } from "../operations/operation.ts";
import { callableToolNames, ToolNamesSchema } from "./execute.ts";

/**
 * GET /api/integrations/mcp/tools, an entry of the operation table declared beside what it
 * lists (the table, src/operations/, cannot import the tools, which are made from it): what the
 * stdio server's tools/list shows. The stdio server holds the registry itself, but not the key's
 * scopes and mode, nor this server's live-writes setting, which only the service knows.
 */
export const LIST_TOOLS_OPERATION = operation({
  id: "listIntegrationTools",
  method: "GET",
  path: "/api/integrations/mcp/tools",
  auth: "optional",
  summary:
    "Names of the tools the caller may call, exactly those tools/list over /mcp offers it: with a bearer, those its key's scopes and mode allow (no sandbox tool for a live key, no write tool while live writes are off); without, those that need no token",
  tags: ["integrations"],
  output: ToolNamesSchema,
  run: async (c) => ({ tools: callableToolNames(c.caller, c.deps.config) }),
});
