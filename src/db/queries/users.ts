import type { Db } from "../../kernel/db.ts";

export type UserRow = {
  id: string;
  accountId: string;
  email: string;
  passwordHash: string;
  createdAt: Date;
  passwordChangedAt: Date;
  /** One of domain/users/roles.ts ROLES (the column's CHECK). */
  role: string;
};

const COLUMNS = `id, account_id AS "accountId", email, password_hash AS "passwordHash",
  created_at AS "createdAt", password_changed_at AS "passwordChangedAt", role`;

/** Inserts a user; false when the e-mail is taken (the unique index decides, race-free). */
export async function insertUser(db: Db, u: UserRow): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO users (id, account_id, email, password_hash, created_at, password_changed_at, role)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (email) DO NOTHING RETURNING id`,
    [u.id, u.accountId, u.email, u.passwordHash, u.createdAt, u.passwordChangedAt, u.role],
  );
  return rows.length === 1;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]))[0];
}

export async function findUser(
  db: Db,
  k: { accountId: string; id: string },
): Promise<UserRow | undefined> {
  return (
    await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND account_id = $2`, [
      k.id,
      k.accountId,
    ])
  )[0];
}

export function listUsers(db: Db, accountId: string): Promise<UserRow[]> {
  return db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE account_id = $1 ORDER BY created_at, id`,
    [accountId],
  );
}

export async function setPassword(
  db: Db,
  k: { id: string; passwordHash: string; at: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET password_hash = $2, password_changed_at = $3 WHERE id = $1 RETURNING id`,
    [k.id, k.passwordHash, k.at],
  );
  return rows.length === 1;
}

/** Deletes a user of the account (their sessions go with them: ON DELETE CASCADE). */
export async function deleteUser(db: Db, k: { accountId: string; id: string }): Promise<boolean> {
  const rows = await db.query("DELETE FROM users WHERE id = $1 AND account_id = $2 RETURNING id", [
    k.id,
    k.accountId,
  ]);
  return rows.length === 1;
}

export async function countUsers(db: Db, accountId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM users WHERE account_id = $1",
    [accountId],
  );
  return row?.n ?? 0;
}

/**
 * Who hears of a money-routing change or a live key (domain/audit/security-alert.ts): the
 * account's owners (users.role, migration 0039).
 */
export async function accountOwnerEmails(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    "SELECT email FROM users WHERE account_id = $1 AND role = 'owner' ORDER BY created_at, id",
    [accountId],
  );
  return rows.map((r) => r.email);
}

/**
 * The account's owners' ids, their rows locked until the transaction ends: two owners demoting
 * or removing each other at once cannot both pass the "one owner remains" check.
 */
export async function lockOwners(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    "SELECT id FROM users WHERE account_id = $1 AND role = 'owner' ORDER BY id FOR UPDATE",
    [accountId],
  );
  return rows.map((r) => r.id);
}

export async function setRole(
  db: Db,
  k: { accountId: string; id: string; role: string },
): Promise<boolean> {
  const rows = await db.query(
    "UPDATE users SET role = $3 WHERE id = $1 AND account_id = $2 RETURNING id",
    [k.id, k.accountId, k.role],
  );
  return rows.length === 1;
}
