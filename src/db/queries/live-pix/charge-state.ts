import type { Db } from "../../../kernel/db.ts";
import { type ChargeRow, chargeColumns } from "../charges.ts";

// A live PIX charge's PSP-side facts (issue 12): approval by a confirmed PSP payment, an
// underpaid cob, the refund's state. Every statement is conditional, so a notification and a
// reconciliation pass reporting the same fact change the row once.

/** A live charge's PSP-side facts, beside its ChargeRow. */
export type LivePixState = {
  pspE2eid: string | null;
  refundId: string | null;
  refundStatus: string | null;
  refundReason: string | null;
};

export async function liveState(
  db: Db,
  k: { accountId: string; id: string },
): Promise<LivePixState | undefined> {
  const rows = await db.query<LivePixState>(
    `SELECT psp_e2eid AS "pspE2eid", refund_id AS "refundId", refund_status AS "refundStatus",
       refund_reason AS "refundReason"
     FROM charges WHERE id = $1 AND account_id = $2 AND mode = 'live'`,
    [k.id, k.accountId],
  );
  return rows[0];
}

/**
 * Approves a live charge paid by the PSP payment `e2eid`, once: only if the charge is not
 * approved (or refunded) yet and no charge already holds this end-to-end id. A payment that
 * lands after our expiry or cancel still wins (money was received), marked paid late.
 */
export async function approveByPayment(
  db: Db,
  k: {
    accountId: string;
    id: string;
    e2eid: string;
    at: Date;
    /** A due-date charge (cobv): what the payer paid on the day (migration 0017). */
    amountPaidCents?: number;
  },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<ChargeRow>(
    `UPDATE charges SET status = 'approved', updated_at = $4, approved_at = $4, psp_e2eid = $3,
       paid_late = paid_late OR status <> 'pending',
       amount_paid_cents = coalesce($5, amount_paid_cents)
     WHERE id = $1 AND account_id = $2 AND mode = 'live' AND method = 'pix'
       AND status IN ('pending', 'expired', 'canceled')
       AND NOT EXISTS (SELECT 1 FROM charges o WHERE o.psp_e2eid = $3)
     RETURNING ${chargeColumns()}`,
    [k.id, k.accountId, k.e2eid, k.at, k.amountPaidCents ?? null],
  );
  return rows[0];
}

/**
 * Records the refund we asked for (its id) and what the PSP said of it. Returns whether this
 * changed anything: a status already recorded (a notification and a reconciliation pass both
 * reporting it) is not news, and its event is not written twice.
 */
export async function setRefundState(
  db: Db,
  k: { accountId: string; id: string; refundId: string; status: string; reason: string | null },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE charges SET refund_id = $3, refund_status = $4, refund_reason = $5
     WHERE id = $1 AND account_id = $2 AND mode = 'live'
       AND (refund_id IS DISTINCT FROM $3 OR refund_status IS DISTINCT FROM $4)
     RETURNING 1`,
    [k.id, k.accountId, k.refundId, k.status, k.reason],
  );
  return rows.length === 1;
}

/**
 * Records that a live charge's cob was paid for less than its value (CONCLUIDA, underpaid):
 * the charge stays pending with what was received. Returns the row only when this is news
 * (the amount was not recorded yet), so its charge.updated event is written once.
 */
export async function recordUnderpaid(
  db: Db,
  k: { accountId: string; id: string; receivedCents: number; at: Date },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<ChargeRow>(
    `UPDATE charges SET received_cents = $3, updated_at = $4
     WHERE id = $1 AND account_id = $2 AND mode = 'live' AND method = 'pix' AND status = 'pending'
       AND received_cents <> $3
     RETURNING ${chargeColumns()}`,
    [k.id, k.accountId, k.receivedCents, k.at],
  );
  return rows[0];
}

/** Whether a payment (end-to-end id) already settled a charge: a repeated notification. */
export async function paymentKnown(db: Db, e2eid: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM charges WHERE psp_e2eid = $1", [e2eid]);
  return rows.length > 0;
}
