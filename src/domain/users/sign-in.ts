import { findUserByEmail } from "../../db/queries/users.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import { startSession } from "./sessions.ts";
import { type SignInDeps, startPendingSignIn } from "./sign-in-code.ts";
import { startAttempt } from "./sign-in-throttle.ts";
import { totpEnabled } from "./two-factor.ts";

// Signing in. Each attempt passes the throttle first (sign-in-throttle.ts: per e-mail and IP
// pair, per IP, and a growing wait per e-mail; only failures stay counted); then an unknown
// e-mail and a wrong password get the same answer, after the same scrypt work. A user with an
// authenticator app gets no session for the password alone: a pending sign-in (sign-in-code.ts)
// waits a few minutes for the code.

export type { SignInDeps };

export type SignInOutcome =
  | { ok: true; cookie: string; userId: string }
  | { ok: false; reason: "code"; pendingCookie: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSec: number };

export async function signIn(
  deps: SignInDeps,
  input: {
    email: string;
    password: string;
    ip: string;
    previousCookie?: string | undefined;
    userAgent?: string | undefined;
  },
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
  if (await totpEnabled(deps, user.id)) {
    const pendingCookie = await startPendingSignIn(deps, user);
    return { ok: false, reason: "code", pendingCookie };
  }
  const { cookie } = await startSession(deps, deps.limits, {
    userId: user.id,
    accountId: user.accountId,
    previousCookie: input.previousCookie,
    userAgent: input.userAgent,
    ip: input.ip,
  });
  return { ok: true, cookie, userId: user.id };
}
