import { Redis } from "ioredis";

// Fixed windows: a window's count is one integer (one Redis INCR when shared), and a client learns
// exactly when its quota comes back. The request limits are per second; the public checkout's
// budgets (checkout-budget.ts) count per minute.

export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSec: number };

export type RateLimiter = {
  readonly kind: "memory" | "redis";
  /** Counts one hit of `key` in the current window of `windowSec` seconds (default 1). */
  hit(key: string, limit: number, windowSec?: number): Promise<RateDecision>;
  /**
   * Resolves once counts are really kept (Redis connected): until then a Redis limiter fails
   * open, which a test of the shared count, or a boot check, must not mistake for a count.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
};

const decide = (count: number, limit: number, nowMs: number, windowSec = 1): RateDecision => {
  const windowMs = windowSec * 1000;
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSec: Math.max(1, Math.ceil((windowMs - (nowMs % windowMs)) / 1000)),
  };
};

/** Counts in this process only: right for one instance, per-instance for several. */
export function makeMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  let window = -1;
  let counts = new Map<string, number>();
  // Longer windows are few (the checkout budgets) and kept apart, each count with its window, so
  // the per-second map can still be dropped whole every second.
  const long = new Map<string, { window: number; count: number }>();
  return {
    kind: "memory",
    ready: async () => {},
    async hit(key, limit, windowSec = 1) {
      const t = now();
      if (windowSec !== 1) {
        const w = Math.floor(t / (windowSec * 1000));
        const k = `${windowSec}:${key}`;
        const entry = long.get(k);
        const count = entry?.window === w ? entry.count + 1 : 1;
        if (!entry && long.size >= 100_000) {
          for (const [old, v] of long) if (v.window !== w) long.delete(old);
        }
        long.set(k, { window: w, count });
        return decide(count, limit, t, windowSec);
      }
      const w = Math.floor(t / 1000);
      if (w !== window) {
        // A new second: every old count is void, so the map is replaced instead of swept.
        window = w;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return decide(count, limit, t);
    },
    close: async () => {},
  };
}

const INCR_WITH_TTL = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;

/**
 * Counts shared by every instance through Redis. If Redis cannot answer, requests are let
 * through (fail open): a rate limiter outage must not become a payment outage. Each request let
 * through is reported to onFailOpen (fail-open-report.ts logs and counts them).
 */
export function makeRedisRateLimiter(
  url: string,
  opts: { prefix?: string; now?: () => number; onFailOpen?: (err: Error) => void } = {},
): RateLimiter {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  // ioredis emits an error on every failed reconnection; without a listener each would be an
  // unhandled error. They are not reported: what matters is a request let through, below.
  redis.on("error", () => {});
  const prefix = opts.prefix ?? "tostao:rl:";
  const now = opts.now ?? Date.now;
  return {
    kind: "redis",
    async hit(key, limit, windowSec = 1) {
      const t = now();
      const w = Math.floor(t / (windowSec * 1000));
      const redisKey = `${prefix}${windowSec === 1 ? "" : `${windowSec}s:`}${key}:${w}`;
      try {
        const ttl = String(windowSec * 1000 + 1000);
        const count = Number(await redis.eval(INCR_WITH_TTL, 1, redisKey, ttl));
        return decide(count, limit, t, windowSec);
      } catch (err) {
        opts.onFailOpen?.(err as Error);
        return decide(0, limit, t, windowSec);
      }
    },
    async ready() {
      if (redis.status === "ready") return;
      await new Promise<void>((resolve) => redis.once("ready", () => resolve()));
    },
    async close() {
      redis.disconnect();
    },
  };
}
