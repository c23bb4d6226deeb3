import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { type ChargeRow, chargeColumns, type StoredRefund } from "./charges.ts";

// A charge's refunds are read and written under its row lock (migration 0029): a refund is
// checked against the others and appended by one holder of the lock at a time, so concurrent
// refunds of one charge never add up past what was paid.

type Key = { accountId: string; mode: Mode; id: string };

/**
 * The charge, locked for the rest of the transaction (SELECT ... FOR UPDATE), with its payment's
 * end-to-end id (live). Undefined when the caller has no such charge.
 */
export async function lockChargeForRefund(
  db: Db,
  k: Key,
): Promise<(ChargeRow & { pspE2eid: string | null }) | undefined> {
  const rows = await db.query<ChargeRow & { pspE2eid: string | null }>(
    `SELECT ${chargeColumns()}, psp_e2eid AS "pspE2eid" FROM charges
     WHERE id = $1 AND account_id = $2 AND mode = $3 FOR UPDATE`,
    [k.id, k.accountId, k.mode],
  );
  return rows[0];
}

/**
 * Writes a locked charge's refunds (the whole array) and, when they give back all that was
 * paid, its move to refunded. `refund_status` is the live work list's flag (migration 0006):
 * EM_PROCESSAMENTO while any refund waits for the PSP, so reconciliation asks about it.
 */
export async function writeRefunds(
  db: Db,
  k: Key,
  w: { refunds: StoredRefund[]; refunded: boolean; at: Date },
): Promise<ChargeRow> {
  const waiting = w.refunds.some((r) => r.status === "in_progress");
  const last = w.refunds.at(-1);
  const rows = await db.query<ChargeRow>(
    `UPDATE charges SET refunds = $4::jsonb, updated_at = $5,
       status = CASE WHEN $6 AND status = 'approved' THEN 'refunded' ELSE status END,
       refund_status = CASE WHEN mode = 'live' THEN $7 ELSE refund_status END,
       refund_id = CASE WHEN mode = 'live' THEN coalesce($8, refund_id) ELSE refund_id END
     WHERE id = $1 AND account_id = $2 AND mode = $3
     RETURNING ${chargeColumns()}`,
    [
      k.id,
      k.accountId,
      k.mode,
      JSON.stringify(w.refunds),
      w.at,
      w.refunded,
      waiting ? "EM_PROCESSAMENTO" : last?.status === "refused" ? "NAO_REALIZADO" : "DEVOLVIDO",
      last?.pspId ?? null,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`charge ${k.id} vanished under its lock`);
  return row;
}
