import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { cryptoRandom } from "../../kernel/clock.ts";
import { generateToken, hashToken, parseToken, tokenPrefix } from "./token-format.ts";

test("generated tokens carry their mode's prefix and parse back to that mode", () => {
  fc.assert(
    fc.property(
      fc.constantFrom("test" as const, "live" as const),
      fc.uint8Array({ minLength: 64, maxLength: 64 }),
      (mode, seed) => {
        let i = 0;
        const random = {
          bytes: (n: number) =>
            Buffer.from(Array.from({ length: n }, () => seed[i++ % seed.length] ?? 0)),
        };
        const token = generateToken(mode, random);
        assert.match(
          token,
          mode === "test" ? /^svc_test_[0-9A-Za-z]{42}$/ : /^svc_prod_[0-9A-Za-z]{42}$/,
        );
        assert.deepEqual(parseToken(token), { mode });
      },
    ),
  );
});

test("any single-character change to a token is rejected by its checksum or shape", () => {
  const token = generateToken("live", cryptoRandom);
  fc.assert(
    fc.property(
      fc.integer({ min: 9, max: token.length - 1 }),
      fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
      (pos, ch) => {
        fc.pre(token[pos] !== ch);
        const changed = token.slice(0, pos) + ch + token.slice(pos + 1);
        assert.equal(parseToken(changed), null);
      },
    ),
  );
});

test("strings that are not our tokens never parse", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 80 }), (s) => {
      fc.pre(!/^svc_(test|prod)_/.test(s));
      assert.equal(parseToken(s), null);
    }),
  );
  assert.equal(parseToken(`svc_live_${"A".repeat(42)}`), null, "only test and prod prefixes exist");
});

test("tokens have at least 200 bits of randomness: no repeats in 10k draws", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 10_000; i++) seen.add(generateToken("test", cryptoRandom));
  assert.equal(seen.size, 10_000);
});

test("the stored hash is SHA-256 hex and the visible prefix is 12 characters", () => {
  const token = generateToken("test", cryptoRandom);
  assert.match(hashToken(token), /^[0-9a-f]{64}$/);
  assert.equal(tokenPrefix(token), token.slice(0, 12));
});
