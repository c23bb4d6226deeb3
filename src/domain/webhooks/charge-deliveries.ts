import { listAttempts } from "../../db/queries/deliveries/list-attempts.ts";
import { listChargeDeliveries } from "../../db/queries/deliveries/list-charge-deliveries.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";

/** How many deliveries the charge page shows at once. */
export const CHARGE_DELIVERIES_PAGE = 20;

/**
 * One page of the webhook deliveries of one charge's events (oldest first, `page` from 1), each
 * with its attempts, and whether more follow. Redeliveries and many webhooks make the list
 * grow without bound; the attempts are read for the page's deliveries only.
 */
export async function chargeDeliveries(
  deps: { db: Db },
  who: Principal,
  chargeId: string,
  page = 1,
) {
  const all = await listChargeDeliveries(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    chargeId,
  });
  const from = (Math.max(1, page) - 1) * CHARGE_DELIVERIES_PAGE;
  const rows = all.slice(from, from + CHARGE_DELIVERIES_PAGE);
  const attempts = await listAttempts(
    deps.db,
    rows.map((r) => r.id),
  );
  const items = rows.map((r) => ({
    id: r.id,
    webhookId: r.webhookId,
    url: r.url,
    event: r.event,
    status: r.status as "pending" | "succeeded" | "failed",
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt,
    createdAt: r.createdAt,
    attemptLog: attempts.filter((a) => a.deliveryId === r.id),
  }));
  return { items, total: all.length, hasMore: from + rows.length < all.length };
}
