import assert from "node:assert/strict";
import { test } from "node:test";
import { type BatcherOptions, createBatcher } from "./write-batcher.ts";

type Item = { id: number; key?: string; bad?: boolean };

/** A batcher whose statements the test completes by hand, recording every batch it was given. */
function harness(opts: Partial<BatcherOptions<Item, string>> = {}) {
  const batches: number[][] = [];
  const open: Array<() => void> = [];
  const batcher = createBatcher<Item, string>({
    maxInFlight: 4,
    maxBatch: 64,
    overlapAt: 32,
    conflictKey: (item) => item.key,
    run: (items) => {
      batches.push(items.map((i) => i.id));
      return new Promise((resolve, reject) => {
        open.push(() =>
          items.some((i) => i.bad)
            ? reject(new Error("bad item"))
            : resolve(items.map((i) => `ok ${i.id}`)),
        );
      });
    },
    ...opts,
  });
  /** Completes the oldest running statement and lets its callbacks run. */
  const finishOne = async () => {
    open.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { batcher, batches, open, finishOne };
}

const settle = () => new Promise((r) => setImmediate(r));

test("an idle batcher sends a write at once, alone", async () => {
  const h = harness();
  const done = h.batcher.write({ id: 1 });
  assert.deepEqual(h.batches, [[1]]);
  await h.finishOne();
  assert.equal(await done, "ok 1");
});

test("writes that arrive while a statement runs go out together in the next one", async () => {
  const h = harness();
  const first = h.batcher.write({ id: 1 });
  const rest = [2, 3, 4, 5].map((id) => h.batcher.write({ id }));
  assert.deepEqual(h.batches, [[1]], "nothing else starts while one statement runs");
  await h.finishOne();
  assert.deepEqual(h.batches, [[1], [2, 3, 4, 5]]);
  await h.finishOne();
  assert.equal(await first, "ok 1");
  assert.deepEqual(await Promise.all(rest), ["ok 2", "ok 3", "ok 4", "ok 5"]);
});

test("no write is acknowledged before its statement completes", async () => {
  const h = harness();
  let acknowledged = false;
  void h.batcher.write({ id: 1 }).then(() => {
    acknowledged = true;
  });
  await settle();
  assert.equal(acknowledged, false);
  await h.finishOne();
  assert.equal(acknowledged, true);
});

test("a batch carries at most maxBatch writes", async () => {
  const h = harness({ maxBatch: 3, overlapAt: 100 });
  const all = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => h.batcher.write({ id }));
  await h.finishOne();
  await h.finishOne();
  await h.finishOne();
  await h.finishOne();
  assert.deepEqual(h.batches, [[1], [2, 3, 4], [5, 6, 7], [8]]);
  assert.equal((await Promise.all(all)).length, 8);
});

test("two writes with one conflict key never share a batch, and keep their order", async () => {
  const h = harness();
  void h.batcher.write({ id: 0 });
  const writes = [
    h.batcher.write({ id: 1, key: "k" }),
    h.batcher.write({ id: 2, key: "k" }),
    h.batcher.write({ id: 3, key: "other" }),
    h.batcher.write({ id: 4 }),
  ];
  await h.finishOne();
  assert.deepEqual(h.batches[1], [1, 3, 4]);
  await h.finishOne();
  assert.deepEqual(h.batches[2], [2]);
  await h.finishOne();
  assert.equal((await Promise.all(writes)).length, 4);
});

test("a failed batch retries its writes alone: only the bad one fails", async () => {
  const h = harness();
  void h.batcher.write({ id: 0 });
  const good = h.batcher.write({ id: 1 });
  const bad = h.batcher.write({ id: 2, bad: true });
  bad.catch(() => {}); // asserted below, after the statements complete
  const good2 = h.batcher.write({ id: 3 });
  await h.finishOne(); // the first statement
  await h.finishOne(); // the batch [1, 2, 3] fails
  // Each write retried alone, one statement at a time.
  while (h.open.length > 0) {
    assert.equal(h.open.length, 1);
    await h.finishOne();
  }
  assert.deepEqual(h.batches.slice(1), [[1, 2, 3], [1], [2], [3]]);
  assert.equal(await good, "ok 1");
  assert.equal(await good2, "ok 3");
  await assert.rejects(bad, /bad item/);
});

test("a further statement starts only once overlapAt writes wait, up to maxInFlight", async () => {
  const h = harness({ maxInFlight: 2, overlapAt: 3 });
  void h.batcher.write({ id: 1 });
  void h.batcher.write({ id: 2 });
  void h.batcher.write({ id: 3 });
  assert.equal(h.batcher.inFlight(), 1, "two waiting writes do not open a second statement");
  void h.batcher.write({ id: 4 });
  assert.equal(h.batcher.inFlight(), 2, "the third waiting write does");
  assert.deepEqual(h.batches, [[1], [2, 3, 4]]);
  for (let id = 5; id < 12; id++) void h.batcher.write({ id });
  assert.equal(h.batcher.inFlight(), 2, "never more than maxInFlight");
  while (h.open.length > 0) await h.finishOne();
  assert.equal(h.batches.flat().length, 11);
});
