import { insertEvents } from "../../db/queries/events.ts";
import { notificationsByIds } from "../../db/queries/notifications/list.ts";
import type { MailOutcome } from "../../db/queries/notifications/queue.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { type EventPayloadDeps, eventPayload } from "../event-payload.ts";
import { newId } from "../ids.ts";
import { OWNER_MAIL_KIND } from "./kinds.ts";
import { notificationView } from "./manage-notifications.ts";
import { NotificationFailedDataSchema } from "./schemas.ts";

// notification.failed: a mail that failed for good (a 5xx reply, or its retries ran out) is an
// event of its account and mode, so the merchant's webhooks subscribed to it (or to *) hear of
// it and can reach the payer another way. The mail worker calls this once its outcomes are
// recorded (workers/mail-worker.ts: onFailed); the event is dated on the real clock, when the
// failure happened.

export type NotificationFailedDeps = EventPayloadDeps & { db: Db; clock: Clock; random: Random };

export function makeNotificationFailed(
  deps: NotificationFailedDeps,
): (failed: readonly MailOutcome[]) => Promise<void> {
  return async (failed) => {
    const rows = await notificationsByIds(
      deps.db,
      failed.map((o) => o.id),
    );
    // A row that is no longer failed (a later attempt by another worker won) says nothing; an
    // owner's security alert is no payer's mail (its failure is in the worker's log).
    const events = rows
      .filter((r) => r.status === "failed" && r.kind !== OWNER_MAIL_KIND)
      .map((r) => {
        const v = notificationView(r);
        return {
          id: newId("evt", deps),
          accountId: r.accountId,
          mode: r.mode,
          type: "notification.failed",
          chargeId: r.chargeId,
          payload: eventPayload(deps, NotificationFailedDataSchema, {
            id: v.id,
            kind: v.kind,
            recipient: v.recipient,
            status: v.status,
            lastError: v.lastError,
            chargeId: v.chargeId,
            subscriptionId: v.subscriptionId,
          }),
          createdAt: deps.clock.now(),
        };
      });
    await insertEvents(deps.db, events);
  };
}
