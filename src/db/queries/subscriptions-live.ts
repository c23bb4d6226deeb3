import type { Db } from "../../kernel/db.ts";

// Queries of live subscriptions (domain/subscriptions-live/): the merchant's account at the PSP
// for each period's cobr, and which notified ids an account holds. Every query is scoped by
// account and mode.

export type ReceiverAccount = {
  branch: string | null;
  account: string;
  accountType: "CORRENTE" | "POUPANCA" | "PAGAMENTO";
};

export async function upsertReceiverAccount(
  db: Db,
  accountId: string,
  r: ReceiverAccount,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO pix_psp_receiver_accounts (account_id, mode, branch, account, account_type, updated_at)
     VALUES ($1, 'live', $2, $3, $4, $5)
     ON CONFLICT (account_id, mode) DO UPDATE SET branch = EXCLUDED.branch,
       account = EXCLUDED.account, account_type = EXCLUDED.account_type,
       updated_at = EXCLUDED.updated_at`,
    [accountId, r.branch, r.account, r.accountType, at],
  );
}

export async function findReceiverAccount(
  db: Db,
  accountId: string,
): Promise<ReceiverAccount | undefined> {
  const rows = await db.query<ReceiverAccount>(
    `SELECT branch, account, account_type AS "accountType" FROM pix_psp_receiver_accounts
     WHERE account_id = $1 AND mode = 'live'`,
    [accountId],
  );
  return rows[0];
}

/** Of these idRecs, the ones the account's live subscriptions hold. */
export async function heldRecIds(db: Db, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.query<{ id: string }>(
    `SELECT rec_id AS id FROM subscriptions
     WHERE account_id = $1 AND mode = 'live' AND rec_id = ANY($2::text[])`,
    [accountId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Of these txids, the ones of the account's live subscriptions' charges. */
export async function heldCobrTxids(db: Db, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.query<{ id: string }>(
    `SELECT txid AS id FROM charges WHERE account_id = $1 AND mode = 'live'
       AND txid = ANY($2::text[]) AND subscription_id IS NOT NULL`,
    [accountId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** The amount a confirmed cobr's Pix brought, on its (already approved) charge. */
export async function setReceived(
  db: Db,
  k: { accountId: string; id: string },
  cents: number,
): Promise<void> {
  await db.query(
    `UPDATE charges SET received_cents = $3 WHERE id = $1 AND account_id = $2 AND mode = 'live'`,
    [k.id, k.accountId, cents],
  );
}
