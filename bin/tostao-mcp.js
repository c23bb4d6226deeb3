#!/usr/bin/env node
// `node bin/tostao-mcp.js`: the stdio MCP tool server, configured by SVC_BASE_URL and SVC_API_TOKEN.
import { register } from "tsx/esm/api";

register();
const { runStdioServer } = await import("../src/mcp/stdio.ts");
await runStdioServer(process.env);
