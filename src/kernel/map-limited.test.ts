import assert from "node:assert/strict";
import { test } from "node:test";
import { mapLimited } from "./map-limited.ts";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("mapLimited keeps the items' order and never runs more than n calls at once", async () => {
  let running = 0;
  let most = 0;
  const out = await mapLimited([5, 1, 4, 2, 3, 0], 2, async (x) => {
    running++;
    most = Math.max(most, running);
    await tick(x);
    running--;
    return x * 10;
  });
  assert.deepEqual(out, [50, 10, 40, 20, 30, 0]);
  assert.equal(most, 2);
});

test("after a failure mapLimited starts no further call and throws once every started call has ended", async () => {
  const started: number[] = [];
  const ended: number[] = [];
  await assert.rejects(
    mapLimited([0, 1, 2, 3, 4, 5], 2, async (x) => {
      started.push(x);
      await tick(x === 0 ? 1 : 20);
      ended.push(x);
      if (x === 0) throw new Error("boom");
    }),
    /boom/,
  );
  // 0 fails first; 1 was already running and is awaited; nothing after it starts.
  assert.deepEqual(started, [0, 1]);
  assert.deepEqual(ended.sort(), [0, 1]);
});
