import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, test } from "node:test";

// The layering README.md describes, checked on the source itself: the front doors (src/http,
// src/mcp) reach the database only through the domain's use cases, and no two modules of src/
// import each other, directly or round a loop. Imports are read with a regular expression (every
// `from "./x"`, `import "./x"` and `import("./x")`, type-only ones included: a type import is a
// dependency too), so this needs no parser and runs in a few milliseconds.

const SRC = resolve(import.meta.dirname, "../src");

const FROM = /\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g;
const BARE = /\bimport\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

type Graph = Map<string, string[]>;

/** Every .ts file under src/ (paths relative to src/, with /) and the src/ files it imports. */
export function importGraph(root: string): { graph: Graph; unresolved: string[] } {
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.split("\\").join("/"))
    .sort();
  const graph: Graph = new Map();
  const unresolved: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    const targets = new Set<string>();
    for (const re of [FROM, BARE]) {
      for (const m of text.matchAll(re)) {
        const spec = m[1] ?? "";
        const abs = resolve(root, dirname(file), spec);
        const found = [abs, `${abs}.ts`, join(abs, "index.ts")].find(
          (p) => existsSync(p) && p.endsWith(".ts"),
        );
        if (!found) {
          unresolved.push(`${file}: ${spec}`);
          continue;
        }
        const rel = relative(root, found).split("\\").join("/");
        if (!rel.startsWith("..")) targets.add(rel);
      }
    }
    graph.set(file, [...targets].sort());
  }
  return { graph, unresolved };
}

/**
 * Each tangle of the graph once (Tarjan's strongly connected components): every file in it, and
 * one loop through them to show how they hang together.
 */
export function findCycles(graph: Graph): Array<{ files: string[]; loop: string[] }> {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: Array<{ files: string[]; loop: string[] }> = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v))
      cycles.push({ files: component.sort(), loop: loopThrough(graph, new Set(component), v) });
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** One concrete loop from `start` back to itself inside a strongly connected component. */
function loopThrough(graph: Graph, component: Set<string>, start: string): string[] {
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift() ?? start;
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(from.get(path[0] ?? "") ?? start);
        return [...path, start];
      }
      if (component.has(w) && !from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

// The folders of src/ (and the files at its top) ranked from the leaves up: a unit may import
// its own rank or below, never above. Leaves are libraries of our own with no knowledge of the
// service; then the database and the PSP client; the domain; what runs the domain (workers,
// metrics, the shared composition types); the front doors; the composition root and the CLI.
export const RANKS: Record<string, number> = {
  "base-url.ts": 0,
  kernel: 0,
  bitcoin: 0,
  net: 0,
  // Lightning node clients and BOLT11 (knows nothing of charges): only net/ below it.
  lightning: 1,
  qr: 0,
  ratelimit: 0,
  secrets: 0,
  "config.ts": 1,
  db: 2,
  "pix-psp": 2,
  domain: 3,
  "deps.ts": 4,
  documents: 4,
  integrations: 4,
  metrics: 4,
  "route-table.ts": 4,
  workers: 4,
  mcp: 5,
  operations: 5,
  web: 6,
  http: 7,
  "service.ts": 8,
  "main.ts": 9,
  cli: 10,
};

/**
 * Upward imports allowed by name, as "folder -> file". Empty: the kinds every layer shares
 * (Mode, Principal, ChargeStatus, Clock, Random, the Db interface) live in the leaf folder
 * src/kernel/. Nothing may be added here; move the shared piece down instead.
 */
export const KNOWN_UPWARD: readonly string[] = [];

const unitOf = (file: string) => (file.includes("/") ? (file.split("/")[0] ?? file) : file);

/** The imports from a unit to a unit ranked above it, as "folder -> file", test files aside. */
export function upwardImports(graph: Graph, ranks: Record<string, number>): string[] {
  const out = new Set<string>();
  for (const [file, targets] of graph) {
    if (file.endsWith(".test.ts")) continue;
    const from = unitOf(file);
    for (const t of targets) {
      const to = unitOf(t);
      const a = ranks[from];
      const b = ranks[to];
      if (a === undefined || b === undefined) {
        out.add(`${from} -> ${t} (unranked: add the folder to RANKS)`);
      } else if (b > a) {
        out.add(`${from} -> ${t}`);
      }
    }
  }
  return [...out].sort();
}

/** The graph between units (folders and top files), test files aside. */
export function unitGraph(graph: Graph): Graph {
  const units = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (file.endsWith(".test.ts")) continue;
    const from = unitOf(file);
    const set = units.get(from) ?? new Set<string>();
    for (const t of targets) if (unitOf(t) !== from) set.add(unitOf(t));
    units.set(from, set);
  }
  return new Map([...units].map(([u, s]) => [u, [...s].sort()]));
}

describe("the folders of src/", () => {
  const { graph } = importGraph(SRC);

  test("no folder imports one ranked above it (but for the known list, which only shrinks)", () => {
    const upward = upwardImports(graph, RANKS);
    assert.deepEqual(
      upward.filter((u) => !KNOWN_UPWARD.includes(u)),
      [],
      "an upward import: move the shared piece down, or hand it in from above",
    );
    const stale = KNOWN_UPWARD.filter((k) => !upward.includes(k));
    assert.deepEqual(stale, [], "an exception that no longer happens: take it off the list");
  });

  test("the graph of imports between folders has no cycle", () => {
    const withoutKnown = new Map(
      [...graph].map(([file, targets]) => [
        file,
        targets.filter((t) => !KNOWN_UPWARD.includes(`${unitOf(file)} -> ${t}`)),
      ]),
    );
    assert.deepEqual(
      findCycles(unitGraph(withoutKnown)).map((c) => c.loop.join(" -> ")),
      [],
    );
  });

  test("the rank check finds an upward import it is shown", () => {
    const g: Graph = new Map([
      ["db/queries/x.ts", ["domain/y.ts"]],
      ["domain/y.ts", ["db/db.ts"]],
      ["db/db.ts", []],
    ]);
    assert.deepEqual(upwardImports(g, RANKS), ["db -> domain/y.ts"]);
    assert.deepEqual(
      findCycles(unitGraph(g)).map((c) => c.files),
      [["db", "domain"]],
    );
  });
});

describe("the import graph of src/", () => {
  const { graph, unresolved } = importGraph(SRC);

  test("is read in full: every relative import resolves to a file, and known edges are seen", () => {
    assert.deepEqual(unresolved, []);
    assert.ok(graph.size > 100, `${graph.size} files`);
    assert.ok(graph.get("service.ts")?.includes("http/app.ts"));
    assert.ok(graph.get("cli/main.ts")?.includes("main.ts"), "a dynamic import is an edge");
  });

  test("no file of the HTTP, web-page or MCP front doors imports the database layer (src/db)", () => {
    const offending = [...graph]
      .filter(([file]) => ["http/", "web/", "mcp/"].some((door) => file.startsWith(door)))
      .flatMap(([file, targets]) =>
        targets.filter((t) => t.startsWith("db/")).map((t) => `${file} -> ${t}`),
      );
    assert.deepEqual(offending, [], "front doors reach the database through src/domain");
  });

  test("has no import cycle", () => {
    const cycles = findCycles(graph).map(
      (c) =>
        `${c.loop.join(" -> ")} (the loop's files, with all tangled with them: ${c.files.join(", ")})`,
    );
    assert.deepEqual(cycles, []);
  });

  test("the cycle finder names a loop it is shown, and passes a graph without one", () => {
    const loop: Graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "d.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    assert.deepEqual(
      findCycles(loop)
        .map((c) => c.loop.join(" -> "))
        .sort(),
      ["a.ts -> b.ts -> c.ts -> a.ts", "e.ts -> e.ts"],
    );
    const tree: Graph = new Map([
      ["a.ts", ["b.ts", "c.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", []],
    ]);
    assert.deepEqual(findCycles(tree), []);
  });
});
