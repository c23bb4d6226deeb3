import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";

/**
 * Why a redelivery found nothing to re-queue: no such delivery of the caller, an attempt of it
 * running now (its claim has not lapsed), or else its webhook is gone.
 */
export async function deliveryState(
  db: Db,
  k: { accountId: string; mode: Mode; id: string; at: Date },
): Promise<"missing" | "in_flight" | "webhook_gone"> {
  const rows = await db.query<{ busy: boolean }>(
    `SELECT (locked_until IS NOT NULL AND locked_until > $4) AS busy FROM deliveries
     WHERE id = $1 AND account_id = $2 AND mode = $3`,
    [k.id, k.accountId, k.mode, k.at],
  );
  const row = rows[0];
  return !row ? "missing" : row.busy ? "in_flight" : "webhook_gone";
}
