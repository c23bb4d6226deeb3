import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertPlannedNotifications } from "../../db/queries/notifications/insert-planned.ts";
import type { ClaimedNotification } from "../../db/queries/notifications/queue.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { brazilDate } from "../due-date/due-charge.ts";
import { planReminders, reminderKey } from "./plan-reminders.ts";
import type { NotificationSettings } from "./settings.ts";

/**
 * Stores a due-date bill's reminders (plan-reminders.ts) as outbox rows, once: their dedupe
 * keys make a second planning (another attempt of the bill, another instance) add nothing.
 * Each is due on the real clock at the instant its day comes on the account's clock.
 */
export async function planRemindersOf(
  deps: { db: Db },
  input: { n: ClaimedNotification; row: ChargeRow; settings: NotificationSettings; clock: Clock },
): Promise<number> {
  const { n, row, settings, clock } = input;
  if (!row.dueTerms || row.status !== "pending") return 0;
  const now = clock.now();
  const real = clock.real?.now() ?? now;
  const ahead = now.getTime() - real.getTime();
  const planned = planReminders(row, {
    today: brazilDate(now),
    daysBefore: settings.reminderDaysBefore,
  });
  return insertPlannedNotifications(
    deps.db,
    { accountId: n.accountId, mode: n.mode },
    planned.map((r) => ({
      kind: r.kind,
      chargeId: row.id,
      subscriptionId: null,
      recipient: n.recipient,
      dedupeKey: reminderKey(row.id, r),
      scheduledFor: r.at,
      nextAttemptAt: new Date(r.at.getTime() - ahead),
    })),
    now,
  );
}
