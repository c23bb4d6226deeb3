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
import { constants, PerformanceObserver } from "node:perf_hooks";
import { applyHeapGrowth } from ${JSON.stringify(HEAP_GROWTH)};
applyHeapGrowth(Number(process.argv[1]));
let majors = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
}).observe({ entryTypes: ["gc"] });
const live = Array.from({ length: 200_000 }, (_, i) => ({ i, s: "x" + i }));
const tmp = new Array(1024);
let kept = [];
let peak = 0;
for (let round = 0; round < 40; round++) {
  kept = Array.from({ length: 50_000 }, (_, j) => ({ j, a: [j] }));
  for (let k = 0; k < 1_500_000; k++) tmp[k & 1023] = { k };
  peak = Math.max(peak, process.memoryUsage().heapUsed);
}
// GC entries are delivered asynchronously: counted once they have arrived.
setTimeout(() => {
  console.log(JSON.stringify({ peak, majors, n: live.length + kept.length }));
  process.exit(0);
}, 50);
`;

async function churn(percent: number): Promise<{ peak: number; majors: number }> {
  const { stdout } = await run(process.execPath, [
    "--import",
    "tsx",
    "--input-type=module",
    "-e",
    CHURN,
    String(percent),
  ]);
  return JSON.parse(stdout) as { peak: number; majors: number };
}

describe("the service's heap growth setting", () => {
  it("keeps the old generation nearer the live heap than V8's own factor does", async () => {
    // The sign that fails without the setting: the heap peaks lower (under CI's load at most
    // 0.75 of V8's own, 0.3-0.7 on a quiet machine). The count of full collections is printed
    // but not asserted: on a quiet machine the capped run collects more often (5-8 against 2-3),
    // but on a machine loaded by other work V8's own run was seen collecting 17 times against 8
    // (its memory reducer runs on idle time), so that count says nothing about the setting.
    const [own, capped] = await Promise.all([churn(0), churn(25)]);
    const seen = `peak heap ${(capped.peak / 1e6).toFixed(0)} MB and ${capped.majors} full collections at 25 %, ${(own.peak / 1e6).toFixed(0)} MB and ${own.majors} with V8's own`;
    assert.ok(capped.peak < own.peak * 0.85, seen);
  });

  it("takes only a whole, non-negative percent", () => {
    for (const bad of [-1, 1.5, Number.NaN]) assert.throws(() => applyHeapGrowth(bad), RangeError);
    applyHeapGrowth(0); // V8's own: nothing is set
  });
});
