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
