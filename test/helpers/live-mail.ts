import { insertPlannedNotifications } from "../../src/db/queries/notifications/insert-planned.ts";
import type { Db } from "../../src/kernel/db.ts";

/**
 * A live-mode bill without a charge, due at `dueAt`, to vivo@example.com: the outbox's live mail
 * where a live charge would need a PSP connection (what the tests read is the mail's mode).
 */
export function plannedLiveBill(db: Db, accountId: string, dedupeKey: string, dueAt: Date) {
  return insertPlannedNotifications(
    db,
    { accountId, mode: "live" },
    [
      {
        kind: "bill",
        chargeId: null,
        subscriptionId: null,
        recipient: "vivo@example.com",
        dedupeKey,
        scheduledFor: dueAt,
        nextAttemptAt: dueAt,
      },
    ],
    dueAt,
  );
}
