import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { TOOLS } from "../src/mcp/registry.ts";

// docs/mcp.md is where an assistant's integrator learns which tools exist: a tool added to the
// operation table and missing there (the batch tool was) is a tool nobody knows to ask for.

test("docs/mcp.md names every MCP tool the service offers", () => {
  const doc = readFileSync("docs/mcp.md", "utf8");
  const missing = TOOLS.map((t) => t.name).filter((name) => !doc.includes(`\`${name}\``));
  assert.deepEqual(missing, [], "tools missing from docs/mcp.md");
});
