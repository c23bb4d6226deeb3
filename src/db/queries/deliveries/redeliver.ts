import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";
import { DELIVERY_CHANNEL } from "../events.ts";

/**
 * Puts a delivery of the caller back in the queue, due now, with a fresh retry schedule
 * (whatever its status). Returns undefined for an unknown id, or for one whose webhook is gone.
 */
export async function redeliver(
  db: Db,
  k: { accountId: string; mode: Mode; id: string; at: Date },
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `UPDATE deliveries d SET status = 'pending', round_attempts = 0, next_attempt_at = $4,
       completed_at = NULL, locked_until = NULL, locked_by = NULL
     FROM webhooks w
     WHERE d.id = $1 AND d.account_id = $2 AND d.mode = $3 AND w.id = d.webhook_id
       AND w.deleted_at IS NULL AND w.disabled_at IS NULL
       AND (d.locked_until IS NULL OR d.locked_until <= $4)
     RETURNING d.id, pg_notify('${DELIVERY_CHANNEL}', '')`,
    [k.id, k.accountId, k.mode, k.at],
  );
  return rows[0]?.id;
}
