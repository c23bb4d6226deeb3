import { readFileSync } from "node:fs";

// `npx tsx bench/heap-diff.ts before.heapsnapshot after.heapsnapshot`: what grew between two V8
// heap snapshots (written by `SOAK_HEAP_SNAPSHOTS=1 npm run soak`, or --heapsnapshot-signal):
// objects counted and their own sizes summed by constructor (or, for strings, code and the
// like, by kind), the largest growths first.

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

function summarise(file: string): Map<string, { count: number; bytes: number }> {
  const snap = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [iType, iName, iSize] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const out = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + (iType as number)] as number] ?? "?";
    const name = snap.strings[snap.nodes[i + (iName as number)] as number] ?? "?";
    const key = type === "object" || type === "closure" ? `${type} ${name}` : `(${type})`;
    const e = out.get(key) ?? { count: 0, bytes: 0 };
    e.count++;
    e.bytes += snap.nodes[i + (iSize as number)] as number;
    out.set(key, e);
  }
  return out;
}

const [a, b] = process.argv.slice(2);
if (!a || !b) throw new Error("usage: heap-diff.ts before.heapsnapshot after.heapsnapshot");
const before = summarise(a);
const after = summarise(b);
const total = (m: typeof before) => [...m.values()].reduce((s, e) => s + e.bytes, 0);
console.log(
  `heap: ${(total(before) / 1e6).toFixed(1)} MB -> ${(total(after) / 1e6).toFixed(1)} MB (live objects, self sizes)`,
);
const rows = [...after]
  .map(([k, e]) => {
    const o = before.get(k) ?? { count: 0, bytes: 0 };
    return { k, dCount: e.count - o.count, dBytes: e.bytes - o.bytes, bytes: e.bytes };
  })
  .sort((x, y) => y.dBytes - x.dBytes)
  .slice(0, 25);
for (const r of rows) {
  console.log(
    `${(r.dBytes / 1e3).toFixed(0).padStart(9)} kB ${String(r.dCount).padStart(8)} objects  (now ${(r.bytes / 1e6).toFixed(1)} MB)  ${r.k}`,
  );
}
