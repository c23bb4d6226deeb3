import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { brlToCents, centsToBrl, formatCents } from "./money.ts";

test("centavos survive the trip to a JSON number and back for every amount", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (cents) => {
      const wire = JSON.parse(JSON.stringify(centsToBrl(cents)));
      assert.equal(brlToCents(wire), cents);
    }),
  );
});

test("amounts with more than two decimals, exponents or negatives are refused", () => {
  for (const v of [0.001, 10.123, 1e-7, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) {
    assert.equal(brlToCents(v), undefined, String(v));
  }
  assert.equal(brlToCents(0.1 + 0.2), undefined, "0.30000000000000004 is not an amount");
  assert.equal(brlToCents(10.5), 1050);
  assert.equal(brlToCents(0.07), 7);
  assert.equal(formatCents(5), "0.05");
  assert.equal(formatCents(123456), "1234.56");
});
