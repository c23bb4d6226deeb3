import { findUserByEmail } from "../../db/queries/users.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import { openSignedIn, type SignInDeps, startPendingSignIn } from "./sign-in-code.ts";
import { startAttempt } from "./sign-in-throttle.ts";
import { totpEnabled } from "./two-factor.ts";

// Signing in. Each attempt passes the throttle first (sign-in-throttle.ts: per e-mail and IP
// pair, per IP, and a growing wait per e-mail; only failures stay counted); then an unknown
// e-mail and a wrong password get the same answer, after the same scrypt work.
//
// The account's audit log gets each success and each wrong password of a known user, with the
// client's IP and User-Agent (never the password typed). An unknown e-mail belongs to no
// account's log, and the throttle's refusals are not logged: they are the attacker's volume,
// which would otherwise grow the log without bound; the wrong passwords before them are there.
//
// A user with an authenticator app gets no session for the password alone: a pending sign-in
// (sign-in-code.ts) waits a few minutes for the code, and the success is logged there.

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
  if (!user) return { ok: false, reason: "invalid" };
  const actor = { kind: "user" as const, id: email, ip: input.ip, userAgent: input.userAgent };
  if (!matches) {
    await recordAudit(deps, {
      accountId: user.accountId,
      actor,
      action: "sign_in.failed",
      target: user.id,
      changes: { reason: { after: "wrong_password" } },
    });
    return { ok: false, reason: "invalid" };
  }
  await attempt.succeeded();
  if (await totpEnabled(deps, user.id)) {
    // The password was right; the sign-in succeeds (and is logged) only with the code.
    const pendingCookie = await startPendingSignIn(deps, user);
    return { ok: false, reason: "code", pendingCookie };
  }
  const { cookie } = await openSignedIn(deps, { ...user, email }, input);
  return { ok: true, cookie, userId: user.id };
}
