import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// The import graph of src/ and what test/architecture.test.ts asks of it: its cycles, the imports
// that go up a ranking, the graph between folders. Imports are read with regular expressions, so
// this needs no parser. Run alone, it prints the graph between src/domain's folders by value
// imports, and its cycles (`npx tsx test/helpers/import-graph.ts`).

const FROM = /\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g;
const BARE = /\bimport\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
/** `import type … from` and `export type … from`: erased when the code runs. */
const TYPE_ONLY = /\b(?:import|export)\s+type\s[^;]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g;

export type Graph = Map<string, string[]>;

/**
 * Every .ts file under src/ (paths relative to src/, with /) and the src/ files it imports
 * (`graph`), and the same without the imports that are types only (`values`: what loads when
 * the code runs).
 */
export function importGraph(root: string): { graph: Graph; values: Graph; unresolved: string[] } {
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.split("\\").join("/"))
    .sort();
  const graph: Graph = new Map();
  const values: Graph = new Map();
  const unresolved: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    // How often each specifier is imported, and how often by a type-only statement: it is a
    // value import when some statement naming it is not type-only.
    const all = new Map<string, number>();
    const typeOnly = new Map<string, number>();
    for (const re of [FROM, BARE]) {
      for (const m of text.matchAll(re)) all.set(m[1] ?? "", (all.get(m[1] ?? "") ?? 0) + 1);
    }
    for (const m of text.matchAll(TYPE_ONLY)) {
      typeOnly.set(m[1] ?? "", (typeOnly.get(m[1] ?? "") ?? 0) + 1);
    }
    const targets = new Set<string>();
    const valueTargets = new Set<string>();
    for (const [spec, n] of all) {
      const abs = resolve(root, dirname(file), spec);
      const found = [abs, `${abs}.ts`, join(abs, "index.ts")].find(
        (p) => existsSync(p) && p.endsWith(".ts"),
      );
      if (!found) {
        unresolved.push(`${file}: ${spec}`);
        continue;
      }
      const rel = relative(root, found).split("\\").join("/");
      if (rel.startsWith("..")) continue;
      targets.add(rel);
      if (n > (typeOnly.get(spec) ?? 0)) valueTargets.add(rel);
    }
    graph.set(file, [...targets].sort());
    values.set(file, [...valueTargets].sort());
  }
  return { graph, values, unresolved };
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

/** The unit a file belongs to in a ranking, or undefined for a file the ranking leaves out. */
export type UnitOf = (file: string) => string | undefined;

/** src/'s top level: a folder, or a file at the top. */
export const topUnitOf: UnitOf = (file) =>
  file.includes("/") ? (file.split("/")[0] ?? file) : file;

/** src/domain's sub-folders; its own top files are one unit, "*.ts". Other files: undefined. */
export const domainUnitOf: UnitOf = (file) => {
  if (!file.startsWith("domain/")) return undefined;
  const rest = file.slice("domain/".length);
  return rest.includes("/") ? (rest.split("/")[0] ?? rest) : "*.ts";
};

/**
 * The imports from a unit to a unit ranked above it, as "unit -> file", test files aside. An
 * import from or to a file the ranking leaves out is not looked at.
 */
export function upwardImports(
  graph: Graph,
  ranks: Record<string, number>,
  unitOf: UnitOf = topUnitOf,
): string[] {
  const out = new Set<string>();
  for (const [file, targets] of graph) {
    const from = unitOf(file);
    if (file.endsWith(".test.ts") || from === undefined) continue;
    for (const t of targets) {
      const to = unitOf(t);
      if (to === undefined) continue;
      const a = ranks[from];
      const b = ranks[to];
      if (a === undefined || b === undefined) {
        out.add(`${from} -> ${t} (unranked: give the folder a rank)`);
      } else if (b > a) {
        out.add(`${from} -> ${t}`);
      }
    }
  }
  return [...out].sort();
}

/** The graph between units (folders and top files), test files aside. */
export function unitGraph(graph: Graph, unitOf: UnitOf = topUnitOf): Graph {
  const units = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = unitOf(file);
    if (file.endsWith(".test.ts") || from === undefined) continue;
    const set = units.get(from) ?? new Set<string>();
    for (const t of targets) {
      const to = unitOf(t);
      if (to !== undefined && to !== from) set.add(to);
    }
    units.set(from, set);
  }
  return new Map([...units].map(([u, s]) => [u, [...s].sort()]));
}

// Run alone: the domain's folder graph by value imports (with how many imports make each edge)
// and its cycles, then the cycles when type-only imports count too.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { graph, values } = importGraph(resolve(import.meta.dirname, "../../src"));
  const folders = unitGraph(values, domainUnitOf);
  const weight = (from: string, to: string) =>
    [...values].filter(
      ([f, ts]) =>
        !f.endsWith(".test.ts") &&
        domainUnitOf(f) === from &&
        ts.some((t) => domainUnitOf(t) === to),
    ).length;
  const edges = [...folders].flatMap(([from, tos]) => tos.map((to) => [from, to] as const));
  console.log(`${folders.size} units (sub-folders, and "*.ts" for the files at the top)`);
  console.log(`${edges.length} edges between them by value imports:`);
  for (const [from, to] of edges) {
    const n = weight(from, to);
    console.log(`  ${from} -> ${to} (${n} file${n === 1 ? "" : "s"})`);
  }
  const show = (g: Graph) =>
    findCycles(g).map((c) => `  ${c.files.length} folders: ${c.loop.join(" -> ")}`);
  const byValue = show(folders);
  const byAll = show(unitGraph(graph, domainUnitOf));
  console.log(`${byValue.length} cycles by value imports${byValue.length ? ":" : ""}`);
  for (const line of byValue) console.log(line);
  console.log(`${byAll.length} cycles counting type-only imports too${byAll.length ? ":" : ""}`);
  for (const line of byAll) console.log(line);
}
