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
};

export async function insertSession(db: Db, s: SessionRow): Promise<void> {
  await db.query(
    `INSERT INTO dashboard_sessions
       (id_hash, user_id, account_id, csrf_token, mode, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [s.idHash, s.userId, s.accountId, s.csrfToken, s.mode, s.createdAt, s.lastSeenAt, s.expiresAt],
  );
}

/** The live session of a cookie with its user's e-mail: not past either of its expiries. */
export async function findLiveSession(
  db: Db,
  k: { idHash: string; now: Date; idleSince: Date },
): Promise<(SessionRow & { email: string }) | undefined> {
  const rows = await db.query<SessionRow & { email: string }>(
    `SELECT s.id_hash AS "idHash", s.user_id AS "userId", s.account_id AS "accountId",
       s.csrf_token AS "csrfToken", s.mode, s.created_at AS "createdAt",
       s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt", u.email
     FROM dashboard_sessions s JOIN users u ON u.id = s.user_id AND u.account_id = s.account_id
     WHERE s.id_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3`,
    [k.idHash, k.now, k.idleSince],
  );
  return rows[0];
}

export async function touchSession(db: Db, k: { idHash: string; at: Date }): Promise<void> {
  await db.query("UPDATE dashboard_sessions SET last_seen_at = $2 WHERE id_hash = $1", [
    k.idHash,
    k.at,
  ]);
}

export async function setSessionMode(db: Db, k: { idHash: string; mode: Mode }): Promise<void> {
  await db.query("UPDATE dashboard_sessions SET mode = $2 WHERE id_hash = $1", [k.idHash, k.mode]);
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.query("DELETE FROM dashboard_sessions WHERE id_hash = $1", [idHash]);
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
