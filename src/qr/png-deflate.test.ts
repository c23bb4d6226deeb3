import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as zlib from "node:zlib";
import fc from "fast-check";
import { deflateRepeatedRows } from "./png-deflate.ts";

// The hand-made zlib stream must inflate, with zlib itself, to exactly the scanlines a PNG of
// repeated rows has: each distinct row with filter None, then its repeats as filter Up and zeros.

function scanlines(rows: Uint8Array, rowBytes: number, repeat: number): Buffer {
  const stride = rowBytes + 1;
  const out = Buffer.alloc((rows.length / rowBytes) * repeat * stride);
  let at = 0;
  for (let start = 0; start < rows.length; start += rowBytes) {
    out.set(rows.subarray(start, start + rowBytes), at + 1);
    at += stride;
    for (let r = 1; r < repeat; r++, at += stride) out[at] = 2;
  }
  return out;
}

describe("deflateRepeatedRows", () => {
  it("inflates to the scanlines for any rows, row width and repeat", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 16 }),
        // Bytes drawn from QR-like values most of the time, so rows repeat and copies are taken.
        fc.infiniteStream(
          fc.oneof(fc.constantFrom(0x00, 0xff, 0x0f, 0xf0), fc.integer({ min: 0, max: 255 })),
        ),
        fc.boolean(),
        (rowBytes, count, repeat, bytes, repeatRows) => {
          const rows = new Uint8Array(rowBytes * count);
          const it = bytes[Symbol.iterator]();
          for (let i = 0; i < rows.length; i++) rows[i] = it.next().value as number;
          // Half the cases have runs of equal rows (a QR code's quiet zone).
          if (repeatRows)
            for (let i = rowBytes; i < rows.length; i++)
              if (i % 3 === 0) rows[i] = rows[i - rowBytes] as number;
          const stream = deflateRepeatedRows(rows, rowBytes, repeat);
          assert.deepEqual(zlib.inflateSync(stream), scanlines(rows, rowBytes, repeat));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("copes with rows longer than one copy can reach (258 bytes) and many equal rows", () => {
    for (const [rowBytes, repeat] of [
      [418, 16],
      [300, 1],
      [257, 2],
      [3, 16],
    ] as const) {
      const rows = new Uint8Array(rowBytes * 30).fill(0xff);
      for (let i = rowBytes * 10; i < rowBytes * 20; i++) rows[i] = (i * 7919) & 0xff;
      assert.deepEqual(
        zlib.inflateSync(deflateRepeatedRows(rows, rowBytes, repeat)),
        scanlines(rows, rowBytes, repeat),
      );
    }
  });
});
