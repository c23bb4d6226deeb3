import { claimOverdue } from "../../db/queries/due-charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { chargeEvent } from "./charge-events.ts";

/**
 * One pass of the overdue job: each pending charge with a due date that became overdue (the day
 * after its due date, moved to a business day, began in Brazil) gets one charge.updated, its
 * data showing overdue true and the amount due with fine and interest. The claim and the events
 * share a transaction, so a charge is announced once: never twice, never lost. Returns how many.
 */
export async function notifyOverdueCharges(
  deps: { db: Db; clock: Clock; random: Random },
  pass: { batch?: number; budgetMs?: number } = {},
): Promise<number> {
  const batch = pass.batch ?? 1000;
  const budgetMs = pass.budgetMs ?? 4000;
  // Elapsed time for the budget only (not a business date): the monotonic clock.
  const started = performance.now();
  let total = 0;
  for (;;) {
    const n = await deps.db.transaction(async (db) => {
      const rows = await claimOverdue(db, { at: deps.clock.now(), limit: batch });
      await insertEvents(
        db,
        rows.map((r) => chargeEvent(deps, "charge.updated", r)),
      );
      return rows.length;
    });
    total += n;
    if (n < batch || performance.now() - started >= budgetMs) return total;
  }
}
