import type { Db } from "../../../kernel/db.ts";

/**
 * Removes, in the transaction that made them, the delivery of an event to one webhook: a webhook
 * is not told of its own creation (domain/audit/security-alert.ts), only the account's other
 * webhooks are. Scoped by account and mode like every delivery.
 */
export async function dropDeliveryTo(
  db: Db,
  k: { accountId: string; mode: string; eventId: string; webhookId: string },
): Promise<void> {
  await db.query(
    "DELETE FROM deliveries WHERE account_id = $1 AND mode = $2 AND event_id = $3 AND webhook_id = $4",
    [k.accountId, k.mode, k.eventId, k.webhookId],
  );
}
