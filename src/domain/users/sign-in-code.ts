import * as q from "../../db/queries/two-factor.ts";
import { findUser } from "../../db/queries/users.ts";
import type { Db } from "../../kernel/db.ts";
import type { SecretBox } from "../../secrets/secret-box.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { sha256Hex } from "../sha256.ts";
import { type SessionDeps, type SessionLimits, startSession } from "./sessions.ts";
import { startAttempt, type ThrottleDeps } from "./sign-in-throttle.ts";
import { checkSecondFactor, noteRecoveryCodeUse } from "./two-factor.ts";

// The second step of signing in, for a user with an authenticator app. The right password makes
// a pending sign-in: a cookie of 32 random bytes (its SHA-256 stored) that opens nothing but the
// code form, for PENDING_MS. Each code passes the same throttle as a password (a wrong one stays
// counted for the e-mail and the address), and MAX_CODE_FAILURES wrong codes end the pending
// sign-in, so the password must be typed again. The right code (or an unused recovery code)
// opens the session.

export type SignInDeps = SessionDeps &
  ThrottleDeps & {
    secretBox: SecretBox;
    limits: SessionLimits & ThrottleDeps["limits"];
    scryptCost: number;
  };

export const PENDING_MS = 5 * 60_000;
export const MAX_CODE_FAILURES = 5;

export async function startPendingSignIn(
  deps: Pick<SignInDeps, "db" | "clock" | "random">,
  user: { id: string; accountId: string },
): Promise<string> {
  const cookie = deps.random.bytes(32).toString("base64url");
  const now = deps.clock.now();
  await q.insertPendingSignIn(deps.db, {
    idHash: sha256Hex(cookie),
    userId: user.id,
    accountId: user.accountId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_MS),
  });
  return cookie;
}

/** Whether a pending cookie still waits for its code (the code page is shown only then). */
export async function pendingSignInAlive(
  deps: Pick<SignInDeps, "db" | "clock">,
  cookie: string | undefined,
): Promise<boolean> {
  if (!cookie || cookie.length > 100) return false;
  return Boolean(
    await q.findPendingSignIn(deps.db, { idHash: sha256Hex(cookie), now: deps.clock.now() }),
  );
}

export type CodeOutcome =
  | { ok: true; cookie: string; userId: string }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "expired" }
  | { ok: false; reason: "throttled"; retryAfterSec: number };

export async function completeSignIn(
  deps: SignInDeps,
  input: {
    pendingCookie: string | undefined;
    code: string;
    ip: string;
    previousCookie?: string | undefined;
    userAgent?: string | undefined;
  },
): Promise<CodeOutcome> {
  const cookie = input.pendingCookie;
  if (!cookie || cookie.length > 100) return { ok: false, reason: "expired" };
  const idHash = sha256Hex(cookie);
  const pending = await q.findPendingSignIn(deps.db, { idHash, now: deps.clock.now() });
  if (!pending) return { ok: false, reason: "expired" };
  const user = await findUser(deps.db, { accountId: pending.accountId, id: pending.userId });
  if (!user) return { ok: false, reason: "expired" };
  const attempt = await startAttempt(deps, { email: user.email, ip: input.ip });
  if (!attempt.ok) return { ok: false, reason: "throttled", retryAfterSec: attempt.retryAfterSec };
  const who = { userId: user.id, email: user.email };
  const audit = {
    accountId: user.accountId,
    actor: { kind: "user" as const, id: user.email, ip: input.ip, userAgent: input.userAgent },
  };
  const check = await checkSecondFactor(deps, who, input.code);
  if (check === "wrong") {
    // Logged like a wrong password, with its reason (never the code typed).
    await recordAudit(deps, {
      ...audit,
      action: "sign_in.failed",
      target: user.id,
      changes: { reason: { after: "wrong_code" } },
    });
    // The failure stays counted by the throttle; too many end this pending sign-in.
    if ((await q.countPendingFailure(deps.db, idHash)) >= MAX_CODE_FAILURES) {
      await q.deletePendingSignIn(deps.db, idHash);
      return { ok: false, reason: "expired" };
    }
    return { ok: false, reason: "wrong" };
  }
  await attempt.succeeded();
  await noteRecoveryCodeUse(deps, check, who, audit, "sign_in");
  const session = await openSignedIn(deps, user, input, {
    factor: check === "app" ? "totp" : "recovery_code",
    before: (db) => q.deletePendingSignIn(db, idHash),
  });
  return { ok: true, cookie: session.cookie, userId: user.id };
}

/**
 * Opens the session of a sign-in that succeeded and logs it, in one transaction (the entry exists
 * exactly when the session does); `before` runs first in it (the pending sign-in spent).
 */
export async function openSignedIn(
  deps: SignInDeps,
  user: { id: string; accountId: string; email: string },
  input: { ip: string; userAgent?: string | undefined; previousCookie?: string | undefined },
  opts: {
    factor?: "totp" | "recovery_code" | "passkey";
    before?: (db: Db) => Promise<unknown>;
  } = {},
): Promise<{ cookie: string }> {
  return deps.db.transaction(async (db) => {
    await opts.before?.(db);
    const opened = await startSession({ ...deps, db }, deps.limits, {
      userId: user.id,
      accountId: user.accountId,
      previousCookie: input.previousCookie,
      userAgent: input.userAgent,
      ip: input.ip,
    });
    await recordAudit(
      { ...deps, db },
      {
        accountId: user.accountId,
        actor: { kind: "user", id: user.email, ip: input.ip, userAgent: input.userAgent },
        action: "sign_in.succeeded",
        target: user.id,
        ...(opts.factor ? { changes: { factor: { after: opts.factor } } } : {}),
      },
    );
    return opened;
  });
}
