import { unsettledAttempts } from "../../db/queries/live-pix/cob-attempts.ts";
import { pendingLiveChargeIds } from "../../db/queries/live-pix/work-lists.ts";
import type { Db } from "../../kernel/db.ts";
import { unprocessable } from "../errors.ts";

const LISTED = 20;

/**
 * Deleting a PSP connection while live charges are pending is refused, with their list: their
 * cobs may still be paid at the PSP, and without the connection nothing could remove them,
 * learn of a payment, or refund it. The merchant cancels them (their cobs are removed first) or
 * waits for them to expire, then deletes.
 *
 * So is deleting it while a live create is between its journal row and its charge, or while a
 * cob whose charge was never stored awaits the reconciliation's sweep: either may be payable at
 * the PSP with no charge to show it. The delete runs this in its transaction after locking the
 * connection row, and a create journals its cob holding that row
 * (queries/live-pix/cob-attempts.ts: openAttemptsCtes), so a create is either seen here or finds
 * no connection before its PUT.
 */
export async function refuseDeleteWithPendingCharges(db: Db, accountId: string): Promise<void> {
  // Open attempts first, then pending charges: a create's charge may commit between the two
  // reads (its statement does not take the connection's lock). Read in this order, a charge
  // committed before the first read is pending in the second, and one committed after it
  // leaves its attempt counted by the first; read the other way, it could be missed by both.
  const open = await unsettledAttempts(db, { accountId, limit: LISTED });
  if (open.total > 0) throw unprocessable(unsettledCobsRefusal(open.txids, open.total));
  const { ids, total } = await pendingLiveChargeIds(db, { accountId, limit: LISTED });
  if (total > 0) throw unprocessable(pendingChargesRefusal(ids, total));
}

/**
 * Up to LISTED ids of `total`, as the delete's refusals list them: "a, b and 3 more" (the
 * dashboard's Portuguese pages translate that form: web/i18n/domain-messages.ts).
 */
export function listedIds(ids: readonly string[], total: number): string {
  const more = total > ids.length ? ` and ${total - ids.length} more` : "";
  return `${ids.join(", ")}${more}`;
}

export const pendingChargesRefusal = (ids: readonly string[], total: number) =>
  `profile: ${total} live PIX charge${total === 1 ? " is" : "s are"} still pending and payable at the PSP (${listedIds(ids, total)}); cancel them or wait until they expire, then delete the connection`;

export const unsettledCobsRefusal = (txids: readonly string[], total: number) =>
  `profile: ${total} live PIX cob${total === 1 ? " is" : "s are"} being created, or awaiting removal at the PSP after a create that did not finish (txid ${listedIds(txids, total)}); the reconciliation removes such cobs within about two reconciliation intervals: try again then`;
