import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";

export type DeliveryView = {
  id: string;
  webhookId: string;
  eventId: string;
  event: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

/** An account's deliveries in one mode, newest first, optionally of one webhook, event or status. */
export function listDeliveries(
  db: Db,
  k: {
    accountId: string;
    mode: Mode;
    webhookId?: string;
    event?: string;
    status?: string;
    limit: number;
    offset: number;
  },
): Promise<DeliveryView[]> {
  return db.query<DeliveryView>(
    `SELECT id, webhook_id AS "webhookId", event_id AS "eventId", event_type AS "event", status,
       attempts, CASE WHEN status = 'pending' THEN next_attempt_at END AS "nextAttemptAt",
       last_status_code AS "lastStatusCode", last_error AS "lastError", created_at AS "createdAt",
       completed_at AS "completedAt"
     FROM deliveries
     WHERE account_id = $1 AND mode = $2 AND ($3::text IS NULL OR webhook_id = $3)
       AND ($4::text IS NULL OR event_type = $4) AND ($5::text IS NULL OR status = $5)
     ORDER BY seq DESC LIMIT $6 OFFSET $7`,
    [
      k.accountId,
      k.mode,
      k.webhookId ?? null,
      k.event ?? null,
      k.status ?? null,
      k.limit,
      k.offset,
    ],
  );
}
