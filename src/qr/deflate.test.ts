import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as zlib from "node:zlib";
import fc from "fast-check";
import { adler32, ZlibWriter } from "./deflate.ts";
import { deflateRepeatedRows } from "./png-idat.ts";

// The hand-written deflate is only usable if every stream it writes is valid: zlib.inflateSync
// checks the block structure, the codes and the Adler-32, and must give back the exact input.

/** The scanlines deflateRepeatedRows stands for: per row 0 and the row, then Up rows of zeros. */
function expand(rows: Uint8Array, rowBytes: number, repeat: number): Buffer {
  const out: number[] = [];
  for (let start = 0; start < rows.length; start += rowBytes) {
    out.push(0, ...rows.subarray(start, start + rowBytes));
    for (let k = 1; k < repeat; k++) out.push(2, ...new Uint8Array(rowBytes));
  }
  return Buffer.from(out);
}

function assertRoundTrip(rows: Uint8Array, rowBytes: number, repeat: number): void {
  const inflated = zlib.inflateSync(deflateRepeatedRows(rows, rowBytes, repeat));
  assert.ok(inflated.equals(expand(rows, rowBytes, repeat)), "inflates to the scanlines");
}

// Rows shaped like a scaled QR code's: bytes from a small alphabet, often repeating the row above
// entirely or in part, with runs of white.
const qrLikeRows = fc
  .record({
    rowBytes: fc.integer({ min: 1, max: 64 }),
    count: fc.integer({ min: 1, max: 40 }),
    repeat: fc.integer({ min: 1, max: 16 }),
    seed: fc.noBias(fc.uint8Array({ minLength: 2000, maxLength: 2000 })),
  })
  .map(({ rowBytes, count, repeat, seed }) => {
    const alphabet = [0x00, 0xff, 0x0f, 0xf0, 0x3f, 0xc0];
    const rows = new Uint8Array(rowBytes * count);
    for (let i = 0; i < rows.length; i++) {
      const s = seed[i % seed.length] as number;
      const above = i >= rowBytes ? (rows[i - rowBytes] as number) : 0xff;
      // About half the bytes repeat the one above, some continue a run, the rest are random.
      rows[i] = s < 128 ? above : s < 160 ? (rows[i - 1] ?? 0xff) : (alphabet[s % 6] as number);
    }
    return { rows, rowBytes, repeat };
  });

// Arbitrary bytes in arbitrary row shapes, including rows too long for copies from the row above
// (a run of repeated rows longer than deflate's 32 KB window).
const randomRows = fc
  .record({
    rowBytes: fc.integer({ min: 1, max: 5000 }),
    count: fc.integer({ min: 0, max: 6 }),
    repeat: fc.integer({ min: 1, max: 12 }),
  })
  .chain(({ rowBytes, count, repeat }) =>
    fc
      .uint8Array({ minLength: rowBytes * count, maxLength: rowBytes * count })
      .map((rows) => ({ rows, rowBytes, repeat })),
  );

describe("deflateRepeatedRows", () => {
  it("inflates back to the exact scanlines for QR-like rows", () => {
    fc.assert(
      fc.property(qrLikeRows, ({ rows, rowBytes, repeat }) =>
        assertRoundTrip(rows, rowBytes, repeat),
      ),
      { numRuns: 300 },
    );
  });

  it("inflates back to the exact scanlines for random bytes", () => {
    fc.assert(
      fc.property(randomRows, ({ rows, rowBytes, repeat }) =>
        assertRoundTrip(rows, rowBytes, repeat),
      ),
      { numRuns: 150 },
    );
  });

  it("handles the smallest shapes and no rows at all", () => {
    for (const [rowBytes, repeat] of [
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 2],
      [3, 1],
    ] as const) {
      assertRoundTrip(Uint8Array.of(0xff, 0x00, 0x00, 0xff, 0xff, 0xff), rowBytes, repeat);
      assertRoundTrip(new Uint8Array(0), rowBytes, repeat);
    }
  });

  it("rejects partial rows and non-positive shapes", () => {
    assert.throws(() => deflateRepeatedRows(new Uint8Array(5), 2, 1), RangeError);
    assert.throws(() => deflateRepeatedRows(new Uint8Array(4), 0, 1), RangeError);
    assert.throws(() => deflateRepeatedRows(new Uint8Array(4), 2, 0), RangeError);
  });
});

// A random sequence of writer calls, replayed into a plain array to know what must come out.
type Op =
  | { kind: "literal"; byte: number }
  | { kind: "span"; from: number; length: number }
  | { kind: "copy"; length: number; back: number };

const ops: fc.Arbitrary<Op[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("literal" as const), byte: fc.integer({ min: 0, max: 255 }) }),
    fc.record({
      kind: fc.constant("span" as const),
      from: fc.nat(),
      length: fc.integer({ min: 0, max: 300 }),
    }),
    fc.record({
      kind: fc.constant("copy" as const),
      length: fc.integer({ min: 3, max: 1200 }),
      back: fc.nat(),
    }),
  ),
  { maxLength: 60 },
);

describe("ZlibWriter", () => {
  it("writes literals, spans and copies (long, overlapping, far) that inflate exactly", () => {
    const source = Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24);
    const writer = new ZlibWriter();
    fc.assert(
      fc.property(ops, (list) => {
        writer.reset(source);
        const expected: number[] = [];
        for (const op of list) {
          if (op.kind === "literal") {
            writer.literal(op.byte);
            expected.push(op.byte);
          } else if (op.kind === "span") {
            const from = op.from % source.length;
            const to = Math.min(source.length, from + op.length);
            writer.literals(from, to);
            expected.push(...source.subarray(from, to));
          } else if (expected.length > 0) {
            const distance = 1 + (op.back % Math.min(expected.length, 32768));
            writer.copy(op.length, distance);
            for (let k = 0; k < op.length; k++) {
              expected.push(expected[expected.length - distance] as number);
            }
          }
        }
        const data = Uint8Array.from(expected);
        const out = writer.finish(adler32(data));
        assert.ok(zlib.inflateSync(out).equals(data));
      }),
      { numRuns: 300 },
    );
  });

  it("limits code lengths when symbol counts would make the tree deeper than 15", () => {
    // Fibonacci counts give the deepest possible Huffman tree: 25 symbols would need 24 bits.
    const data: number[] = [];
    for (let symbol = 0, a = 1, b = 1; symbol < 25; symbol++, [a, b] = [b, a + b]) {
      for (let k = 0; k < a; k++) data.push(symbol * 7);
    }
    const source = Uint8Array.from(data);
    const writer = new ZlibWriter();
    writer.reset(source);
    writer.literals(0, source.length);
    assert.ok(zlib.inflateSync(writer.finish(adler32(source))).equals(source));
  });

  it("rejects copies from before the stream and spans outside the source", () => {
    const writer = new ZlibWriter();
    writer.reset(new Uint8Array(10));
    writer.literals(0, 4);
    assert.throws(() => writer.copy(3, 5), RangeError);
    assert.throws(() => writer.copy(2, 1), RangeError);
    assert.throws(() => writer.literals(8, 11), RangeError);
  });
});

describe("adler32", () => {
  it("matches the reference value and continues from a previous checksum", () => {
    const text = Buffer.from("Wikipedia");
    assert.equal(adler32(text), 0x11e60398);
    assert.equal(adler32(text, adler32(text.subarray(0, 4)), 4), 0x11e60398);
  });
});
