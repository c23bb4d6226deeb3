// One request's time limit: a signal aborted after `ms`, whether it was, and the timer's clear,
// called with the answer. A cleared timer lets the signal go at once, where AbortSignal.timeout's
// timer, and through it the signal, live the whole limit after the answer: at hundreds of calls
// a second, thousands of them outlived V8's young generation at any moment, and the old
// generation they were copied into grew the heap (docs/performance.md). The webhook sender, the
// PSP client and the Bitcoin price and chain clients each time their requests with one.

export type Deadline = {
  readonly signal: AbortSignal;
  /** Whether the limit was reached (the request's error is then the time limit's). */
  expired(): boolean;
  /** Stops the timer: call it once the answer is read, or the request has failed. */
  clear(): void;
};

/** A limit of `ms`; `reason` is what the signal is aborted with (AbortError's default if none). */
export function deadline(ms: number, reason?: () => unknown): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(reason?.());
  }, ms);
  return {
    signal: controller.signal,
    expired: () => expired,
    clear: () => clearTimeout(timer),
  };
}
