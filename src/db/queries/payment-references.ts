import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

/** What identifies a paid charge's payment to its payer, as far as this service knows it. */
export type PaymentReferences = {
  /** A PIX charge's end-to-end id (live: the PSP's; a placeholder until it is learnt). */
  e2eid: string | null;
  /** The Lightning invoice's payment hash, when the charge has an invoice. */
  paymentHash: string | null;
  /** The first transaction attributed to the charge on an address handed out again. */
  txid: string | null;
};

/**
 * The payment references of one charge of an account and mode, in one statement: the e2eid on
 * the charge's row, its Lightning invoice (one per charge, unique index on charge_id), and the
 * transaction bitcoin_address_payments attributed to it (by its address: the table's key). An
 * on-chain payment to an address only this charge held is not recorded by transaction, so
 * there the txid is null. Undefined when no such charge exists.
 */
export async function paymentReferences(
  db: Db,
  k: { accountId: string; mode: Mode; chargeId: string },
): Promise<PaymentReferences | undefined> {
  const rows = await db.query<PaymentReferences>(
    `SELECT c.psp_e2eid AS "e2eid",
       (SELECT li.payment_hash FROM lightning_invoices li
         WHERE li.charge_id = c.id AND li.account_id = c.account_id AND li.mode = c.mode
         LIMIT 1) AS "paymentHash",
       (SELECT p.txid FROM bitcoin_address_payments p
         WHERE c.method = 'crypto' AND p.address = c.crypto->>'address' AND p.charge_id = c.id
           AND p.account_id = c.account_id AND p.mode = c.mode
         ORDER BY p.seen_at, p.txid LIMIT 1) AS "txid"
     FROM charges c
     WHERE c.id = $1 AND c.account_id = $2 AND c.mode = $3`,
    [k.chargeId, k.accountId, k.mode],
  );
  return rows[0];
}
