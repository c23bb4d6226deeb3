import type { Db } from "../../../kernel/db.ts";
import { type ChargeRow, chargeColumns } from "../charges.ts";
import type { LivePixState } from "./charge-state.ts";

// The live PIX charges that reconciliation, the live expiry and the connection delete's guard
// look at. The claims take their rows with SKIP LOCKED, so any number of instances may run them
// at once, and move each row's next check back in the same statement.

// The next check of a charge the PSP was asked about: `base` doubled per check already made,
// at most `max` (milliseconds). Parameters $b and $m of the statement that uses it.
const nextCheck = (at: string, b: string, m: string) =>
  `${at}::timestamptz + least(${b}::float8 * power(2, least(c.psp_check_count, 20)), ${m}::float8) * interval '1 millisecond'`;

/**
 * Claims up to `limit` live PIX charges of an account whose refund is in progress
 * (EM_PROCESSAMENTO) and whose next check is due: the PSP is asked about each refund, and its
 * next check moves back (`baseMs` doubled per check, at most `maxMs`) in the same statement, so
 * a refund the PSP keeps reporting in progress is asked less and less often, and a second
 * instance running the same pass takes other rows. Pending charges are not polled one by one:
 * reconciliation reads the PSP's list of Pix received instead (live-reconcile.ts).
 */
export async function claimOpenLiveCharges(
  db: Db,
  k: { accountId: string; at: Date; baseMs: number; maxMs: number; limit: number },
): Promise<Array<ChargeRow & LivePixState>> {
  return db.query<ChargeRow & LivePixState>(
    `WITH due AS (
       SELECT id FROM charges
       WHERE account_id = $1 AND mode = 'live' AND method = 'pix'
         AND refund_status = 'EM_PROCESSAMENTO' AND status = 'approved'
         AND (psp_next_check_at IS NULL OR psp_next_check_at <= $2)
       ORDER BY psp_next_check_at NULLS FIRST LIMIT $5 FOR UPDATE SKIP LOCKED
     )
     UPDATE charges c SET psp_checked_at = $2, psp_next_check_at = ${nextCheck("$2", "$3", "$4")},
       psp_check_count = c.psp_check_count + 1
     FROM due WHERE c.id = due.id
     RETURNING ${chargeColumns("c.")}, c.psp_e2eid AS "pspE2eid", c.refund_id AS "refundId",
       c.refund_status AS "refundStatus", c.refund_reason AS "refundReason"`,
    [k.accountId, k.at, k.baseMs, k.maxMs, k.limit],
  );
}

/**
 * Claims overdue pending live PIX charges of an account for the expiry pass (their cobs are
 * removed at the PSP before they expire), with the same per-charge back-off: a charge whose
 * removal failed (the PSP down, the cob still ATIVA) is tried again later and later, never on
 * every pass. Underpaid charges (received_cents > 0) are not claimed: their cob is CONCLUIDA,
 * there is nothing to remove (expireUnderpaid). A subscription period's charge is not a cob but
 * a cobr, whose end the PSP reports (domain/subscriptions-live): never claimed here.
 */
export async function claimOverdueLiveCharges(
  db: Db,
  k: { accountId: string; at: Date; baseMs: number; maxMs: number; limit: number },
): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(
    `WITH due AS (
       SELECT id FROM charges
       WHERE account_id = $1 AND mode = 'live' AND method = 'pix' AND status = 'pending'
         AND expires_at <= $2 AND received_cents = 0 AND subscription_id IS NULL
         AND (psp_next_check_at IS NULL OR psp_next_check_at <= $2)
       ORDER BY expires_at LIMIT $5 FOR UPDATE SKIP LOCKED
     )
     UPDATE charges c SET psp_next_check_at = ${nextCheck("$2", "$3", "$4")},
       psp_check_count = c.psp_check_count + 1
     FROM due WHERE c.id = due.id
     RETURNING ${chargeColumns("c.")}`,
    [k.accountId, k.at, k.baseMs, k.maxMs, k.limit],
  );
}

/**
 * Overdue pending live PIX charges paid for less than their value: their cob is CONCLUIDA (it
 * can be paid no more), so they expire without asking the PSP, keeping amountReceived.
 */
export async function overdueUnderpaid(db: Db, at: Date): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(
    `SELECT ${chargeColumns()} FROM charges
     WHERE mode = 'live' AND method = 'pix' AND status = 'pending' AND received_cents > 0
       AND expires_at <= $1
     ORDER BY expires_at LIMIT 500`,
    [at],
  );
}

/** Up to `limit` pending live PIX charges of an account (ids), oldest first. */
export async function pendingLiveChargeIds(
  db: Db,
  k: { accountId: string; limit: number },
): Promise<{ ids: string[]; total: number }> {
  const rows = await db.query<{ id: string; total: string | number }>(
    `SELECT id, count(*) OVER () AS total FROM charges
     WHERE account_id = $1 AND mode = 'live' AND method = 'pix' AND status = 'pending'
     ORDER BY created_at LIMIT $2`,
    [k.accountId, k.limit],
  );
  return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
}

/**
 * The live charges of an account holding these txids (reconciliation's batch lookup), each with
 * the id of the payment that approved it (null while unpaid; a placeholder when the PSP listed
 * none: live-payment-ids.ts), so a Pix seen again can be told from a second payment.
 */
export async function chargesByTxids(
  db: Db,
  k: { accountId: string; txids: string[] },
): Promise<Array<ChargeRow & { pspE2eid: string | null }>> {
  if (k.txids.length === 0) return [];
  return db.query<ChargeRow & { pspE2eid: string | null }>(
    // The txids alone in the scan, so charges_by_txid serves it whatever the statistics (see
    // oneCharge in charges.ts); the owner is checked on the few rows found.
    `WITH found AS MATERIALIZED (SELECT * FROM charges WHERE txid = ANY($2::text[]))
     SELECT ${chargeColumns()}, psp_e2eid AS "pspE2eid" FROM found
     WHERE account_id = $1 AND mode = 'live'`,
    [k.accountId, k.txids],
  );
}
