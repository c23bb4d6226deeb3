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
