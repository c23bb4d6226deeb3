import type { Db } from "../../kernel/db.ts";

// A live charge approved from a cob the PSP reported CONCLUIDA without its (optional) `pix` list
// holds a placeholder payment id, `cob:<account>:<txid>` (live-confirm.ts): the charge is paid,
// but a devolução needs the payment's end-to-end id. When the PSP's list of Pix received (or a
// Pix confirmed by GET /pix/{e2eid}) later names the payment, its id is written back here.

/** The prefix of the placeholder payment id (domain/live-pix/live-confirm.ts writes it). */
export const PLACEHOLDER_E2EID_PREFIX = "cob:";

/**
 * Writes the real end-to-end id of each listed payment over its charge's placeholder, in one
 * statement: only where the charge (by txid, of this account, live) still holds a placeholder
 * and no charge holds that id yet, so a second pass, a second instance or a notification
 * arriving at once changes nothing more (the row lock makes the later one see the real id).
 * Of several Pix on one txid the earliest (by `horario`) is the payment that concluded the cob.
 * Returns the txids whose payment id was written.
 */
export async function learnPaymentIds(
  db: Db,
  k: { accountId: string; payments: Array<{ txid: string; e2eid: string; horario: string }> },
): Promise<Set<string>> {
  if (k.payments.length === 0) return new Set();
  const rows = await db.query<{ txid: string }>(
    `WITH p AS (
       SELECT DISTINCT ON (txid) txid, e2eid
       FROM jsonb_to_recordset($2::jsonb) AS t(txid text, e2eid text, horario text)
       ORDER BY txid, horario
     )
     UPDATE charges c SET psp_e2eid = p.e2eid
     FROM p
     WHERE c.txid = p.txid AND c.account_id = $1 AND c.mode = 'live' AND c.method = 'pix'
       AND starts_with(c.psp_e2eid, $3)
       AND NOT EXISTS (SELECT 1 FROM charges o WHERE o.psp_e2eid = p.e2eid)
     RETURNING c.txid`,
    [k.accountId, JSON.stringify(k.payments), PLACEHOLDER_E2EID_PREFIX],
  );
  return new Set(rows.map((r) => r.txid));
}
