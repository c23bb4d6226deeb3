import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
// @ts-expect-error: a plain .mjs script with no type declarations
import { satisfies, unmetEngines } from "../scripts/check-engines.mjs";

// `engines` must be true: npm warns (EBADENGINE) on install when a dependency wants a newer Node
// than the one running, and CI runs the suite on exactly the versions named in .ci/run.

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const ci = readFileSync(".ci/run", "utf8");
const ciVersion = (name: string) => {
  const m = new RegExp(`^${name}=(\\d+\\.\\d+\\.\\d+)$`, "m").exec(ci);
  assert.ok(m?.[1], `.ci/run sets ${name}`);
  return m[1];
};

test("the range matcher reads npm's range forms as semver does", () => {
  assert.equal(satisfies("22.12.0", ">=22.12.0 || >=20.19.0 <21.0.0"), true);
  assert.equal(satisfies("22.0.0", ">=22.12.0 || >=20.19.0 <21.0.0"), false);
  assert.equal(satisfies("20.19.1", ">=22.12.0 || >=20.19.0 <21.0.0"), true);
  assert.equal(satisfies("20.18.1", ">= 20.19.0"), false);
  assert.equal(satisfies("22.12.0", "^16 || ^18 || >=20"), true);
  assert.equal(satisfies("19.0.0", "^16 || ^18 || >=20"), false);
  assert.equal(satisfies("22.12.0", "18 || 20 || >=22"), true);
  assert.equal(satisfies("21.1.0", "20 || >=22"), false);
  assert.equal(satisfies("26.10.0", "6.* || 8.* || >= 10.*"), true);
  assert.equal(satisfies("15.0.0", ">=16 || 14 >=14.17"), false);
});

test("CI's lowest Node is the floor of package.json's engines", () => {
  assert.equal(pkg.engines.node, `>=${ciVersion("NODE_LOWEST")}`);
  assert.equal(lock.packages[""].engines.node, pkg.engines.node, "package-lock.json agrees");
});

test("every installed package's engines.node accepts both Node versions CI runs", () => {
  for (const version of [ciVersion("NODE_LOWEST"), ciVersion("NODE_LTS")]) {
    assert.deepEqual(unmetEngines(lock, version), [], `node ${version}`);
  }
});
