import { randomBytes } from "node:crypto";

// Time and randomness reach the domain as dependencies, so expiry, backoff, id ordering and
// token generation are testable with a fixed clock and seeded bytes.

export type Clock = { now(): Date };
export type Random = { bytes(n: number): Buffer };

export const systemClock: Clock = { now: () => new Date() };
export const cryptoRandom: Random = { bytes: (n) => randomBytes(n) };

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
