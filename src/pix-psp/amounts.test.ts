import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { centsToValor, valorToCents } from "./amounts.ts";

describe("API Pix amounts <-> centavos, integer only", () => {
  test("formats centavos as the API's decimal string", () => {
    assert.equal(centsToValor(0), "0.00");
    assert.equal(centsToValor(7), "0.07");
    assert.equal(centsToValor(29), "0.29");
    assert.equal(centsToValor(1234), "12.34");
    assert.equal(centsToValor(999_999_999_999), "9999999999.99");
  });

  test("refuses what is not an amount in centavos", () => {
    for (const bad of [-1, 1.5, Number.NaN, 10_000_000_000_00]) {
      assert.throws(() => centsToValor(bad), RangeError);
    }
  });

  test("reads the PSP's strings, including the shapes seen in the wild", () => {
    assert.equal(valorToCents("37.00"), 3700);
    assert.equal(valorToCents("0.29"), 29); // a float would give 28.999…
    assert.equal(valorToCents("12.3"), 1230);
    assert.equal(valorToCents("12"), 1200);
    assert.equal(valorToCents("0012.30"), 1230);
    for (const bad of ["12.345", "1e3", "-1.00", "12,34", "", " ", "abc", 12.34, null]) {
      assert.equal(valorToCents(bad), undefined, String(bad));
    }
  });

  test("round-trips every amount exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (c) => {
        assert.equal(valorToCents(centsToValor(c)), c);
      }),
    );
  });
});
