import type { AuditRow } from "../../db/queries/audit-log.ts";
import { dropDeliveryTo } from "../../db/queries/deliveries/drop-self-delivery.ts";
import { insertEvents } from "../../db/queries/events.ts";
import { insertPlannedNotifications } from "../../db/queries/notifications/insert-planned.ts";
import { accountOwnerEmails } from "../../db/queries/users.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { type EventPayloadDeps, eventPayload } from "../event-payload.ts";
import { newId } from "../ids.ts";
import { ALERT_ACTIONS, type AuditAction } from "./actions.ts";
import { AccountSecurityDataSchema } from "./schemas.ts";

// A security alert (docs/security.md, "Alerts"): an audit entry whose action is in ALERT_ACTIONS
// made in live mode is, in the same transaction that appends it (record-audit.ts), a live
// `account.security` event (with its webhook deliveries) and one e-mail per owner of the account
// in the mail outbox. A sandbox change raises neither: it routes no real money. So the alert
// exists exactly when the change does: a crash cannot lose it, and its dedupe key (the entry's
// id and the address) cannot make it twice. The mail is rendered
// from the entry when it is sent (notifications/render/security-alert.ts) and goes through the
// live relay whatever the daily cap, which a stolen key could otherwise fill to silence it.

/** The outbox kind of an owner's alert (notifications/kinds.ts: OWNER_MAIL_KIND). */
export const SECURITY_ALERT_KIND = "security_alert";

/** The dedupe key of one owner's alert; the entry's id is read back from it when it is sent. */
export const alertDedupeKey = (auditId: string, address: string) =>
  `${SECURITY_ALERT_KIND}:${auditId}:${address.toLowerCase()}`;

/** The audit entry an alert's dedupe key names. */
export const auditIdOfAlert = (dedupeKey: string): string => dedupeKey.split(":")[1] ?? "";

export type AlertDeps = EventPayloadDeps & { clock: Clock; random: Random };

export const raisesAlert = (action: AuditAction): boolean => ALERT_ACTIONS.has(action);

/** The event's data: the entry's facts, and never a secret (its changes name none). */
export function accountSecurityData(row: AuditRow) {
  return {
    auditId: row.id,
    action: row.action,
    actor: { kind: row.actorKind, id: row.actor },
    ip: row.ip,
    at: row.at.toISOString(),
    target: row.target,
    changes: (row.changes ?? {}) as Record<string, { before?: unknown; after?: unknown }>,
  };
}

/** Raises the alert of an entry just appended on `db` (the change's transaction). */
export async function raiseSecurityAlert(deps: AlertDeps, db: Db, row: AuditRow): Promise<void> {
  if (!raisesAlert(row.action as AuditAction) || row.mode !== "live") return;
  const eventId = newId("evt", deps);
  await insertEvents(db, [
    {
      id: eventId,
      accountId: row.accountId,
      mode: "live",
      type: "account.security",
      chargeId: null,
      payload: eventPayload(deps, AccountSecurityDataSchema, accountSecurityData(row)),
      createdAt: row.at,
    },
  ]);
  // A webhook is not told of its own creation (it would be the first thing every new `*`
  // webhook hears); the account's other live webhooks are.
  if (row.action === "webhook.created" && row.target) {
    await dropDeliveryTo(db, {
      accountId: row.accountId,
      mode: "live",
      eventId,
      webhookId: row.target,
    });
  }
  const owners = await accountOwnerEmails(db, row.accountId);
  await insertPlannedNotifications(
    db,
    { accountId: row.accountId, mode: "live" },
    owners.map((address) => ({
      kind: SECURITY_ALERT_KIND,
      chargeId: null,
      subscriptionId: null,
      recipient: address,
      dedupeKey: alertDedupeKey(row.id, address),
      scheduledFor: row.at,
      nextAttemptAt: row.at,
    })),
    row.at,
  );
}
