import type { Db } from "../../kernel/db.ts";

// The first start's pair (sandbox token, setup link) until it was printed (migration 0027).

const BOOTSTRAP_LOCK_ID = 7_261_042_002;

/**
 * Takes the first start's lock until the transaction ends: instances starting together on an
 * empty store wait here in turn, so exactly one of them finds it empty.
 */
export async function lockFirstStart(db: Db): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock($1)", [BOOTSTRAP_LOCK_ID]);
}

export async function countAccounts(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number | string }>("SELECT count(*) AS n FROM accounts");
  return Number(row?.n ?? 0);
}

export async function setFirstStartUnseen(db: Db, accountId: string, unseen: boolean) {
  await db.query("UPDATE accounts SET first_start_unseen = $2 WHERE id = $1", [accountId, unseen]);
}

/** The account whose first-start pair was made and never printed, if any. */
export async function unseenFirstStartAccount(db: Db): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    "SELECT id FROM accounts WHERE first_start_unseen ORDER BY created_at LIMIT 1 FOR UPDATE",
  );
  return rows[0]?.id;
}

/**
 * Revokes the unseen pair: the account's never-used test tokens of that label, and its setup
 * links not used yet (they expire now). Nobody saw them, so nobody can be using them.
 */
export async function revokeUnseenPair(
  db: Db,
  k: { accountId: string; tokenLabel: string; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE api_tokens SET revoked_at = $3
     WHERE account_id = $1 AND mode = 'test' AND label = $2 AND last_used_at IS NULL
       AND revoked_at IS NULL`,
    [k.accountId, k.tokenLabel, k.at],
  );
  await db.query(
    `UPDATE user_links SET expires_at = $2
     WHERE account_id = $1 AND kind = 'setup' AND used_at IS NULL AND expires_at > $2`,
    [k.accountId, k.at],
  );
}
