import assert from "node:assert/strict";
import { test } from "node:test";
import { STATUS_BY_CODE } from "../domain/errors.ts";
import { RETRY_DELAYS_MS } from "../domain/webhooks/retry-schedule.ts";
import { retrySchedule } from "./manifest.ts";
import { errorStatuses } from "./openapi-errors.ts";

// The documents state the retry schedule and the error statuses in words; both are written from
// the code's own tables, so reading the words back must give the tables again.

test("the manifest's retry schedule reads back as the delivery worker's delays", () => {
  const [first, ...rest] = retrySchedule().split(", ");
  assert.equal(first, "at once");
  const unit: Record<string, number> = { s: 1000, min: 60_000, h: 3_600_000 };
  const back = rest.map((w) => {
    const [n, u] = w.split(" ");
    return Number(n) * (unit[u ?? ""] ?? Number.NaN);
  });
  assert.deepEqual(back, [...RETRY_DELAYS_MS]);
});

test("OpenAPI's error statuses are the error table's, 5xx folded into one", () => {
  const listed = errorStatuses().split(", ");
  const table = new Set(Object.values(STATUS_BY_CODE));
  assert.deepEqual(
    listed.filter((s) => s !== "5xx").map(Number),
    [...table].filter((s) => s < 500).sort((a, b) => a - b),
  );
  assert.equal(listed.at(-1), "5xx");
});
