import { setTimeout as wait } from "node:timers/promises";
import { clientKey } from "../client-key.ts";
import { sha256Hex } from "../sha256.ts";

// How password guessing is slowed without handing anyone a lockout. Only failures count: an
// attempt is counted when it starts (so parallel guesses cannot all slip under a limit checked
// before any of them is counted) and refunded when it succeeds or is refused unheard.
//
// - Per (e-mail, client IP): TOSTAO_SIGNIN_ATTEMPTS_PER_EMAIL failures in 15 minutes, then 429
//   for that pair only. A stranger who spends them for a known e-mail is locked out of that
//   e-mail alone; the owner, from any other address, is not.
// - Per client IP (an IPv6 client by its /64): TOSTAO_SIGNIN_ATTEMPTS_PER_IP failures, then 429
//   for every e-mail from there.
// - Per e-mail, from everywhere: never a refusal (that would be a lockout any stranger could
//   trigger with ten guesses), but a cost that grows: past FREE_FAILURES failures in the window
//   each attempt on the e-mail waits, doubling from 0.5 s up to 8 s. A guesser working through
//   many addresses one guess at a time is slowed to a crawl; the owner waits seconds, never 15
//   minutes. Many addresses guessing in parallel are held by the per-address budgets, the scrypt
//   cost and the password rules, not by a per-e-mail cap.

export const ATTEMPT_WINDOW_SEC = 15 * 60;
export const FREE_FAILURES = 10;
const FIRST_DELAY_MS = 500;
export const MAX_DELAY_MS = 8_000;

/** What counts attempts: src/ratelimit/attempt-counter.ts (Redis, or this process). */
export type AttemptCounter = {
  take(
    key: string,
    windowSec: number,
  ): Promise<{ count: number; resetSec: number; refund(): Promise<void> }>;
};

export type ThrottleDeps = {
  attempts: AttemptCounter;
  limits: { perEmail: number; perIp: number };
  /** Tests: how a wait is taken. */
  sleep?: (ms: number) => Promise<void>;
};

export type AttemptStart =
  | { ok: true; succeeded(): Promise<void> }
  | { ok: false; retryAfterSec: number };

/** The wait before an attempt on an e-mail that has `failures` failures in the window. */
export function emailDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES));
}

/**
 * Starts one password attempt for `email` (normalised) from `ip`: refused when its pair or its
 * address is over budget, else counted (and delayed by the e-mail's failures). The caller calls
 * `succeeded()` when the password was right, which takes the attempt back out of every count.
 */
export async function startAttempt(
  deps: ThrottleDeps,
  input: { email: string; ip: string },
): Promise<AttemptStart> {
  const who = sha256Hex(input.email);
  const from = clientKey(input.ip);
  const [pair, byIp, byEmail] = await Promise.all([
    deps.attempts.take(`signin-pair:${who}:${from}`, ATTEMPT_WINDOW_SEC),
    deps.attempts.take(`signin-ip:${from}`, ATTEMPT_WINDOW_SEC),
    deps.attempts.take(`signin-email:${who}`, ATTEMPT_WINDOW_SEC),
  ]);
  const taken = [pair, byIp, byEmail];
  const refundAll = async () => {
    await Promise.all(taken.map((a) => a.refund()));
  };
  const over = [
    pair.count > deps.limits.perEmail ? pair.resetSec : 0,
    byIp.count > deps.limits.perIp ? byIp.resetSec : 0,
  ];
  if (over.some((s) => s > 0)) {
    await refundAll();
    return { ok: false, retryAfterSec: Math.max(...over) };
  }
  const delay = emailDelayMs(byEmail.count - 1);
  if (delay > 0) await (deps.sleep ?? wait)(delay);
  return { ok: true, succeeded: refundAll };
}
