import { pendingLiveChargeIds } from "../../db/queries/live-pix.ts";
import type { Db } from "../../kernel/db.ts";
import { unprocessable } from "../errors.ts";

const LISTED = 20;

/**
 * Deleting a PSP connection while live charges are pending is refused, with their list: their
 * cobs may still be paid at the PSP, and without the connection nothing could remove them,
 * learn of a payment, or refund it. The merchant cancels them (their cobs are removed first) or
 * waits for them to expire, then deletes. Charges that end up without a connection all the same
 * (a create that raced the delete) are never expired locally (live-expire.ts).
 */
export async function refuseDeleteWithPendingCharges(db: Db, accountId: string): Promise<void> {
  const { ids, total } = await pendingLiveChargeIds(db, { accountId, limit: LISTED });
  if (total === 0) return;
  const more = total > ids.length ? ` and ${total - ids.length} more` : "";
  throw unprocessable(
    `profile: ${total} live PIX charge${total === 1 ? " is" : "s are"} still pending and payable at the PSP (${ids.join(", ")}${more}); cancel them or wait until they expire, then delete the connection`,
  );
}
