import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";
import type { DeliveryView } from "./list-deliveries.ts";

const COLUMNS = `d.id, d.webhook_id AS "webhookId", d.event_id AS "eventId", d.event_type AS "event",
  d.status, d.attempts,
  CASE WHEN d.status = 'pending' THEN d.next_attempt_at END AS "nextAttemptAt",
  d.last_status_code AS "lastStatusCode", d.last_error AS "lastError",
  d.created_at AS "createdAt", d.completed_at AS "completedAt"`;

/** The deliveries of one charge's events, in the order they were made. */
export function listChargeDeliveries(
  db: Db,
  k: { accountId: string; mode: Mode; chargeId: string },
): Promise<Array<DeliveryView & { url: string }>> {
  return db.query(
    `SELECT ${COLUMNS}, w.url FROM deliveries d
       JOIN events e ON e.id = d.event_id
       JOIN webhooks w ON w.id = d.webhook_id
     WHERE e.account_id = $1 AND e.mode = $2 AND e.charge_id = $3
       AND d.account_id = $1 AND d.mode = $2
     ORDER BY d.seq`,
    [k.accountId, k.mode, k.chargeId],
  );
}

/** Deliveries of the mode that failed for good or are being retried after a failed attempt. */
export function listFailingDeliveries(
  db: Db,
  k: { accountId: string; mode: Mode; since: Date; limit: number },
): Promise<Array<DeliveryView & { url: string }>> {
  return db.query(
    `SELECT ${COLUMNS}, w.url FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id
     WHERE d.account_id = $1 AND d.mode = $2 AND d.created_at >= $3
       AND (d.status = 'failed' OR (d.status = 'pending' AND d.attempts > 0))
     ORDER BY d.seq DESC LIMIT $4`,
    [k.accountId, k.mode, k.since, k.limit],
  );
}
