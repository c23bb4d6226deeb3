import type { Db } from "../kernel/db.ts";

// A backlog drained a batch per transaction (the expiry pass, the overdue pass, the billing
// scheduler's steps): each batch commits on its own, so a long pass holds no lock on what it
// already moved, and a pass stops at the first short batch (nothing left) or once its time
// budget is spent (the next pass carries on).

/**
 * Whether `budgetMs` has passed since `started`: elapsed time for the budget only (not a
 * business date), so the monotonic clock.
 */
export const budgetSpent =
  (budgetMs: number, started = performance.now()) =>
  (): boolean =>
    performance.now() - started >= budgetMs;

/** `step` in a transaction of its own, again while it fills its batch and `spent()` is false. */
export async function drainBatches(
  db: Db,
  batch: number,
  spent: () => boolean,
  step: (tx: Db) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(step);
    total += n;
    if (n < batch || spent()) return total;
  }
}
