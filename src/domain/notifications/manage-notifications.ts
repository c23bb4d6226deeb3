import type { z } from "zod";
import { findCharge } from "../../db/queries/charges.ts";
import { insertPlannedNotifications } from "../../db/queries/notifications/insert-planned.ts";
import {
  listNotificationRows,
  type NotificationRow,
  notificationByKey,
} from "../../db/queries/notifications/list.ts";
import {
  readNotificationSettings,
  writeNotificationSettings,
} from "../../db/queries/notifications/settings.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { changedFields } from "../audit/changes.ts";
import { type AuditActor, recordAudit } from "../audit/record-audit.ts";
import { notFound, unprocessable } from "../errors.ts";
import { pageOf } from "../list-limit.ts";
import { clockFor } from "../subscriptions/account-clock.ts";
import type { MailKind } from "./kinds.ts";
import type { MailSetup } from "./mail-setup.ts";
import type { ListNotificationsQuerySchema, NotificationView } from "./schemas.ts";
import { noRelayReason } from "./send-notification.ts";
import {
  applySettings,
  type NotificationSettings,
  type NotificationSettingsSchema,
  settingsOf,
  type UpdateNotificationSettings,
} from "./settings.ts";

// The payer mail as the merchant sees and steers it through the API and the MCP tools: the
// outbox's rows, the account's settings per mode with whether its mail can leave at all, and a
// charge's bill sent again. Every call is scoped by the caller's account and mode.

export type NotificationDeps = { db: Db; clock: Clock; random: Random; mail?: MailSetup };

export function notificationView(r: NotificationRow): NotificationView {
  return {
    id: r.id,
    kind: r.kind as MailKind,
    recipient: r.recipient,
    subject: r.subject,
    status: r.status as NotificationView["status"],
    attempts: r.attempts,
    lastError: r.lastError,
    chargeId: r.chargeId,
    subscriptionId: r.subscriptionId,
    scheduledFor: r.scheduledFor.toISOString(),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

export async function listNotifications(
  deps: { db: Db },
  who: Principal,
  query: Omit<z.output<typeof ListNotificationsQuerySchema>, "offset"> & { offset?: number },
): Promise<{ notifications: NotificationView[]; hasMore: boolean }> {
  const rows = await listNotificationRows(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    limit: query.limit + 1,
    offset: query.offset ?? 0,
    ...(query.charge_id ? { chargeId: query.charge_id } : {}),
    ...(query.subscription_id ? { subscriptionId: query.subscription_id } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
  });
  const { items, hasMore } = pageOf(rows, query.limit);
  return { notifications: items.map(notificationView), hasMore };
}

type SettingsView = z.infer<typeof NotificationSettingsSchema>;

function settingsView(deps: NotificationDeps, who: Principal, s: NotificationSettings) {
  // Only whether the relay is there and why not: never its URL, user or password.
  const relay = deps.mail
    ? deps.mail.relayStatus(who.mode)
    : { configured: false, explanation: noRelayReason(who.mode) };
  return {
    kinds: s.kinds,
    language: s.language,
    reply_to: s.replyTo,
    tax_id: s.taxId,
    reminder_days_before: s.reminderDaysBefore,
    relay: { configured: relay.configured, explanation: relay.explanation },
  } satisfies SettingsView;
}

export async function getNotificationSettings(
  deps: NotificationDeps,
  who: Principal,
): Promise<SettingsView> {
  return settingsView(deps, who, settingsOf(await readNotificationSettings(deps.db, who)));
}

export async function updateNotificationSettings(
  deps: NotificationDeps,
  who: Principal,
  change: UpdateNotificationSettings,
  actor: AuditActor,
): Promise<SettingsView> {
  // Read, merge and write in one transaction (the route's Idempotency-Key one when it has it).
  const next = await deps.db.transaction(async (db) => {
    const before = settingsOf(await readNotificationSettings(db, who));
    const merged = applySettings(before, change);
    await writeNotificationSettings(db, who, merged, deps.clock.now());
    await recordAudit(
      { ...deps, db },
      {
        accountId: who.accountId,
        mode: who.mode,
        actor,
        action: "settings.changed",
        target: "notifications",
        changes: changedFields(before, merged),
      },
    );
    return merged;
  });
  return settingsView(deps, who, next);
}

/**
 * A charge's bill again, to its customer_email, as a new outbox row (the first bill's dedupe
 * key stays taken, so a resend has its own, with a random tail). The mail worker is woken by the
 * insert's NOTIFY at commit; what the mail says is the charge as it stands when it is sent.
 */
export async function resendBill(
  deps: NotificationDeps,
  who: Principal,
  chargeId: string,
): Promise<NotificationView> {
  const charge = await findCharge(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    id: chargeId,
  });
  if (!charge) throw notFound(`charge_id: charge ${chargeId} not found`);
  const email = charge.details.customer_email;
  if (typeof email !== "string" || email === "") {
    throw unprocessable(`charge_id: charge ${chargeId} has no customer_email to send its bill to`);
  }
  const dedupeKey = `bill:${chargeId}:resend:${deps.random.bytes(8).toString("hex")}`;
  const real = deps.clock.now();
  const accountNow = (await clockFor(deps, who)).now();
  await insertPlannedNotifications(
    deps.db,
    who,
    [
      {
        kind: "bill",
        chargeId,
        subscriptionId: null,
        recipient: email,
        dedupeKey,
        scheduledFor: accountNow,
        nextAttemptAt: real,
      },
    ],
    real,
  );
  const row = await notificationByKey(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    dedupeKey,
  });
  if (!row) throw new Error(`resend of ${chargeId}: the new notification was not stored`);
  return notificationView(row);
}
