import { Secret, TOTP } from "otpauth";
import * as q from "../../db/queries/two-factor.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { SecretBox } from "../../secrets/secret-box.ts";
import { type AuditActor, recordAudit } from "../audit/record-audit.ts";
import { AppError, unprocessable } from "../errors.ts";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from "./recovery-codes.ts";
import { startAttempt, type ThrottleDeps } from "./sign-in-throttle.ts";

// The second factor: an authenticator app's codes (TOTP, RFC 6238: SHA-1, 6 digits, 30 s steps,
// through the `otpauth` package). The secret is 20 random bytes, sealed at rest bound to the
// user's id (a copy of the database gives no codes). A code is accepted one step either side of
// now (clocks drift), and only for a step later than the last accepted one, so a code cannot be
// used twice, even inside its 90 seconds. Setting up keeps the new secret pending until a first
// code proves the app has it; then ten recovery codes are made (recovery-codes.ts).

export const TOTP_ISSUER = "Tostão";
const PERIOD = 30;

export type TwoFactorDeps = { db: Db; clock: Clock; random: Random; secretBox: SecretBox };
export type TotpUser = { userId: string; email: string };
/** Where a two-factor change is logged: the user's account, and who acted from where. */
export type TwoFactorAudit = { accountId: string; actor: AuditActor };
export type Enrolment = { secret: string; uri: string };

const boundTo = (userId: string) => `totp:${userId}`;

function totpOf(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

function enrolmentOf(secret: string, email: string): Enrolment {
  return { secret, uri: totpOf(secret, email).toString() };
}

/** The time-step `code` belongs to (±1 around now), or undefined when it matches none. */
function stepOf(deps: { clock: Clock }, totp: TOTP, code: string): number | undefined {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const timestamp = deps.clock.now().getTime();
  const delta = totp.validate({ token, timestamp, window: 1 });
  if (delta === null) return undefined;
  return totp.counter({ timestamp }) + delta;
}

export async function totpEnabled(deps: { db: Db }, userId: string): Promise<boolean> {
  return Boolean((await q.findTotpState(deps.db, userId))?.secret);
}

/**
 * The two-factor refusals a page may show; the dashboard gives each a sentence of its own in
 * either language (web/i18n/domain-messages.ts: TWO_FACTOR_TERMS), since `totp` is a word of the
 * code, not of its reader.
 */
export const TOTP_REFUSALS = {
  alreadyOn: "totp: is already on",
  notOn: "totp: is not on",
  setUpFirst: "totp: set up the authenticator app first",
  notCurrent: "totp: is not the app's current code",
  changed: "totp: the set-up changed meanwhile; start again",
  wrong: "totp: is not a current code or an unused recovery code",
  throttled: (seconds: number) => `totp: too many attempts; try again in ${seconds} s`,
} as const;

/** Starts (or restarts) setting up: a new secret, pending until a code confirms it. */
export async function beginTotp(deps: TwoFactorDeps, user: TotpUser): Promise<Enrolment> {
  const state = await q.findTotpState(deps.db, user.userId);
  if (state?.secret) throw new AppError("CONFLICT", TOTP_REFUSALS.alreadyOn);
  const secret = new Secret({ buffer: new Uint8Array(deps.random.bytes(20)).buffer }).base32;
  const sealed = deps.secretBox.seal(secret, boundTo(user.userId));
  await q.setPendingTotp(deps.db, { userId: user.userId, sealed });
  return enrolmentOf(secret, user.email);
}

/** The set-up in progress, to show its QR again (after a wrong first code). */
export async function pendingTotp(
  deps: TwoFactorDeps,
  user: TotpUser,
): Promise<Enrolment | undefined> {
  const state = await q.findTotpState(deps.db, user.userId);
  if (!state?.pending || state.secret) return undefined;
  return enrolmentOf(deps.secretBox.open(state.pending, boundTo(user.userId)), user.email);
}

/** Turns TOTP on with the app's first code; the recovery codes, to be shown once. */
export async function confirmTotp(
  deps: TwoFactorDeps,
  user: TotpUser,
  code: string,
  audit: TwoFactorAudit,
): Promise<{ recoveryCodes: string[] }> {
  const state = await q.findTotpState(deps.db, user.userId);
  if (!state?.pending) throw unprocessable(TOTP_REFUSALS.setUpFirst);
  const secret = deps.secretBox.open(state.pending, boundTo(user.userId));
  const step = stepOf(deps, totpOf(secret, user.email), code);
  if (step === undefined) throw unprocessable(TOTP_REFUSALS.notCurrent);
  const codes = newRecoveryCodes(deps.random);
  const at = deps.clock.now();
  await deps.db.transaction(async (db) => {
    if (
      !(await q.confirmTotp(db, { userId: user.userId, sealed: state.pending ?? "", step, at }))
    ) {
      throw new AppError("CONFLICT", TOTP_REFUSALS.changed);
    }
    await q.replaceRecoveryCodes(db, {
      userId: user.userId,
      hashes: codes.map(hashRecoveryCode),
      at,
    });
    await recordAudit(
      { ...deps, db },
      {
        ...audit,
        action: "two_factor.enabled",
        target: user.userId,
        changes: { method: { after: "totp" }, recoveryCodes: { after: codes.length } },
      },
    );
  });
  return { recoveryCodes: codes };
}

/** Which factor was right (a recovery code is logged as used), or "wrong". */
export type FactorCheck = "app" | "recovery" | "wrong";

/**
 * Checks a second factor: a current app code (its step taken, so never accepted twice) or an
 * unused recovery code (spent). "wrong" also for a replayed code: the caller counts it as a
 * failure either way.
 */
export async function checkSecondFactor(
  deps: TwoFactorDeps,
  user: TotpUser,
  code: string,
): Promise<FactorCheck> {
  if (code.length > 40) return "wrong";
  if (looksLikeRecoveryCode(code)) {
    const used = await q.useRecoveryCode(deps.db, {
      userId: user.userId,
      hash: hashRecoveryCode(code),
      at: deps.clock.now(),
    });
    return used ? "recovery" : "wrong";
  }
  const state = await q.findTotpState(deps.db, user.userId);
  if (!state?.secret) return "wrong";
  const secret = deps.secretBox.open(state.secret, boundTo(user.userId));
  const step = stepOf(deps, totpOf(secret, user.email), code);
  if (step === undefined) return "wrong";
  return (await q.takeTotpStep(deps.db, { userId: user.userId, step })) ? "app" : "wrong";
}

/** Logs a recovery code spent (the owner should know one of ten is gone, and where). */
export async function noteRecoveryCodeUse(
  deps: TwoFactorDeps,
  check: FactorCheck,
  user: TotpUser,
  audit: TwoFactorAudit,
  during: "sign_in" | "disable" | "sudo",
): Promise<void> {
  if (check !== "recovery") return;
  await recordAudit(deps, {
    ...audit,
    action: "two_factor.recovery_code_used",
    target: user.userId,
    changes: {
      during: { after: during },
      left: { after: await q.countUnusedRecoveryCodes(deps.db, user.userId) },
    },
  });
}

/**
 * Turns TOTP off: a current code (or a recovery code) is required, so a session left open
 * cannot remove the second factor; a wrong one passes the sign-in throttle like a password.
 */
export async function disableTotp(
  deps: TwoFactorDeps & ThrottleDeps,
  user: TotpUser & { ip: string },
  code: string,
  audit: TwoFactorAudit,
): Promise<void> {
  if (!(await totpEnabled(deps, user.userId))) throw unprocessable(TOTP_REFUSALS.notOn);
  const attempt = await startAttempt(deps, { email: user.email, ip: user.ip });
  if (!attempt.ok) {
    throw new AppError("RATE_LIMITED", TOTP_REFUSALS.throttled(attempt.retryAfterSec));
  }
  const check = await checkSecondFactor(deps, user, code);
  if (check === "wrong") {
    throw new AppError("FORBIDDEN", TOTP_REFUSALS.wrong);
  }
  await attempt.succeeded();
  await noteRecoveryCodeUse(deps, check, user, audit, "disable");
  await deps.db.transaction(async (db) => {
    await q.clearTotp(db, user.userId);
    await recordAudit(
      { ...deps, db },
      {
        ...audit,
        action: "two_factor.disabled",
        target: user.userId,
        changes: { method: { before: "totp" } },
      },
    );
  });
}

export async function recoveryCodesLeft(deps: { db: Db }, userId: string): Promise<number> {
  return q.countUnusedRecoveryCodes(deps.db, userId);
}
