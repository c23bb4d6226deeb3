import { randomBytes } from "node:crypto";

// Time and randomness reach the domain as dependencies, so expiry, backoff, id ordering and
// token generation are testable with a fixed clock and seeded bytes.

export type Clock = {
  now(): Date;
  /**
   * Only on a clock that runs ahead of real time (an account's sandbox test clock): the real
   * clock it is offset from. Business dates follow now(); what another process waits on (a
   * webhook delivery's due time, which the delivery worker compares with its own clock) follows
   * this one.
   */
  real?: Clock;
};
export type Random = { bytes(n: number): Buffer };

export const systemClock: Clock = { now: () => new Date() };
/**
 * Cryptographic randomness served from a 4 KiB pool refilled from the OS: ids and tokens take a
 * few bytes at a time, and one randomBytes call per id costs more than the id itself.
 */
export const cryptoRandom: Random = makePooledRandom(4096);

export function makePooledRandom(poolSize: number): Random {
  let pool = randomBytes(poolSize);
  let offset = 0;
  return {
    bytes(n) {
      if (n > poolSize) return randomBytes(n);
      if (offset + n > poolSize) {
        pool = randomBytes(poolSize);
        offset = 0;
      }
      // A copy, so no two callers ever share bytes and callers may keep what they get.
      const out = Buffer.from(pool.subarray(offset, offset + n));
      offset += n;
      return out;
    },
  };
}

/** A clock tests move by hand. */
export function manualClock(start = new Date("2026-11-22T10:00:00.000Z")) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(d: Date) {
      t = d.getTime();
    },
  };
}
