import { z } from "zod";
import { HasMore, PageArguments, PageQuery } from "../list-limit.ts";
import { MAIL_KINDS } from "./kinds.ts";

// The payer mail as the API shows it (GET /api/notifications, the resend's answer) and as the
// notification.failed event carries it. The relay's URL and password are in none of these: a
// row holds only the recipient, the subject and the relay's reply.

export const NOTIFICATION_STATUSES = ["pending", "sent", "failed", "not_sent"] as const;

const Id = z.string().trim().min(1, "must not be empty");
const Filters = {
  charge_id: Id.optional().describe("Only the mails of this charge."),
  subscription_id: Id.optional().describe("Only the mails of this subscription."),
  status: z.enum(NOTIFICATION_STATUSES).optional(),
  kind: z.enum(MAIL_KINDS).optional(),
};
export const ListNotificationsQuerySchema = z.strictObject({ ...Filters, ...PageQuery });
export const ListNotificationsArgsSchema = z.strictObject({ ...Filters, ...PageArguments });

export const ResendBillSchema = z.strictObject({
  charge_id: Id.describe("The charge whose bill is sent again to its customer_email."),
});

export const NotificationViewSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  recipient: z.string(),
  subject: z.string().nullable().describe("Set once the mail was rendered."),
  status: z
    .enum(NOTIFICATION_STATUSES)
    .describe(
      "pending (waiting or retrying), sent (the relay accepted it), failed (a 5xx reply, or retries ran out), not_sent (not to be sent: no relay, the kind off, unsubscribed, the daily cap).",
    ),
  attempts: z.number().int(),
  lastError: z.string().nullable().describe("The relay's reply or why it was not sent."),
  chargeId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  scheduledFor: z.string().describe("When it is due, on the account's clock for its mode."),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type NotificationView = z.infer<typeof NotificationViewSchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationViewSchema),
  hasMore: HasMore,
});

/** The `data` of notification.failed: the mail that failed for good, and why. */
export const NotificationFailedDataSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  recipient: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  lastError: z.string().nullable(),
  chargeId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
});
