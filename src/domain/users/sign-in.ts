import { findUserByEmail } from "../../db/queries/users.ts";
import { sha256Hex } from "../sha256.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import { type SessionDeps, type SessionLimits, startSession } from "./sessions.ts";

// Signing in. Attempts are counted per e-mail and per client IP in 15-minute windows (on the
// service's rate limiter, so shared through Redis when instances share one), before any password
// is checked; past either budget the answer is "too many attempts" whoever asks. An unknown
// e-mail and a wrong password get the same answer, after the same scrypt work.

/** What the sign-in needs of the rate limiter (src/ratelimit). */
export type AttemptCounter = {
  hit(
    key: string,
    limit: number,
    windowSec?: number,
  ): Promise<{ allowed: boolean; resetSec: number }>;
};

export const ATTEMPT_WINDOW_SEC = 15 * 60;

/** The per-e-mail attempts' key: its hash, since rate-limiter keys can end up in Redis and its logs. */
export const signInEmailKey = (email: string) => `signin-email:${sha256Hex(email)}`;

export type SignInDeps = SessionDeps & {
  attempts: AttemptCounter;
  limits: SessionLimits & { perEmail: number; perIp: number };
  scryptCost: number;
};

export type SignInOutcome =
  | { ok: true; cookie: string; userId: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSec: number };

export async function signIn(
  deps: SignInDeps,
  input: { email: string; password: string; ip: string; previousCookie?: string | undefined },
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const byEmail = await deps.attempts.hit(
    signInEmailKey(email),
    deps.limits.perEmail,
    ATTEMPT_WINDOW_SEC,
  );
  const byIp = await deps.attempts.hit(
    `signin-ip:${input.ip}`,
    deps.limits.perIp,
    ATTEMPT_WINDOW_SEC,
  );
  if (!byEmail.allowed || !byIp.allowed) {
    return {
      ok: false,
      reason: "throttled",
      retryAfterSec: Math.max(
        byEmail.allowed ? 0 : byEmail.resetSec,
        byIp.allowed ? 0 : byIp.resetSec,
      ),
    };
  }
  const user = email.length <= 254 ? await findUserByEmail(deps.db, email) : undefined;
  const stored = user?.passwordHash ?? (await decoyHash(deps.scryptCost));
  const matches = await verifyPassword(input.password, stored);
  if (!user || !matches) return { ok: false, reason: "invalid" };
  const { cookie } = await startSession(deps, deps.limits, {
    userId: user.id,
    accountId: user.accountId,
    previousCookie: input.previousCookie,
  });
  return { ok: true, cookie, userId: user.id };
}
