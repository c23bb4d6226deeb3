import type { Db } from "../../../kernel/db.ts";

// The day's PSP statement (domain/live-pix/pix-statement-view.ts): the account's live charges a
// list of Pix received names, by txid (the cob's) or by the payment's end-to-end id (a Pix
// without txid, or one whose charge learned its id). Both columns are indexed (charges_by_txid,
// charges_psp_e2eid); the owner is checked on the few rows found.

export type StatementChargeRow = {
  id: string;
  txid: string;
  status: string;
  pspE2eid: string | null;
  /** The payer as the charge was made for them (`customer_name`), when it was given. */
  customerName: string | null;
};

export async function chargesNamedBy(
  db: Db,
  k: { accountId: string; txids: string[]; e2eids: string[] },
): Promise<StatementChargeRow[]> {
  if (k.txids.length === 0 && k.e2eids.length === 0) return [];
  return db.query<StatementChargeRow>(
    `WITH found AS MATERIALIZED (
       SELECT id, txid, status, psp_e2eid, details->>'customer_name' AS customer_name, account_id, mode
       FROM charges WHERE txid = ANY($2::text[])
       UNION
       SELECT id, txid, status, psp_e2eid, details->>'customer_name' AS customer_name, account_id, mode
       FROM charges WHERE psp_e2eid = ANY($3::text[])
     )
     SELECT id, txid, status, psp_e2eid AS "pspE2eid", customer_name AS "customerName" FROM found
     WHERE account_id = $1 AND mode = 'live'`,
    [k.accountId, k.txids, k.e2eids],
  );
}
