import type { Db } from "../../kernel/db.ts";

/** `name`: the operator's label; `displayName`: what payers see (null until the merchant sets it). */
export type AccountRow = { id: string; name: string; displayName: string | null; createdAt: Date };

const COLUMNS = `id, name, display_name AS "displayName", created_at AS "createdAt"`;

export async function insertAccount(db: Db, a: AccountRow): Promise<AccountRow> {
  await db.query(
    "INSERT INTO accounts (id, name, display_name, created_at) VALUES ($1, $2, $3, $4)",
    [a.id, a.name, a.displayName, a.createdAt],
  );
  return a;
}

/** Sets the account's display name; the row after, or undefined for an unknown account. */
export function setDisplayName(
  db: Db,
  id: string,
  displayName: string,
): Promise<AccountRow | undefined> {
  return db
    .query<AccountRow>(`UPDATE accounts SET display_name = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [
      id,
      displayName,
    ])
    .then((r) => r[0]);
}

export function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  return db
    .query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE id = $1`, [id])
    .then((r) => r[0]);
}

export function listAccounts(db: Db): Promise<AccountRow[]> {
  return db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts ORDER BY created_at, id`);
}

/**
 * Locks the account's row until the end of the caller's transaction, so that checks such as
 * "at most 100 tokens" cannot be passed by two transactions at once; false if there is no such
 * account. FOR NO KEY UPDATE, not FOR UPDATE: it excludes other holders of this lock but not the
 * key-share locks that inserting charges takes for their foreign key, so creating a token or a
 * webhook never holds back a batch of charge creations.
 */
export async function lockAccount(db: Db, id: string): Promise<boolean> {
  const rows = await db.query("SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE", [id]);
  return rows.length === 1;
}

/** Whether the account requires its members to have a second factor (migration 0039). */
export async function findRequireTwoFactor(db: Db, id: string): Promise<boolean> {
  const rows = await db.query<{ on: boolean }>(
    `SELECT require_two_factor AS "on" FROM accounts WHERE id = $1`,
    [id],
  );
  return rows[0]?.on ?? false;
}

/** Sets it; the value before, or undefined for an unknown account (row locked meanwhile). */
export async function setRequireTwoFactor(
  db: Db,
  k: { id: string; on: boolean },
): Promise<boolean | undefined> {
  const rows = await db.query<{ before: boolean }>(
    `UPDATE accounts a SET require_two_factor = $2
     FROM (SELECT require_two_factor FROM accounts WHERE id = $1 FOR UPDATE) old
     WHERE a.id = $1 RETURNING old.require_two_factor AS "before"`,
    [k.id, k.on],
  );
  return rows[0]?.before;
}
