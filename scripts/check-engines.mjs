#!/usr/bin/env node
// Checks that the Node versions we declare and run on satisfy every installed package's
// `engines.node` (read from package-lock.json), so `npm install` prints no EBADENGINE warning on
// any Node our `engines` accepts. Run by test/engines.test.ts and by hand:
//   node scripts/check-engines.mjs 22.12.0 26.10.0
// A small matcher for the range forms npm packages use (||, comparators, ^, ~, x-ranges), kept
// here rather than importing `semver`, which is only a transitive dependency of ours.
import { readFileSync } from "node:fs";

const parse = (v) => {
  const m = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/.exec(v.trim());
  if (!m) throw new Error(`unsupported version in a range: "${v}"`);
  const n = (s) => (s === undefined || /[xX*]/.test(s) ? undefined : Number(s));
  return [n(m[1]), n(m[2]), n(m[3])];
};
const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
const low = (p) => p.map((x) => x ?? 0);

/** Whether version `v` ("22.12.0") satisfies one comparator ("^20", ">= 14.6", "18.x"). */
function satisfiesComparator(v, comp) {
  const m = /^(>=|<=|>|<|=|\^|~)?\s*(.+)$/.exec(comp);
  if (!m) throw new Error(`unsupported comparator: "${comp}"`);
  const op = m[1] ?? "";
  const p = parse(m[2]);
  const lo = low(p);
  const c = cmp(v, lo);
  if (op === ">=") return c >= 0;
  if (op === ">") return cmp(v, lo) > 0;
  if (op === "<") return c < 0;
  if (op === "<=") {
    // "<=20" means below 21.
    if (p[1] === undefined) return v[0] <= p[0];
    if (p[2] === undefined) return v[0] < p[0] || (v[0] === p[0] && v[1] <= p[1]);
    return c <= 0;
  }
  if (op === "^") {
    if (c < 0) return false;
    if (lo[0] > 0 || p[1] === undefined) return v[0] === lo[0];
    if (lo[1] > 0 || p[2] === undefined) return v[0] === 0 && v[1] === lo[1];
    return c === 0;
  }
  if (op === "~") return c >= 0 && v[0] === lo[0] && (p[1] === undefined || v[1] === lo[1]);
  // A bare or "=" version: an x-range when parts are missing.
  return p.every((x, i) => x === undefined || x === v[i]);
}

export function satisfies(version, range) {
  const v = parse(version);
  return range.split("||").some((set) => {
    const comps = set
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .filter(Boolean);
    return comps.length === 0 || comps.every((c) => satisfiesComparator(v, c));
  });
}

/** The packages of the lock whose engines.node `version` does not satisfy. */
export function unmetEngines(lock, version) {
  const out = [];
  for (const [path, pkg] of Object.entries(lock.packages ?? {})) {
    const range = pkg.engines?.node;
    if (typeof range === "string" && !satisfies(version, range)) {
      out.push(`${path.replace(/^.*node_modules\//, "") || "(root)"} wants node ${range}`);
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
  let bad = 0;
  for (const version of process.argv.slice(2)) {
    const unmet = unmetEngines(lock, version);
    bad += unmet.length;
    console.log(
      `node ${version}: ${unmet.length === 0 ? "every engines.node is met" : unmet.join("; ")}`,
    );
  }
  process.exit(bad === 0 ? 0 : 1);
}
