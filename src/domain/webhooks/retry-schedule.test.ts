import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { MAX_ATTEMPTS, nextDelayMs, parseRetryAfter, RETRY_DELAYS_MS } from "./retry-schedule.ts";

test("the schedule is the contract's: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then give up", () => {
  assert.deepEqual(
    RETRY_DELAYS_MS.map((ms) => ms / 1000),
    [5, 300, 1800, 7200, 18000, 36000, 36000],
  );
  assert.equal(MAX_ATTEMPTS, 8);
  assert.equal(nextDelayMs(8, 0.5), undefined);
  const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000;
  assert.ok(total > 27 && total < 29, `about 28 h in all, got ${total}`);
});

test("jittered delays stay within 10 % of the schedule and never shrink from one retry to the next", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 7 }),
      fc.double({ min: 0, max: 0.999999, noNaN: true }),
      (n, j) => {
        const d = nextDelayMs(n, j);
        const base = RETRY_DELAYS_MS[n - 1] ?? 0;
        assert.ok(d !== undefined && d >= base * 0.9 - 1 && d <= base * 1.1 + 1);
        if (n < 7) assert.ok((nextDelayMs(n + 1, 0) ?? 0) >= (nextDelayMs(n, 0) ?? 0));
      },
    ),
  );
});

test("Retry-After is honoured: never earlier than asked, capped at a day", () => {
  assert.equal(nextDelayMs(1, 0.5, 60_000), 60_000);
  assert.equal(nextDelayMs(1, 0.5, 1_000), 5_000);
  assert.equal(nextDelayMs(1, 0.5, 10 * 24 * 3_600_000), 24 * 3_600_000);
  const now = new Date("2026-11-22T10:00:00.000Z");
  assert.equal(parseRetryAfter("120", now), 120_000);
  assert.equal(parseRetryAfter("Sun, 22 Nov 2026 10:01:00 GMT", now), 60_000);
  assert.equal(parseRetryAfter("soon", now), undefined);
  assert.equal(parseRetryAfter(undefined, now), undefined);
});
