import { activeLiveSubscriptionIds } from "../../db/queries/subscriptions-live.ts";
import type { Db } from "../../kernel/db.ts";
import { unprocessable } from "../errors.ts";
import { listedIds } from "../live-pix/live-delete-guard.ts";

const LISTED = 20;

/**
 * Deleting a PSP connection while live subscriptions are active (created or approved) is
 * refused, with their list: their recs stay active at the PSP, and without the connection
 * nothing would send their periods' cobrs, hear the payer's cancellation, or cancel them (a
 * cancel is PATCH /rec at the PSP): the merchant's billing would stop without a word. The
 * merchant cancels them first, then deletes. Test mode's never count: they have no rec.
 */
export async function refuseDeleteWithActiveSubscriptions(
  db: Db,
  accountId: string,
): Promise<void> {
  const { ids, total } = await activeLiveSubscriptionIds(db, { accountId, limit: LISTED });
  if (total > 0) throw unprocessable(activeSubscriptionsRefusal(ids, total));
}

export function activeSubscriptionsRefusal(ids: readonly string[], total: number): string {
  const one = total === 1;
  return `profile: ${total} live subscription${one ? " is" : "s are"} still active at the PSP (${listedIds(ids, total)}): awaiting the payer's authorisation or approved, ${one ? "its rec" : "their recs"} would stay active there with nothing here to charge ${one ? "its" : "their"} periods or cancel ${one ? "it" : "them"}; cancel ${one ? "it" : "them"} (POST /api/pix/subscriptions/cancel, which cancels the rec at the PSP), then delete the connection`;
}
