import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";
import { DELIVERY_CHANNEL } from "../events.ts";

/** A delivery of one event to one webhook, whatever its subscriptions (the test event). */
export async function insertDirectDelivery(
  db: Db,
  d: {
    id: string;
    webhookId: string;
    accountId: string;
    mode: Mode;
    eventId: string;
    eventType: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO deliveries (id, webhook_id, account_id, mode, event_id, event_type, status,
       next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
     RETURNING pg_notify('${DELIVERY_CHANNEL}', '')`,
    [d.id, d.webhookId, d.accountId, d.mode, d.eventId, d.eventType, d.at],
  );
}
