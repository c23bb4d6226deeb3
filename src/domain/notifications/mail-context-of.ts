import { findAccount } from "../../db/queries/accounts.ts";
import { findEntry } from "../../db/queries/audit-log.ts";
import { findCharge } from "../../db/queries/charges.ts";
import type { ClaimedNotification } from "../../db/queries/notifications/queue.ts";
import {
  isUnsubscribed,
  readNotificationSettings,
} from "../../db/queries/notifications/settings.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { auditIdOfAlert } from "../audit/security-alert.ts";
import { paymentUrl } from "../charges/payment-url.ts";
import { brazilDate } from "../due-date/due-charge.ts";
import { isReminder, type MailKind, OWNER_MAIL_KIND } from "./kinds.ts";
import type { MailContext } from "./mail-context.ts";
import type { ClaimedMail } from "./mail-lookups.ts";
import { type NotificationSettings, settingsOf } from "./settings.ts";

// Gathers what one notification is rendered from, or says why it does not go (kept as the
// record's reason): the kind turned off, the payer unsubscribed from reminders, the bill no
// longer payable, a reminder whose day passed while the relay was unreachable.

export type ContextDeps = {
  db: Db;
  /** The public base of the links in mail (TOSTAO_BASE_URL, else this service's own address). */
  publicBaseUrl: () => string;
  /** The receipt page of a paid charge (domain/receipts). */
  receiptUrl?: (baseUrl: string, chargeId: string) => string;
  /** The one-click unsubscribe link of an address (signed). */
  unsubscribeUrl: (
    baseUrl: string,
    who: { accountId: string; mode: string },
    address: string,
  ) => string;
  /** Fills a subscription's part of the context (domain/notifications/subscription-context.ts). */
  subscriptionContext?: (
    n: ClaimedNotification,
    base: string,
  ) => Promise<MailContext["subscription"] | string>;
  /** Fills a paid charge's payment (domain/receipts/payment-of.ts). */
  paymentOf?: (row: NonNullable<MailContext["charge"]>) => Promise<MailContext["payment"]>;
};

export type Prepared =
  | { go: true; ctx: MailContext; settings: NotificationSettings; unsubscribed: boolean }
  | { go: false; reason: string; settings?: NotificationSettings };

/** A reminder more than this late (its day passed while mail could not go) is not sent. */
const STALE_REMINDER_MS = 36 * 3_600_000;

export async function prepareMail(
  deps: ContextDeps,
  n: ClaimedMail,
  clock: Clock,
): Promise<Prepared> {
  const kind = n.kind as MailKind;
  const who = { accountId: n.accountId, mode: n.mode };
  // A claimed batch's facts were read for it at once (mail-lookups.ts); alone, a mail reads its own.
  const looked = n.lookups;
  const [account, stored, unsubscribed] = looked
    ? [looked.account, looked.settings, looked.unsubscribed]
    : await Promise.all([
        findAccount(deps.db, n.accountId),
        readNotificationSettings(deps.db, who),
        isReminder(kind) ? isUnsubscribed(deps.db, who, n.recipient) : false,
      ]);
  const settings = settingsOf(stored);
  if (!account) return { go: false, reason: "the account no longer exists", settings };
  if (n.kind === OWNER_MAIL_KIND) return alertContext(deps, n, clock, settings, account);
  if (settings.kinds[kind] === false) {
    return { go: false, reason: `${kind} mail is turned off in the settings`, settings };
  }
  const now = clock.now();
  if (isReminder(kind) && unsubscribed) {
    return { go: false, reason: "the payer unsubscribed from reminders", settings };
  }
  if (isReminder(kind) && now.getTime() - n.scheduledFor.getTime() > STALE_REMINDER_MS) {
    return { go: false, reason: "its day passed before it could be sent", settings };
  }
  const base = deps.publicBaseUrl();
  const ctx: MailContext = {
    kind,
    language: settings.language,
    shop: { name: account.displayName ?? account.name, taxId: settings.taxId },
    recipient: n.recipient,
    onDate: brazilDate(isReminder(kind) ? n.scheduledFor : now),
    at: now,
    links: {
      payUrl: null,
      receiptUrl: null,
      unsubscribeUrl: isReminder(kind) ? deps.unsubscribeUrl(base, who, n.recipient) : null,
    },
  };
  if (n.chargeId) {
    const row = looked ? looked.charge : await findCharge(deps.db, { ...who, id: n.chargeId });
    if (!row) return { go: false, reason: "its charge no longer exists", settings };
    if (isReminder(kind) && row.status !== "pending") {
      return { go: false, reason: `the bill is ${row.status}: no reminder`, settings };
    }
    ctx.charge = row;
    ctx.links.payUrl = paymentUrl(base, row.id);
    const paid = row.status === "approved" || row.status === "refunded";
    if (paid && deps.receiptUrl) ctx.links.receiptUrl = deps.receiptUrl(base, row.id);
    if ((kind === "receipt" || kind === "refund") && deps.paymentOf) {
      ctx.payment = await deps.paymentOf(row);
    }
  }
  if (n.subscriptionId && deps.subscriptionContext) {
    const sub = await deps.subscriptionContext(n, base);
    if (typeof sub === "string") return { go: false, reason: sub, settings };
    ctx.subscription = sub;
  }
  return { go: true, ctx, settings, unsubscribed };
}

/** A security alert's context: its audit entry, read back by the id its dedupe key holds. */
async function alertContext(
  deps: ContextDeps,
  n: ClaimedNotification,
  clock: Clock,
  settings: NotificationSettings,
  account: { name: string; displayName: string | null },
): Promise<Prepared> {
  const entry = await findEntry(deps.db, {
    accountId: n.accountId,
    id: auditIdOfAlert(n.dedupeKey),
  });
  if (!entry) return { go: false, reason: "its audit entry no longer exists", settings };
  const base = deps.publicBaseUrl();
  const now = clock.now();
  const ctx: MailContext = {
    kind: OWNER_MAIL_KIND,
    language: settings.language,
    shop: { name: account.displayName ?? account.name, taxId: settings.taxId },
    recipient: n.recipient,
    onDate: brazilDate(now),
    at: now,
    alert: entry,
    links: {
      payUrl: null,
      receiptUrl: null,
      unsubscribeUrl: null,
      securityUrl: `${base}/dashboard/security`,
      auditUrl: `${base}/dashboard/audit`,
    },
  };
  return { go: true, ctx, settings, unsubscribed: false };
}
