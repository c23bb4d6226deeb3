import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { applyHeapGrowth } from "./heap-growth.ts";

const run = promisify(execFile);
const HEAP_GROWTH = fileURLToPath(new URL("./heap-growth.ts", import.meta.url));

// A process shaped like the billing day: a live heap (~20 MB) that stays, and objects kept
// across tens of MB of short-lived garbage, so they are promoted to the old generation and then
// dropped. Its peak heap is how far V8 let the old generation grow before collecting it.
const CHURN = `
import { applyHeapGrowth } from ${JSON.stringify(HEAP_GROWTH)};
applyHeapGrowth(Number(process.argv[1]));
const live = Array.from({ length: 200_000 }, (_, i) => ({ i, s: "x" + i }));
const tmp = new Array(1024);
let kept = [];
let peak = 0;
for (let round = 0; round < 40; round++) {
  kept = Array.from({ length: 50_000 }, (_, j) => ({ j, a: [j] }));
  for (let k = 0; k < 1_500_000; k++) tmp[k & 1023] = { k };
  peak = Math.max(peak, process.memoryUsage().heapUsed);
}
console.log(JSON.stringify({ peak, n: live.length + kept.length }));
`;

async function peakHeap(percent: number): Promise<number> {
  const { stdout } = await run(process.execPath, [
    "--import",
    "tsx",
    "--input-type=module",
    "-e",
    CHURN,
    String(percent),
  ]);
  return (JSON.parse(stdout) as { peak: number }).peak;
}

describe("the service's heap growth setting", () => {
  it("keeps the old generation nearer the live heap than V8's own factor does", async () => {
    const [own, capped] = await Promise.all([peakHeap(0), peakHeap(25)]);
    assert.ok(
      capped < own * 0.8,
      `peak heap ${(capped / 1e6).toFixed(0)} MB at 25 %, ${(own / 1e6).toFixed(0)} MB with V8's own`,
    );
  });

  it("takes only a whole, non-negative percent", () => {
    for (const bad of [-1, 1.5, Number.NaN]) assert.throws(() => applyHeapGrowth(bad), RangeError);
    applyHeapGrowth(0); // V8's own: nothing is set
  });
});
