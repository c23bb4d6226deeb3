import type { Db } from "../../kernel/db.ts";
import { NOT_FULLY_SEEN } from "./charges.ts";

/** What the background jobs have waiting, as the metrics endpoint reports it. */
export type Backlog = {
  /** Webhook deliveries not yet succeeded or given up. */
  deliveriesPending: number;
  /** Seconds since the oldest pending delivery was created (0 with none). */
  oldestPendingDeliveryS: number;
  /** Seconds the most overdue pending delivery has been due (0 when none is overdue). */
  deliveryLagS: number;
  /** Seconds the most overdue pending charge has waited for the expiry job (0 when none). */
  expiryLagS: number;
};

// One statement, read at scrape time. Every part walks a partial index of pending rows
// (deliveries_due, charges_pending_by_expiry), so its cost follows the backlog, not the tables'
// history. A crypto charge whose amount was already seen waits for confirmations, not for the
// expiry job, so it is not lag (the same rule as expireDue).
const BACKLOG = `SELECT d.pending::int AS "pending",
    coalesce(extract(epoch FROM $1::timestamptz - d.oldest), 0)::float8 AS "oldest",
    coalesce(extract(epoch FROM $1::timestamptz - d.due), 0)::float8 AS "deliveryLag",
    coalesce(extract(epoch FROM $1::timestamptz - x.due), 0)::float8 AS "expiryLag"
  FROM (SELECT count(*) AS pending, min(created_at) AS oldest, min(next_attempt_at) AS due
        FROM deliveries WHERE status = 'pending') d,
    (SELECT min(expires_at) AS due FROM charges
     WHERE status = 'pending' AND expires_at <= $1 AND ${NOT_FULLY_SEEN}) x`;

export async function readBacklog(db: Db, now: Date): Promise<Backlog> {
  const [r] = await db.query<{
    pending: number;
    oldest: number;
    deliveryLag: number;
    expiryLag: number;
  }>(BACKLOG, [now]);
  return {
    deliveriesPending: r?.pending ?? 0,
    oldestPendingDeliveryS: Math.max(0, r?.oldest ?? 0),
    deliveryLagS: Math.max(0, r?.deliveryLag ?? 0),
    expiryLagS: Math.max(0, r?.expiryLag ?? 0),
  };
}
