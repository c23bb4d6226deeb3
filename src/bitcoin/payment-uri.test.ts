import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  buildPaymentUri,
  formatBtc,
  formatBtcCompact,
  MAX_SATS,
  parseBtcToSats,
} from "./payment-uri.ts";

const ADDR = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const sats = fc.oneof(
  fc.bigInt({ min: 1n, max: BigInt(MAX_SATS) }).map(Number),
  fc.integer({ min: 1, max: 10_000 }),
  fc.integer({ min: 1, max: 21_000_000 }).map((btc) => btc * 100_000_000),
);

// A deliberately small BIP21 reader, independent of the builder: split on ? & = only.
function params(uri: string): Map<string, string> {
  const query = uri.split("?")[1] ?? "";
  const out = new Map<string, string>();
  for (const pair of query.split("&").filter(Boolean)) {
    const [k = "", v = ""] = pair.split("=");
    assert.ok(!out.has(k), `parameter ${k} repeated`);
    out.set(k, v);
  }
  return out;
}

describe("amount text", () => {
  test("formatBtc always has exactly 8 decimals", () => {
    assert.equal(formatBtc(28571), "0.00028571");
    assert.equal(formatBtc(0), "0.00000000");
    assert.equal(formatBtc(100_000_000), "1.00000000");
    assert.equal(formatBtc(MAX_SATS), "21000000.00000000");
  });

  test("the URI amount is the shortest exact decimal", () => {
    assert.equal(formatBtcCompact(28571), "0.00028571");
    assert.equal(formatBtcCompact(100_000_000), "1");
    assert.equal(formatBtcCompact(150_000_000), "1.5");
    assert.equal(formatBtcCompact(10), "0.0000001");
  });

  test("non-integer, negative or above-supply satoshis are refused", () => {
    for (const bad of [-1, 1.5, Number.NaN, MAX_SATS + 1, 2 ** 53]) {
      assert.throws(() => formatBtc(bad), RangeError);
    }
  });

  test("parseBtcToSats is exact and refuses floats' spellings and sub-satoshi precision", () => {
    assert.equal(parseBtcToSats("0.00028571"), 28571);
    assert.equal(parseBtcToSats("50"), 5_000_000_000);
    assert.equal(parseBtcToSats("50.00"), 5_000_000_000);
    assert.equal(parseBtcToSats("1."), 100_000_000);
    assert.equal(parseBtcToSats(".5"), 50_000_000);
    assert.equal(parseBtcToSats("0.000000010"), 1, "trailing zeros beyond 8 places are harmless");
    assert.equal(parseBtcToSats("0.1"), 10_000_000, "no 0.1 float error");
    for (const bad of ["", ".", "1e-7", "-1", "+1", "1,5", "50,000.00", "0.000000001", " 1"]) {
      assert.equal(parseBtcToSats(bad), undefined, bad);
    }
    assert.equal(parseBtcToSats("21000000.00000001"), undefined, "above supply");
  });

  test("property: formatBtc and the compact form both parse back to the same satoshis", () => {
    fc.assert(
      fc.property(sats, (s) => {
        assert.equal(parseBtcToSats(formatBtc(s)), s);
        assert.equal(parseBtcToSats(formatBtcCompact(s)), s);
      }),
    );
  });
});

describe("buildPaymentUri", () => {
  test("builds address, amount, label and message in BIP21 form", () => {
    assert.equal(buildPaymentUri({ address: ADDR }), `bitcoin:${ADDR}`);
    assert.equal(
      buildPaymentUri({
        address: ADDR,
        amountSats: 28571,
        label: "Loja Tostão",
        message: "Pedido #42",
      }),
      `bitcoin:${ADDR}?amount=0.00028571&label=Loja%20Tost%C3%A3o&message=Pedido%20%2342`,
    );
  });

  test("the address is kept exactly as given", () => {
    const upper = ADDR.toUpperCase();
    assert.equal(
      buildPaymentUri({ address: upper, amountSats: 1 }),
      `bitcoin:${upper}?amount=0.00000001`,
    );
  });

  test("RFC 3986 reserved characters that encodeURIComponent leaves are escaped too", () => {
    const uri = buildPaymentUri({ address: ADDR, label: "a!b'c(d)e*f&g=h+i j" });
    assert.equal(params(uri).get("label"), "a%21b%27c%28d%29e%2Af%26g%3Dh%2Bi%20j");
  });

  test("bad addresses and amounts are refused", () => {
    assert.throws(() => buildPaymentUri({ address: `${ADDR}?amount=1` }), RangeError);
    assert.throws(() => buildPaymentUri({ address: "" }), RangeError);
    assert.throws(() => buildPaymentUri({ address: ADDR, amountSats: 0 }), RangeError);
    assert.throws(() => buildPaymentUri({ address: ADDR, amountSats: 0.5 }), RangeError);
  });

  test("property: the URI amount parses back to exactly the satoshis and never has an exponent", () => {
    fc.assert(
      fc.property(sats, (s) => {
        const uri = buildPaymentUri({ address: ADDR, amountSats: s });
        assert.ok(!/e/i.test(uri.split("?")[1] ?? ""), uri);
        assert.equal(parseBtcToSats(params(uri).get("amount") ?? ""), s);
      }),
      { numRuns: 2000 },
    );
  });

  test("property: label and message round-trip through decodeURIComponent", () => {
    const text = fc.string({ unit: "grapheme", minLength: 1 });
    fc.assert(
      fc.property(text, text, (label, message) => {
        const p = params(buildPaymentUri({ address: ADDR, amountSats: 1000, label, message }));
        assert.equal(decodeURIComponent(p.get("label") ?? ""), label);
        assert.equal(decodeURIComponent(p.get("message") ?? ""), message);
        assert.match(p.get("label") ?? "", /^[A-Za-z0-9\-._~%]*$/, "only unreserved or %XX");
      }),
    );
  });

  test("property: any string, even with lone surrogates, encodes without throwing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (label) => {
        const p = params(buildPaymentUri({ address: ADDR, label }));
        decodeURIComponent(p.get("label") ?? "");
      }),
    );
  });
});
