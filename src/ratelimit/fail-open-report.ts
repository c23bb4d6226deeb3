/** How often at most the fail-open warning is logged. */
export const FAIL_OPEN_WARN_EVERY_MS = 30_000;

/**
 * Reports requests the rate limiter let through because Redis could not answer: every one is
 * counted, and a warning is logged at most once per FAIL_OPEN_WARN_EVERY_MS with how many were
 * let through since the last one. An outage then shows in the log without a line per request.
 */
export function makeFailOpenReport(deps: {
  warn: (detail: Record<string, unknown>, message: string) => void;
  count: () => void;
  now: () => number;
  /** The warning's text (the sign-in's attempt counter falls back to this process instead). */
  message?: string;
}): (err: Error) => void {
  let lastWarnAt = Number.NEGATIVE_INFINITY;
  let since = 0;
  return (err) => {
    deps.count();
    since += 1;
    const t = deps.now();
    if (t - lastWarnAt < FAIL_OPEN_WARN_EVERY_MS) return;
    deps.warn(
      // The message only: ioredis messages name the host and the failure, never the password.
      { error: err.message, letThrough: since },
      deps.message ?? "rate limiter unavailable (Redis): requests are let through without a limit",
    );
    lastWarnAt = t;
    since = 0;
  };
}
