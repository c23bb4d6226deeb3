#!/usr/bin/env node
// `node bin/tostao-mcp.js`: the stdio MCP tool server, configured by SVC_BASE_URL and SVC_API_TOKEN
// (or TOSTAO_BASE_URL and TOSTAO_API_TOKEN where those are unset: src/mcp/stdio.ts).
import { register } from "tsx/esm/api";

register();
const { runStdioServer } = await import("../src/mcp/stdio.ts");
await runStdioServer(process.env);
