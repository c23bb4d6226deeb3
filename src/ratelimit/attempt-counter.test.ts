import assert from "node:assert/strict";
import { test } from "node:test";
import { makeMemoryAttemptCounter, makeRedisAttemptCounter } from "./attempt-counter.ts";

test("a refunded attempt leaves the count, and a new window starts from zero", async () => {
  let t = 1_000_000;
  const c = makeMemoryAttemptCounter(() => t);
  const first = await c.take("k", 60);
  const second = await c.take("k", 60);
  assert.deepEqual([first.count, second.count], [1, 2]);
  await second.refund();
  await second.refund();
  assert.equal((await c.take("k", 60)).count, 2, "one refund per attempt");
  t += 60_000;
  const later = await c.take("k", 60);
  assert.equal(later.count, 1);
  await first.refund();
  assert.equal((await c.take("k", 60)).count, 2, "a refund from an old window changes nothing");
});

test("with Redis unreachable, attempts are counted in the process and each is reported", async () => {
  const reported: string[] = [];
  const c = makeRedisAttemptCounter("redis://127.0.0.1:1", {
    onFallback: (err) => reported.push(err.message),
  });
  try {
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await c.take("k", 900)).count);
    assert.deepEqual(counts, [1, 2, 3], "counted, not let through");
    assert.equal(reported.length, 3);
  } finally {
    await c.close();
  }
});

const REDIS_URL = process.env.REDIS_URL || undefined;
test("through Redis, a refund leaves the shared count and a second refund does nothing", {
  skip: REDIS_URL ? false : "REDIS_URL not set",
}, async () => {
  const prefix = `tostao:test:${process.pid}:${Date.now()}:`;
  const fellBack: string[] = [];
  const onFallback = (err: Error) => void fellBack.push(err.message);
  const a = makeRedisAttemptCounter(REDIS_URL ?? "", { prefix, onFallback });
  const b = makeRedisAttemptCounter(REDIS_URL ?? "", { prefix, onFallback });
  try {
    // Both connections up first: before that, an attempt is counted in the process.
    await new Promise((r) => setTimeout(r, 300));
    const first = await a.take("k", 900);
    const second = await b.take("k", 900);
    assert.deepEqual([first.count, second.count], [1, 2], "one count for both instances");
    await second.refund();
    await second.refund();
    assert.equal((await a.take("k", 900)).count, 2);
    assert.deepEqual(fellBack, []);
  } finally {
    await a.close();
    await b.close();
  }
});
