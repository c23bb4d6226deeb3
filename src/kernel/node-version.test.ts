import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { nodeVersionRefusal } from "./node-version.ts";

const engines = JSON.parse(readFileSync("package.json", "utf8")).engines.node as string;

test("a Node older than package.json's engines is refused in one line naming both versions", () => {
  const line = nodeVersionRefusal("v20.20.2", engines);
  assert.ok(line, "Node 20 must be refused");
  assert.match(line, /needs Node\.js 22\.12 or later/);
  assert.match(line, /this is Node\.js 20\.20\.2/);
  assert.match(line, /nvm install 22/);
  assert.doesNotMatch(line, /\n/);
  assert.ok(nodeVersionRefusal("v22.11.9", engines), "22.11 is below 22.12");
});

test("the floor itself and anything newer start", () => {
  for (const v of ["v22.12.0", "v22.12.1", "v22.13.0", "v24.0.0", "v26.10.0"]) {
    assert.equal(nodeVersionRefusal(v, engines), undefined, v);
  }
});

test("a range of another form never refuses (only >=X.Y.Z is read)", () => {
  assert.equal(nodeVersionRefusal("v18.0.0", "^20 || >=22"), undefined);
});
