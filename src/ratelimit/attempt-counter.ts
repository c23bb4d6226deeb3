import { Redis } from "ioredis";

// Counting attempts that may be refunded: the dashboard's sign-in counts every attempt when it
// starts (so parallel guesses cannot all pass a check made before any of them is counted) and
// refunds it when it succeeds, so only failures stay counted. Fixed windows, as the rate
// limiter's. Unlike the rate limiter this fails closed-ish: when Redis cannot answer, attempts
// are counted in this process instead of let through, since guessing passwords while the shared
// count is down must not be free.

export type Attempt = {
  /** Attempts in this key's window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  resetSec: number;
  /** Takes this attempt back out of the count (it succeeded, or was refused before any work). */
  refund(): Promise<void>;
};

export type AttemptCounter = {
  take(key: string, windowSec: number): Promise<Attempt>;
  close(): Promise<void>;
};

const resetOf = (t: number, windowSec: number) =>
  Math.max(1, Math.ceil((windowSec * 1000 - (t % (windowSec * 1000))) / 1000));

/** Counts in this process only. */
export function makeMemoryAttemptCounter(now: () => number = Date.now): AttemptCounter {
  const counts = new Map<string, { window: number; until: number; count: number }>();
  return {
    async take(key, windowSec) {
      const t = now();
      const w = Math.floor(t / (windowSec * 1000));
      const k = `${windowSec}:${key}`;
      const entry = counts.get(k);
      if (!entry && counts.size >= 100_000) {
        for (const [old, v] of counts) if (v.until <= t) counts.delete(old);
      }
      const mine =
        entry?.window === w ? entry : { window: w, until: (w + 1) * windowSec * 1000, count: 0 };
      mine.count += 1;
      counts.set(k, mine);
      return {
        count: mine.count,
        resetSec: resetOf(t, windowSec),
        refund: once(async () => {
          if (counts.get(k) === mine && mine.count > 0) mine.count -= 1;
        }),
      };
    },
    close: async () => {},
  };
}

/** An attempt is refunded at most once, however often its refund is called. */
function once(refund: () => Promise<void>): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await refund();
  };
}

const INCR_WITH_TTL = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;
const DECR_IF_PRESENT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Counts shared by every instance through Redis; when Redis cannot answer, in this process
 * (onFallback reports each such attempt). A refund goes to the store that counted the attempt.
 */
export function makeRedisAttemptCounter(
  url: string,
  opts: { prefix?: string; now?: () => number; onFallback?: (err: Error) => void } = {},
): AttemptCounter {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  // Reconnection errors are reported per attempt, through onFallback, not per event.
  redis.on("error", () => {});
  const prefix = opts.prefix ?? "tostao:attempts:";
  const now = opts.now ?? Date.now;
  const local = makeMemoryAttemptCounter(now);
  return {
    async take(key, windowSec) {
      const t = now();
      const redisKey = `${prefix}${windowSec}s:${key}:${Math.floor(t / (windowSec * 1000))}`;
      try {
        const ttl = String(windowSec * 1000 + 1000);
        const count = Number(await redis.eval(INCR_WITH_TTL, 1, redisKey, ttl));
        return {
          count,
          resetSec: resetOf(t, windowSec),
          refund: once(async () => {
            await redis.eval(DECR_IF_PRESENT, 1, redisKey).catch(() => {});
          }),
        };
      } catch (err) {
        opts.onFallback?.(err as Error);
        return local.take(key, windowSec);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
