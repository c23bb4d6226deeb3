import assert from "node:assert/strict";
import { test } from "node:test";
import { STATUS_BY_CODE } from "./errors.ts";

test("the error table uses exactly the spec's statuses plus the contract's 409, 413, 415, 502 and 503", () => {
  // Spec, Errors: 400 401 403 404 422 429 5xx. Contract: 409 (key in flight); issue 2: 413, 415;
  // issue 12: 502 when the merchant's PSP fails (a 5xx the spec allows).
  const spec = [400, 401, 403, 404, 422, 429, 500];
  const extra = [409, 413, 415, 502, 503];
  assert.deepEqual([...new Set(Object.values(STATUS_BY_CODE))].sort(), [...spec, ...extra].sort());
  assert.equal(STATUS_BY_CODE.UNAUTHENTICATED, 401);
  assert.equal(STATUS_BY_CODE.FORBIDDEN, 403);
  assert.equal(STATUS_BY_CODE.BAD_REQUEST, 400);
  assert.equal(STATUS_BY_CODE.UNPROCESSABLE, 422);
  assert.equal(STATUS_BY_CODE.RATE_LIMITED, 429);
  assert.equal(STATUS_BY_CODE.NOT_FOUND, 404);
  assert.equal(STATUS_BY_CODE.BAD_GATEWAY, 502);
  // A PSP's 429 reaches our caller as 503 with Retry-After (psp-failure.ts).
  assert.equal(STATUS_BY_CODE.UNAVAILABLE, 503);
});
