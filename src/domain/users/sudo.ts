import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import * as q from "../../db/queries/dashboard-sessions.ts";
import { listPasskeys as listPasskeyRows } from "../../db/queries/passkeys.ts";
import { findUser } from "../../db/queries/users.ts";
import { sha256Hex } from "../sha256.ts";
import {
  assertionOptions,
  checkAssertion,
  parseResponse,
  type RelyingParty,
} from "./passkey-challenges.ts";
import { verifyPassword } from "./password.ts";
import { markSudo, type Session } from "./sessions.ts";
import { startAttempt, type ThrottleDeps } from "./sign-in-throttle.ts";
import {
  checkSecondFactor,
  noteRecoveryCodeUse,
  type TwoFactorDeps,
  totpEnabled,
} from "./two-factor.ts";

// "Sudo": a fresh factor before a change that routes money (a live key, where payouts go). A
// session that gave one less than TOSTAO_SUDO_SECONDS ago (signing in counts) passes; otherwise
// the user types the app's code, or the password when they have no app. Guesses pass the same
// throttle as signing in, and a code is spent as at sign-in (never accepted twice). A passkey
// (user-verified, so a factor of its own) passes too, with or without the app: its challenge is
// bound to this session and offers only the user's own credentials.

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

/** The options for a passkey assertion on the sudo page, bound to this session. */
export async function beginSudoPasskey(deps: TwoFactorDeps, rp: RelyingParty, session: Session) {
  const mine = await listPasskeyRows(deps.db, session.userId);
  return assertionOptions(deps, rp, "sudo", sudoBinding(session), mine);
}

const sudoBinding = (s: Session) => ({ userId: s.userId, sessionHash: s.idHash });

/** A passkey's assertion for sudo: this session's challenge, one of the user's credentials. */
export async function confirmSudoPasskey(
  deps: SudoDeps,
  rp: RelyingParty,
  session: Session,
  response: string,
): Promise<SudoCheck> {
  const parsed = parseResponse<AuthenticationResponseJSON>(response);
  if (!parsed) return { ok: false, reason: "wrong" };
  const check = await checkAssertion(deps, rp, parsed, {
    purpose: "sudo",
    bound: sudoBinding(session),
  });
  if (!check.ok || check.passkey.userId !== session.userId) return { ok: false, reason: "wrong" };
  await markSudo(deps, session);
  return { ok: true };
}

export async function confirmSudo(
  deps: SudoDeps,
  session: Session,
  input: { answer: string; ip: string; userAgent?: string | undefined },
): Promise<SudoCheck> {
  const user = await findUser(deps.db, { accountId: session.accountId, id: session.userId });
  if (!user) return { ok: false, reason: "wrong" };
  const attempt = await startAttempt(deps, { email: user.email, ip: input.ip });
  if (!attempt.ok) return { ok: false, reason: "throttled", retryAfterSec: attempt.retryAfterSec };
  const who = { userId: user.id, email: user.email };
  const check = (await totpEnabled(deps, user.id))
    ? await checkSecondFactor(deps, who, input.answer)
    : input.answer.length <= 200 && (await verifyPassword(input.answer, user.passwordHash))
      ? "password"
      : "wrong";
  if (check === "wrong") return { ok: false, reason: "wrong" };
  await attempt.succeeded();
  if (check !== "password") {
    const actor = {
      kind: "user" as const,
      id: user.email,
      ip: input.ip,
      userAgent: input.userAgent,
    };
    await noteRecoveryCodeUse(deps, check, who, { accountId: session.accountId, actor }, "sudo");
  }
  await markSudo(deps, session);
  return { ok: true };
}

// A form held back for the fresh factor: its fields sealed, bound to the session and the
// reference (a row copied to another session does not open), for KEPT_MS.
const KEPT_MS = 5 * 60_000;
const keptBound = (session: Session, ref: string) => `sudo:${session.idHash}:${ref}`;

/** Keeps a form's fields (JSON text) until the factor is given; the reference for the page. */
export async function keepForm(
  deps: TwoFactorDeps,
  session: Session,
  input: { action: string; fields: string },
): Promise<string> {
  const ref = deps.random.bytes(24).toString("base64url");
  await q.insertSudoForm(deps.db, {
    idHash: sha256Hex(ref),
    sessionHash: session.idHash,
    action: input.action,
    bodySealed: deps.secretBox.seal(input.fields, keptBound(session, ref)),
    expiresAt: new Date(deps.clock.now().getTime() + KEPT_MS),
  });
  return ref;
}

/** The kept form's fields, while it lives, for this session and address; else undefined. */
export async function keptForm(
  deps: TwoFactorDeps,
  session: Session,
  input: { action: string; ref: string },
): Promise<string | undefined> {
  if (input.ref.length > 100) return undefined;
  const row = await q.findSudoForm(deps.db, {
    idHash: sha256Hex(input.ref),
    sessionHash: session.idHash,
    now: deps.clock.now(),
  });
  if (!row || row.action !== input.action) return undefined;
  return deps.secretBox.open(row.bodySealed, keptBound(session, input.ref));
}

/** Forgets a kept form once it went through (and any expired ones). */
export async function dropKeptForm(deps: TwoFactorDeps, ref: string): Promise<void> {
  await q.deleteSudoForm(deps.db, sha256Hex(ref), deps.clock.now());
}
