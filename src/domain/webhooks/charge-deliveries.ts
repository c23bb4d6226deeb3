import type { Db } from "../../db/db.ts";
import { listAttempts } from "../../db/queries/deliveries/list-attempts.ts";
import { listChargeDeliveries } from "../../db/queries/deliveries/list-charge-deliveries.ts";
import type { Principal } from "../mode.ts";

/** Every webhook delivery of one charge's events with each of its attempts (the charge page). */
export async function chargeDeliveries(deps: { db: Db }, who: Principal, chargeId: string) {
  const rows = await listChargeDeliveries(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    chargeId,
  });
  const attempts = await listAttempts(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
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
}
