import { SECURITY_ALERT_KIND } from "../audit/security-alert.ts";

// The kinds of mail a payer may get (docs/notifications.md). Each is on or off per account and
// mode (all on by default); the outbox row's `kind` is one of these.

export const MAIL_KINDS = [
  /** A charge with customer_email was created: what to pay and how. */
  "bill",
  /** A due-date bill, N days before its due date (the days are a setting). */
  "reminder_before",
  /** A due-date bill, on its due date. */
  "reminder_due",
  /** A due-date bill, the day it became overdue, with that day's amount. */
  "reminder_overdue",
  /** A due-date bill, every 7 days after that while it is still payable. */
  "reminder_overdue_weekly",
  /** Any charge with customer_email, once paid. */
  "receipt",
  /** A paid charge that was refunded. */
  "refund",
  /** A subscription's authorisation request (the hosted page). */
  "subscription_request",
  /** A few days before each debit of a subscription. */
  "subscription_debit_notice",
  /** After a subscription's debit failed. */
  "subscription_debit_failed",
  /** A subscription was cancelled. */
  "subscription_canceled",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The mail to the account's own owners, not to payers: a security alert (domain/audit/
 * security-alert.ts). It cannot be turned off, is not counted in the daily cap, and is not in
 * the payer mail lists (GET /api/notifications); the audit log shows what it is about.
 */
export const OWNER_MAIL_KIND = SECURITY_ALERT_KIND;
/** Every kind an outbox row may hold. */
export type OutboxKind = MailKind | typeof OWNER_MAIL_KIND;

export const REMINDER_KINDS: ReadonlySet<MailKind> = new Set([
  "reminder_before",
  "reminder_due",
  "reminder_overdue",
  "reminder_overdue_weekly",
]);

/** Reminders carry List-Unsubscribe; an unsubscribed address gets no more of them. */
export const isReminder = (kind: string): boolean => REMINDER_KINDS.has(kind as MailKind);

export const NOTIFICATION_STATUSES = ["pending", "sent", "failed", "not_sent"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
