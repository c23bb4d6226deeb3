import { findUserByEmail } from "../../db/queries/users.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import { type SessionDeps, type SessionLimits, startSession } from "./sessions.ts";
import { startAttempt, type ThrottleDeps } from "./sign-in-throttle.ts";

// Signing in. Each attempt passes the throttle first (sign-in-throttle.ts: per e-mail and IP
// pair, per IP, and a growing wait per e-mail; only failures stay counted); then an unknown
// e-mail and a wrong password get the same answer, after the same scrypt work.

export type SignInDeps = SessionDeps &
  ThrottleDeps & {
    limits: SessionLimits & ThrottleDeps["limits"];
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
  const attempt = await startAttempt(deps, { email, ip: input.ip });
  if (!attempt.ok) {
    return { ok: false, reason: "throttled", retryAfterSec: attempt.retryAfterSec };
  }
  const user = email.length <= 254 ? await findUserByEmail(deps.db, email) : undefined;
  const stored = user?.passwordHash ?? (await decoyHash(deps.scryptCost));
  const matches = await verifyPassword(input.password, stored);
  if (!user || !matches) return { ok: false, reason: "invalid" };
  await attempt.succeeded();
  const { cookie } = await startSession(deps, deps.limits, {
    userId: user.id,
    accountId: user.accountId,
    previousCookie: input.previousCookie,
  });
  return { ok: true, cookie, userId: user.id };
}
