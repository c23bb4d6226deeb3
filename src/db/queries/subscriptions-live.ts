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

/**
 * The account's live subscriptions whose rec is still active at the PSP (created: awaiting the
 * payer; approved: billing), oldest first, at most `limit`, and how many there are. Its WHERE is
 * subscriptions_live_check's predicate, so that partial index (migration 0023) serves it: the
 * cost is one entry per active live subscription of the account, never the ended ones nor
 * test mode's (the PSP connection's delete guard, domain/subscriptions-live/delete-guard.ts).
 */
export async function activeLiveSubscriptionIds(
  db: Db,
  k: { accountId: string; limit: number },
): Promise<{ ids: string[]; total: number }> {
  const rows = await db.query<{ id: string; total: string | number }>(
    `SELECT id, count(*) OVER () AS total FROM subscriptions
     WHERE account_id = $1 AND mode = 'live' AND status IN ('created', 'approved')
     ORDER BY created_at, id LIMIT $2`,
    [k.accountId, k.limit],
  );
  return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
}

/** The amount a confirmed cobr's Pix brought, on its (already approved) charge. */
export async function setReceived(
  db: Db,
  k: { accountId: string; id: string },
  cents: number,
  /** The paying Pix's end-to-end id, which a refund's devolução names; kept unless another charge holds it. */
  e2eid?: string,
): Promise<void> {
  await db.query(
    `UPDATE charges SET received_cents = $3,
       psp_e2eid = CASE WHEN $4::text IS NULL OR EXISTS (SELECT 1 FROM charges o WHERE o.psp_e2eid = $4::text)
         THEN psp_e2eid ELSE $4::text END
     WHERE id = $1 AND account_id = $2 AND mode = 'live'`,
    [k.id, k.accountId, cents, e2eid ?? null],
  );
}

// ---- the reconciliation's work lists (domain/subscriptions-live/reconcile.ts) -------------

// The next check of a row the PSP was asked about: `base` doubled per check already made, at
// most `max` (milliseconds); the same shape as live charges' (live-pix/work-lists.ts).
const nextCheck = (alias: string, at: string, base: string, max: string) =>
  `${at}::timestamptz + least(${base}::float8 * power(2, least(${alias}.psp_check_count, 20)), ${max}::float8) * interval '1 millisecond'`;

/**
 * Claims up to `limit` live subscriptions of an account whose rec the PSP may still move
 * (created: awaiting the payer; approved: cancellable at the bank) and whose check is due: a
 * first check once `firstBefore` has passed their creation, then by back-off (`baseMs` doubled
 * per check, at most `createdMaxMs` or `approvedMaxMs`). The next check moves in the same
 * statement, with SKIP LOCKED, so instances running the pass at once take different rows.
 */
export async function claimRecsToCheck(
  db: Db,
  k: {
    accountId: string;
    at: Date;
    firstBefore: Date;
    baseMs: number;
    createdMaxMs: number;
    approvedMaxMs: number;
    limit: number;
  },
): Promise<Array<{ id: string; recId: string }>> {
  return db.query(
    `WITH due AS (
       SELECT id FROM subscriptions
       WHERE account_id = $1 AND mode = 'live' AND status IN ('created', 'approved')
         AND (psp_next_check_at <= $2 OR (psp_next_check_at IS NULL AND created_at <= $3))
       ORDER BY psp_next_check_at NULLS FIRST, created_at LIMIT $7 FOR UPDATE SKIP LOCKED
     )
     UPDATE subscriptions s SET psp_next_check_at = ${nextCheck("s", "$2", "$4", "CASE WHEN s.status = 'created' THEN $5::float8 ELSE $6::float8 END")},
       psp_check_count = s.psp_check_count + 1
     FROM due WHERE s.id = due.id
     RETURNING s.id, s.rec_id AS "recId"`,
    [k.accountId, k.at, k.firstBefore, k.baseMs, k.createdMaxMs, k.approvedMaxMs, k.limit],
  );
}

/**
 * Claims up to `limit` live periods of an account whose cobr is still open (status issued) and
 * whose check is due: a first check for periods dated `lastDueDate` or before (their debit
 * has been tried), then by back-off as above. Returns the period's charge and its txid.
 */
export async function claimPeriodsToCheck(
  db: Db,
  k: {
    accountId: string;
    at: Date;
    lastDueDate: string;
    baseMs: number;
    maxMs: number;
    limit: number;
  },
): Promise<Array<{ chargeId: string; txid: string }>> {
  return db.query(
    `WITH due AS (
       SELECT subscription_id, period FROM subscription_periods
       WHERE account_id = $1 AND mode = 'live' AND status = 'issued' AND charge_id IS NOT NULL
         AND (psp_next_check_at <= $2 OR (psp_next_check_at IS NULL AND due_date <= $3::date))
       ORDER BY psp_next_check_at NULLS FIRST, due_date LIMIT $6 FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE subscription_periods p SET psp_next_check_at = ${nextCheck("p", "$2", "$4", "$5")},
         psp_check_count = p.psp_check_count + 1
       FROM due WHERE p.subscription_id = due.subscription_id AND p.period = due.period
       RETURNING p.charge_id
     )
     SELECT c.id AS "chargeId", c.txid FROM claimed
     JOIN charges c ON c.id = claimed.charge_id AND c.account_id = $1 AND c.mode = 'live'`,
    [k.accountId, k.at, k.lastDueDate, k.baseMs, k.maxMs, k.limit],
  );
}

/**
 * Makes these checks due now: the periods of these charges (a Pix of theirs was seen in the
 * PSP's list of Pix received), or the subscription of this rec (one of its cobrs ended
 * cancelled: the rec may have been cancelled at the bank).
 */
export async function checkPeriodsNow(db: Db, accountId: string, chargeIds: string[], at: Date) {
  if (chargeIds.length === 0) return;
  await db.query(
    `UPDATE subscription_periods SET psp_next_check_at = $3
     WHERE charge_id = ANY($2::text[]) AND account_id = $1 AND mode = 'live' AND status = 'issued'`,
    [accountId, chargeIds, at],
  );
}

export async function checkRecNow(db: Db, accountId: string, recId: string, at: Date) {
  await db.query(
    `UPDATE subscriptions SET psp_next_check_at = $3
     WHERE rec_id = $2 AND account_id = $1 AND mode = 'live' AND status IN ('created', 'approved')`,
    [accountId, recId, at],
  );
}
