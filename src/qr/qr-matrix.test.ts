import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { describe, it } from "node:test";
import fc from "fast-check";
import QRCode, { type QRCodeSegment } from "qrcode";
import { ALPHANUMERIC, NUMERIC } from "./qr-encode.ts";
import { encodeQrMatrix, type QrMatrix } from "./qr-matrix.ts";
import { maskedPenalty, packLines, penalty } from "./qr-penalty.ts";

// Our encoder is only worth having if it is exact, so these tests hold it to the `qrcode`
// package module for module: same segments in, same version, mask and symbol out.

const BR_CODE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 300,
});

function asQrcodeSegments(text: string, m: QrMatrix): QRCodeSegment[] {
  const bytes = Buffer.from(text, "utf8");
  return m.segments.map(({ mode, start, end }) => {
    const data = bytes.subarray(start, end);
    if (mode === NUMERIC) return { mode: "numeric", data: data.toString("latin1") };
    if (mode === ALPHANUMERIC) return { mode: "alphanumeric", data: data.toString("latin1") };
    return { mode: "byte", data };
  });
}

function assertSameAsQrcode(text: string): void {
  const ours = encodeQrMatrix(text);
  const theirs = QRCode.create(asQrcodeSegments(text, ours), { errorCorrectionLevel: "M" });
  assert.equal(ours.version, theirs.version, "version");
  assert.equal(ours.mask, theirs.maskPattern, "mask");
  assert.equal(ours.size, theirs.modules.size, "size");
  assert.deepEqual(Buffer.from(ours.modules), Buffer.from(theirs.modules.data), "modules");
}

describe("encodeQrMatrix is exact", () => {
  it("matches qrcode for a BR Code and a bitcoin URI", () => {
    assertSameAsQrcode(BR_CODE);
    assertSameAsQrcode("bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00123");
  });

  it("matches qrcode for random printable ASCII", () => {
    fc.assert(fc.property(printable, assertSameAsQrcode), { numRuns: 300 });
  });

  it("matches qrcode for texts mixing digits, upper case and other bytes", () => {
    // Long digit and alphanumeric runs make the segmentation switch modes often.
    const unit = fc.constantFrom("0", "7", "A", "Z", " ", "$", ":", "a", "é", "~");
    fc.assert(fc.property(fc.string({ unit, minLength: 1, maxLength: 400 }), assertSameAsQrcode), {
      numRuns: 200,
    });
  });

  it("matches qrcode for non-ASCII text encoded as UTF-8", () => {
    assertSameAsQrcode("Pagamento para João Ação — 日本 😀 R$ 12,34");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 80 }), assertSameAsQrcode),
    );
  });

  it("matches qrcode in every count-field group, up to version 40", () => {
    for (const length of [400, 1200, 2331]) assertSameAsQrcode("x".repeat(length));
    assertSameAsQrcode("9".repeat(5596));
    assert.equal(encodeQrMatrix("9".repeat(5596)).version, 40);
  });

  it("never needs a larger version than qrcode's own segmentation", () => {
    fc.assert(
      fc.property(printable, (text) => {
        const auto = QRCode.create(text, { errorCorrectionLevel: "M" });
        assert.ok(encodeQrMatrix(text).version <= auto.version);
      }),
      { numRuns: 200 },
    );
    assert.equal(encodeQrMatrix(BR_CODE).version, 7);
  });

  it("rejects empty and oversized texts with RangeError", () => {
    assert.throws(() => encodeQrMatrix(""), RangeError);
    assert.throws(() => encodeQrMatrix("x".repeat(2332)), RangeError);
    assert.throws(() => encodeQrMatrix("9".repeat(5597)), RangeError);
  });
});

// qrcode's penalty rules, loaded from inside the package (they are not part of its typed API).
interface MaskRules {
  getPenaltyN1(m: GridView): number;
  getPenaltyN2(m: GridView): number;
  getPenaltyN3(m: GridView): number;
  getPenaltyN4(m: GridView): number;
}
interface GridView {
  size: number;
  data: Uint8Array;
  get(row: number, col: number): number;
}
const rules = createRequire(import.meta.url)("qrcode/lib/core/mask-pattern.js") as MaskRules;

function qrcodePenalty(size: number, data: Uint8Array): number {
  const view: GridView = { size, data, get: (r, c) => data[r * size + c] ?? 0 };
  return (
    rules.getPenaltyN1(view) +
    rules.getPenaltyN2(view) +
    rules.getPenaltyN3(view) +
    rules.getPenaltyN4(view)
  );
}

describe("bit-packed penalty", () => {
  it("equals qrcode's penalty on arbitrary grids of every symbol size", () => {
    // fast-check biases integers towards extremes, which here would mean nearly uniform grids;
    // noBias gives real noise, and the densities make long runs and finder-like windows common.
    const grid = fc
      .tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom(0.2, 0.5, 0.8))
      .chain(([version, density]) => {
        const size = version * 4 + 17;
        return fc
          .noBias(fc.uint8Array({ minLength: size * size, maxLength: size * size }))
          .map((bytes) => ({ size, data: bytes.map((b) => (b / 256 < density ? 1 : 0)) }));
      });
    fc.assert(
      fc.property(grid, ({ size, data }) => {
        assert.equal(penalty(packLines(data, size), size), qrcodePenalty(size, data));
      }),
      { numRuns: 200 },
    );
  });

  it("scores a grid XOR a mask the same as the masked grid itself", () => {
    const grids = fc.integer({ min: 1, max: 12 }).chain((version) => {
      const size = version * 4 + 17;
      const bits = fc.noBias(fc.uint8Array({ minLength: size * size, maxLength: size * size }));
      return fc.tuple(fc.constant(size), bits, bits);
    });
    fc.assert(
      fc.property(grids, ([size, a, b]) => {
        const grid = a.map((v) => v & 1);
        const mask = b.map((v) => v & 1);
        const masked = grid.map((v, i) => v ^ (mask[i] as number));
        assert.equal(
          maskedPenalty(packLines(grid, size), packLines(mask, size), size),
          penalty(packLines(masked, size), size),
        );
      }),
      { numRuns: 100 },
    );
  });

  it("stops scoring at a bound without changing which mask is lowest", () => {
    // With stopAt, a score under the bound is exact and one at or over it never undercuts it, so
    // mask selection that passes the best score so far picks what full scoring would pick.
    const cases = fc.integer({ min: 1, max: 10 }).chain((version) => {
      const size = version * 4 + 17;
      const bits = fc.noBias(fc.uint8Array({ minLength: size * size, maxLength: size * size }));
      return fc.tuple(fc.constant(size), bits, bits, fc.integer({ min: 0, max: 3000 }));
    });
    fc.assert(
      fc.property(cases, ([size, a, b, stopAt]) => {
        const lines = packLines(
          a.map((v) => v & 1),
          size,
        );
        const overlay = packLines(
          b.map((v) => v & 1),
          size,
        );
        const full = maskedPenalty(lines, overlay, size);
        const bounded = maskedPenalty(lines, overlay, size, stopAt);
        if (full < stopAt) assert.equal(bounded, full);
        else assert.ok(bounded >= stopAt && bounded <= full, `${bounded} vs ${full} at ${stopAt}`);
      }),
      { numRuns: 200 },
    );
  });

  it("counts finder-like windows at the very start and end of a line", () => {
    const size = 21;
    const data = new Uint8Array(size * size);
    // Row 0: 10111010000 starting at column 0; row 1: 00001011101 ending at column 20.
    [1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0].forEach((b, i) => {
      data[i] = b;
      data[size + size - 11 + i] = [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1][i] ?? 0;
    });
    assert.equal(penalty(packLines(data, size), size), qrcodePenalty(size, data));
  });
});
