import type { Db } from "../../../kernel/db.ts";

/**
 * When the next pending delivery that no worker holds is due (to sleep until then), if any. A
 * held delivery is its holder's to settle; if the holder died, the idle poll finds it once its
 * lock ends. Walks the deliveries_due index in order, skipping the few held rows, so the
 * answer costs the same with a backlog of any size.
 */
export async function nextDueAt(db: Db, now: Date): Promise<Date | undefined> {
  const rows = await db.query<{ at: Date }>(
    `SELECT next_attempt_at AS at FROM deliveries
     WHERE status = 'pending' AND (locked_until IS NULL OR locked_until <= $1)
     ORDER BY next_attempt_at LIMIT 1`,
    [now],
  );
  return rows[0]?.at;
}
