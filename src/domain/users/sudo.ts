import { findUser } from "../../db/queries/users.ts";
import { verifyPassword } from "./password.ts";
import { markSudo, type Session } from "./sessions.ts";
import { startAttempt, type ThrottleDeps } from "./sign-in-throttle.ts";
import { checkSecondFactor, type TwoFactorDeps, totpEnabled } from "./two-factor.ts";

// "Sudo": a fresh factor before a change that routes money (a live key, where payouts go). A
// session that gave one less than TOSTAO_SUDO_SECONDS ago (signing in counts) passes; otherwise
// the user types the app's code, or the password when they have no app. Guesses pass the same
// throttle as signing in, and a code is spent as at sign-in (never accepted twice).

export type SudoDeps = TwoFactorDeps & ThrottleDeps;

export type SudoCheck =
  | { ok: true }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "throttled"; retryAfterSec: number };

/** What the user is asked for: the app's code, or the password without one. */
export async function sudoFactor(
  deps: TwoFactorDeps,
  session: Session,
): Promise<"code" | "password"> {
  return (await totpEnabled(deps, session.userId)) ? "code" : "password";
}

export async function confirmSudo(
  deps: SudoDeps,
  session: Session,
  input: { answer: string; ip: string },
): Promise<SudoCheck> {
  const user = await findUser(deps.db, { accountId: session.accountId, id: session.userId });
  if (!user) return { ok: false, reason: "wrong" };
  const attempt = await startAttempt(deps, { email: user.email, ip: input.ip });
  if (!attempt.ok) return { ok: false, reason: "throttled", retryAfterSec: attempt.retryAfterSec };
  const right = (await totpEnabled(deps, user.id))
    ? (await checkSecondFactor(deps, { userId: user.id, email: user.email }, input.answer)) === "ok"
    : input.answer.length <= 200 && (await verifyPassword(input.answer, user.passwordHash));
  if (!right) return { ok: false, reason: "wrong" };
  await attempt.succeeded();
  await markSudo(deps, session);
  return { ok: true };
}
