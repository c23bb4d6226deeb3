import type { Db } from "../db.ts";

export type AccountRow = { id: string; name: string; createdAt: Date };

export async function insertAccount(db: Db, a: AccountRow): Promise<AccountRow> {
  await db.query("INSERT INTO accounts (id, name, created_at) VALUES ($1, $2, $3)", [
    a.id,
    a.name,
    a.createdAt,
  ]);
  return a;
}

export function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  return db
    .query<AccountRow>(`SELECT id, name, created_at AS "createdAt" FROM accounts WHERE id = $1`, [
      id,
    ])
    .then((r) => r[0]);
}

export function listAccounts(db: Db): Promise<AccountRow[]> {
  return db.query<AccountRow>(
    `SELECT id, name, created_at AS "createdAt" FROM accounts ORDER BY created_at, id`,
  );
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
