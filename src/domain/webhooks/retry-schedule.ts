// When a failed delivery is tried again (contract: Webhooks). The first attempt is at once;
// after the n-th failure the next one waits RETRY_DELAYS_MS[n-1], with +-10 % jitter so that
// many deliveries failing together do not come back together. After the 8th attempt the
// delivery is failed (about 28 h after the event), and stays redeliverable.

export const RETRY_DELAYS_MS = [
  5_000, // 5 s
  5 * 60_000, // 5 min
  30 * 60_000, // 30 min
  2 * 3_600_000, // 2 h
  5 * 3_600_000, // 5 h
  10 * 3_600_000, // 10 h
  10 * 3_600_000, // 10 h
] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * The delay before the next attempt after `failedAttempts` failures in this round, or
 * undefined when the delivery has used all its attempts. `jitter` is in [0, 1). A receiver's
 * Retry-After (429/503) is honoured: the next attempt is never earlier than it asked.
 */
export function nextDelayMs(
  failedAttempts: number,
  jitter: number,
  retryAfterMs?: number,
): number | undefined {
  const base = RETRY_DELAYS_MS[failedAttempts - 1];
  if (base === undefined) return undefined;
  const jittered = Math.round(base * (0.9 + 0.2 * jitter));
  return retryAfterMs === undefined
    ? jittered
    : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

/** Retry-After as delay-seconds or an HTTP date, in ms from `now`; undefined if absent or bad. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
