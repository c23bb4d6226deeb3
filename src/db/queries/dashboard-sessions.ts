import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

export type SessionRow = {
  idHash: string;
  userId: string;
  accountId: string;
  csrfToken: string;
  mode: Mode;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent?: string | null;
  ip?: string | null;
  /** The last fresh second factor (or password) given in this session. */
  sudoAt?: Date | null;
};

export async function insertSession(db: Db, s: SessionRow): Promise<void> {
  await db.query(
    `INSERT INTO dashboard_sessions
       (id_hash, user_id, account_id, csrf_token, mode, created_at, last_seen_at, expires_at,
        user_agent, ip, sudo_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      s.idHash,
      s.userId,
      s.accountId,
      s.csrfToken,
      s.mode,
      s.createdAt,
      s.lastSeenAt,
      s.expiresAt,
      s.userAgent ?? null,
      s.ip ?? null,
      s.sudoAt ?? null,
    ],
  );
}

/** What a live session's page needs of its user and account besides the session itself. */
export type SessionMember = {
  email: string;
  role: string;
  hasTwoFactor: boolean;
  requireTwoFactor: boolean;
};

/**
 * The live session of a cookie with its user's e-mail and role, whether the user has a second
 * factor (the authenticator app or a passkey) and whether the account requires one: not past either of its expiries.
 */
export async function findLiveSession(
  db: Db,
  k: { idHash: string; now: Date; idleSince: Date },
): Promise<(SessionRow & SessionMember) | undefined> {
  const rows = await db.query<SessionRow & SessionMember>(
    `SELECT s.id_hash AS "idHash", s.user_id AS "userId", s.account_id AS "accountId",
       s.csrf_token AS "csrfToken", s.mode, s.created_at AS "createdAt",
       s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt", s.sudo_at AS "sudoAt",
       u.email, u.role,
       (u.totp_secret IS NOT NULL
         OR EXISTS (SELECT 1 FROM user_passkeys p WHERE p.user_id = u.id)) AS "hasTwoFactor",
       a.require_two_factor AS "requireTwoFactor"
     FROM dashboard_sessions s JOIN users u ON u.id = s.user_id AND u.account_id = s.account_id
       JOIN accounts a ON a.id = s.account_id
     WHERE s.id_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3`,
    [k.idHash, k.now, k.idleSince],
  );
  return rows[0];
}

export async function touchSession(
  db: Db,
  k: { idHash: string; at: Date; ip?: string | undefined },
): Promise<void> {
  await db.query(
    "UPDATE dashboard_sessions SET last_seen_at = $2, ip = coalesce($3, ip) WHERE id_hash = $1",
    [k.idHash, k.at, k.ip ?? null],
  );
}

export async function setSessionSudo(db: Db, k: { idHash: string; at: Date }): Promise<void> {
  await db.query("UPDATE dashboard_sessions SET sudo_at = $2 WHERE id_hash = $1", [k.idHash, k.at]);
}

export type SessionListRow = {
  idHash: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
};

/** A user's sessions still alive, the most recently used first. */
export async function listUserSessions(
  db: Db,
  k: { userId: string; now: Date; idleSince: Date },
): Promise<SessionListRow[]> {
  return db.query<SessionListRow>(
    `SELECT id_hash AS "idHash", user_agent AS "userAgent", ip, created_at AS "createdAt",
       last_seen_at AS "lastSeenAt"
     FROM dashboard_sessions WHERE user_id = $1 AND expires_at > $2 AND last_seen_at > $3
     ORDER BY last_seen_at DESC`,
    [k.userId, k.now, k.idleSince],
  );
}

export async function setSessionMode(db: Db, k: { idHash: string; mode: Mode }): Promise<void> {
  await db.query("UPDATE dashboard_sessions SET mode = $2 WHERE id_hash = $1", [k.idHash, k.mode]);
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.query("DELETE FROM dashboard_sessions WHERE id_hash = $1", [idHash]);
}

/** Ends one session of a user (the Security page's "sign out" on another device). */
export async function deleteUserSession(
  db: Db,
  k: { userId: string; idHash: string },
): Promise<boolean> {
  const rows = await db.query(
    "DELETE FROM dashboard_sessions WHERE user_id = $1 AND id_hash = $2 RETURNING id_hash",
    [k.userId, k.idHash],
  );
  return rows.length === 1;
}

export type SudoFormRow = { action: string; bodySealed: string };

export async function insertSudoForm(
  db: Db,
  k: { idHash: string; sessionHash: string; action: string; bodySealed: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO sudo_pending_forms (id_hash, session_hash, action, body_sealed, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [k.idHash, k.sessionHash, k.action, k.bodySealed, k.expiresAt],
  );
}

export async function findSudoForm(
  db: Db,
  k: { idHash: string; sessionHash: string; now: Date },
): Promise<SudoFormRow | undefined> {
  const rows = await db.query<SudoFormRow>(
    `SELECT action, body_sealed AS "bodySealed" FROM sudo_pending_forms
     WHERE id_hash = $1 AND session_hash = $2 AND expires_at > $3`,
    [k.idHash, k.sessionHash, k.now],
  );
  return rows[0];
}

export async function deleteSudoForm(db: Db, idHash: string, now: Date): Promise<void> {
  await db.query("DELETE FROM sudo_pending_forms WHERE id_hash = $1 OR expires_at <= $2", [
    idHash,
    now,
  ]);
}

/** Ends every session of a user, but `keep` (the one changing the password) when given. */
export async function deleteUserSessions(
  db: Db,
  k: { userId: string; keep?: string },
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM dashboard_sessions WHERE user_id = $1 AND ($2::text IS NULL OR id_hash <> $2)
     RETURNING id_hash`,
    [k.userId, k.keep ?? null],
  );
  return rows.length;
}

/** Removes sessions past their absolute expiry or idle limit (housekeeping at sign-in). */
export async function deleteDeadSessions(db: Db, k: { now: Date; idleSince: Date }): Promise<void> {
  await db.query("DELETE FROM dashboard_sessions WHERE expires_at <= $1 OR last_seen_at <= $2", [
    k.now,
    k.idleSince,
  ]);
}
