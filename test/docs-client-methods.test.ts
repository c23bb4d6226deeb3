import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { OPERATIONS } from "../packages/client/src/generated/operations.ts";

// docs/client.md lists the client's methods: one per operation of the generated table, so a
// route added to the service (and to the client by generation) is not missing from its doc.

test("docs/client.md lists every method of @tostao/client", () => {
  const doc = readFileSync("docs/client.md", "utf8");
  const missing = Object.keys(OPERATIONS).filter((name) => !doc.includes(`| \`${name}\` |`));
  assert.deepEqual(missing, [], "methods missing from docs/client.md's list");
});
