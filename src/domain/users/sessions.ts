import * as q from "../../db/queries/dashboard-sessions.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode, Principal } from "../../kernel/mode.ts";
import { type AuditActor, recordAudit } from "../audit/record-audit.ts";
import { sha256Hex } from "../sha256.ts";
import { asRole, type Role, roleScopes } from "./roles.ts";

// Dashboard sessions. The cookie holds 32 random bytes; the database only their SHA-256, so a
// copy of the table signs nobody in. A session dies when idle for `idleMs`, `maxMs` after it
// began whatever its use, at sign-out, or with its user. Signing in always makes a new session
// (and ends the one the browser came with), so a session id planted before sign-in is useless.

export type SessionDeps = { db: Db; clock: Clock; random: Random };
export type SessionLimits = { idleMs: number; maxMs: number };

export type Session = {
  idHash: string;
  userId: string;
  accountId: string;
  email: string;
  csrfToken: string;
  mode: Mode;
  /** When this session's user last gave a fresh factor (signing in counts). */
  sudoAt: Date | null;
  /** The user's role, read on each request: a changed role applies at the next page. */
  role: Role;
  /** The account requires a second factor and this user has none yet (sent to enrol). */
  mustEnrolTwoFactor: boolean;
};

/** Writes are saved by refreshing last_seen_at at most this often. */
const TOUCH_EVERY_MS = 60_000;

export async function startSession(
  deps: SessionDeps,
  limits: SessionLimits,
  input: {
    userId: string;
    accountId: string;
    previousCookie?: string | undefined;
    userAgent?: string | undefined;
    ip?: string | undefined;
  },
): Promise<{ cookie: string }> {
  const now = deps.clock.now();
  if (input.previousCookie) await q.deleteSession(deps.db, sha256Hex(input.previousCookie));
  await q.deleteDeadSessions(deps.db, { now, idleSince: new Date(now.getTime() - limits.idleMs) });
  const cookie = deps.random.bytes(32).toString("base64url");
  await q.insertSession(deps.db, {
    idHash: sha256Hex(cookie),
    userId: input.userId,
    accountId: input.accountId,
    csrfToken: deps.random.bytes(24).toString("base64url"),
    mode: "test",
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + limits.maxMs),
    // The Security page names the session by its browser and address (cut: a header is free text).
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ip: input.ip ?? null,
    // Signing in is a fresh factor: the password, and the code when the user has one.
    sudoAt: now,
  });
  return { cookie };
}

/** The live session of a cookie value, or undefined (unknown, idle too long, or past its end). */
export async function resolveSession(
  deps: SessionDeps,
  limits: SessionLimits,
  cookie: string | undefined,
  ip?: string,
): Promise<Session | undefined> {
  if (!cookie || cookie.length > 100) return undefined;
  const now = deps.clock.now();
  const idHash = sha256Hex(cookie);
  const row = await q.findLiveSession(deps.db, {
    idHash,
    now,
    idleSince: new Date(now.getTime() - limits.idleMs),
  });
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await q.touchSession(deps.db, { idHash, at: now, ip });
  }
  return {
    idHash,
    userId: row.userId,
    accountId: row.accountId,
    email: row.email,
    csrfToken: row.csrfToken,
    mode: row.mode,
    sudoAt: row.sudoAt ?? null,
    role: asRole(row.role),
    mustEnrolTwoFactor: row.requireTwoFactor && !row.hasTwoFactor,
  };
}

/** Records a fresh factor given in this session (a code or password asked before a change). */
export async function markSudo(deps: { db: Db; clock: Clock }, session: Session): Promise<void> {
  const at = deps.clock.now();
  await q.setSessionSudo(deps.db, { idHash: session.idHash, at });
  session.sudoAt = at;
}

/** Whether the session's last fresh factor is younger than `windowMs`. */
export function sudoFresh(deps: { clock: Clock }, session: Session, windowMs: number): boolean {
  if (!session.sudoAt) return false;
  return deps.clock.now().getTime() - session.sudoAt.getTime() < windowMs;
}

export type SessionListing = {
  /** A reference for the page's forms: a hash of the id hash, so the page names no row key. */
  ref: string;
  current: boolean;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
};

const refOf = (idHash: string) => sha256Hex(`session-ref:${idHash}`).slice(0, 24);

/** The user's open sessions, this one marked. */
export async function listSessions(
  deps: { db: Db; clock: Clock },
  limits: SessionLimits,
  session: Session,
): Promise<SessionListing[]> {
  const now = deps.clock.now();
  const rows = await q.listUserSessions(deps.db, {
    userId: session.userId,
    now,
    idleSince: new Date(now.getTime() - limits.idleMs),
  });
  return rows.map((r) => ({
    ref: refOf(r.idHash),
    current: r.idHash === session.idHash,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
  }));
}

/** Ends one of the user's other sessions by its page reference; false when there is none. */
export async function endSessionByRef(
  deps: { db: Db; clock: Clock },
  limits: SessionLimits,
  session: Session,
  ref: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const rows = await q.listUserSessions(deps.db, {
    userId: session.userId,
    now,
    idleSince: new Date(now.getTime() - limits.idleMs),
  });
  const row = rows.find((r) => refOf(r.idHash) === ref && r.idHash !== session.idHash);
  if (!row) return false;
  return q.deleteUserSession(deps.db, { userId: session.userId, idHash: row.idHash });
}

/** Signs the user out on every other browser, this one kept. */
export async function endOtherSessions(deps: { db: Db }, session: Session): Promise<number> {
  return q.deleteUserSessions(deps.db, { userId: session.userId, keep: session.idHash });
}

export async function endSession(
  deps: SessionDeps,
  session: Session,
  actor: AuditActor,
): Promise<void> {
  await deps.db.transaction(async (db) => {
    await q.deleteSession(db, session.idHash);
    await recordAudit(
      { ...deps, db },
      { accountId: session.accountId, actor, action: "session.ended", target: session.userId },
    );
  });
}

/** Signs the user out on every browser (this one included). */
export async function endAllSessions(
  deps: SessionDeps,
  session: Session,
  actor: AuditActor,
): Promise<number> {
  return deps.db.transaction(async (db) => {
    const n = await q.deleteUserSessions(db, { userId: session.userId });
    await recordAudit(
      { ...deps, db },
      {
        accountId: session.accountId,
        actor,
        action: "session.ended",
        target: session.userId,
        changes: { sessions_ended: { after: n }, everywhere: { after: true } },
      },
    );
    return n;
  });
}

export async function switchMode(deps: { db: Db }, session: Session, mode: Mode): Promise<void> {
  await q.setSessionMode(deps.db, { idHash: session.idHash, mode });
}

/**
 * The principal the domain's use cases take, for a session: its account, chosen mode and the
 * scopes of the user's role. The "token" is the user, so nothing the dashboard does is mistaken
 * for the public checkout.
 */
export function sessionPrincipal(s: Session): Principal {
  return {
    accountId: s.accountId,
    mode: s.mode,
    tokenId: `dashboard:${s.userId}`,
    scopes: roleScopes(s.role),
  };
}
