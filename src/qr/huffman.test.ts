import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { codeLengths } from "./huffman.ts";

// Deflate can only send code lengths up to 15 (7 for the code-length code), and inflaters reject
// codes that are not complete, so both properties must hold for any symbol counts.

describe("codeLengths", () => {
  it("flattens a tree that would be too deep", () => {
    // Fibonacci counts: unlimited, the rarest of n symbols would get n - 1 bits.
    for (const [count, limit] of [
      [30, 15],
      [19, 7],
    ] as const) {
      const freq = new Uint32Array(count);
      for (let s = 0, a = 1, b = 1; s < count; s++, [a, b] = [b, a + b]) freq[s] = a;
      const lengths = new Uint8Array(count);
      codeLengths(freq, count, limit, lengths);
      assert.ok(Math.max(...lengths) <= limit);
      assert.equal(
        lengths.reduce((sum, len) => sum + 2 ** -len, 0),
        1,
      );
    }
  });

  it("gives complete codes within the limit for any counts", () => {
    const counts = fc.tuple(
      fc.integer({ min: 2, max: 286 }),
      fc.integer({ min: 1, max: 15 }),
      fc.array(fc.oneof(fc.constant(0), fc.nat(), fc.nat({ max: 3 }))),
    );
    fc.assert(
      fc.property(counts, ([count, limit, values]) => {
        fc.pre(1 << limit >= count);
        const freq = new Uint32Array(count);
        values.slice(0, count).forEach((v, i) => {
          freq[i] = v;
        });
        const lengths = new Uint8Array(count);
        codeLengths(freq, count, limit, lengths);
        // Kraft sum exactly 1: the code is complete, every used symbol has a code.
        let kraft = 0;
        for (let s = 0; s < count; s++) {
          const len = lengths[s] as number;
          assert.ok(len <= limit, `length ${len} over ${limit}`);
          if ((freq[s] as number) > 0) assert.ok(len > 0, `used symbol ${s} has no code`);
          if (len > 0) kraft += 2 ** -len;
        }
        assert.equal(kraft, 1);
      }),
      { numRuns: 500 },
    );
  });
});
