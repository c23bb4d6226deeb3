import {
  getNotificationSettings,
  listNotifications,
  resendBill,
  updateNotificationSettings,
} from "../domain/notifications/manage-notifications.ts";
import {
  ListNotificationsArgsSchema,
  ListNotificationsQuerySchema,
  NotificationListSchema,
  NotificationViewSchema,
  ResendBillSchema,
} from "../domain/notifications/schemas.ts";
import {
  NotificationSettingsSchema,
  UpdateNotificationSettingsSchema,
} from "../domain/notifications/settings.ts";
import { keyActor, operation } from "./operation.ts";

// Payer mail (docs/notifications.md): the outbox's log, the account's mail settings for the
// caller's mode, and a charge's bill sent again.

const tags = ["notifications"];

export const NOTIFICATION_OPERATIONS = [
  operation({
    id: "listNotifications",
    method: "GET",
    path: "/api/notifications",
    auth: "required",
    scope: "notifications:read",
    summary: "Mail to payers, newest first, with each one's status, attempts and last error",
    tags,
    input: ListNotificationsQuerySchema,
    args: ListNotificationsArgsSchema,
    output: NotificationListSchema,
    run: (c, input) => listNotifications(c.deps, c.principal, input),
    tool: {
      name: "list_notifications",
      description:
        "Mail sent (or not) to payers, newest first: kind, recipient, subject, status, attempts, last error (filter by charge_id, subscription_id, status, kind).",
    },
  }),
  operation({
    id: "getNotificationSettings",
    method: "GET",
    path: "/api/notifications/settings",
    auth: "required",
    scope: "notifications:read",
    summary: "The mail settings of this mode, and whether its mail can leave (a relay is set)",
    tags,
    output: NotificationSettingsSchema,
    run: (c) => getNotificationSettings(c.deps, c.principal),
    tool: {
      name: "get_notification_settings",
      description:
        "Which kinds of payer mail are on, the language, Reply-To, CNPJ, reminder days, and whether this mode has a relay.",
    },
  }),
  operation({
    id: "updateNotificationSettings",
    method: "POST",
    path: "/api/notifications/settings/update",
    auth: "required",
    scope: "notifications:write",
    summary: "Change the mail settings of this mode; what is not given keeps its value",
    tags,
    input: UpdateNotificationSettingsSchema,
    output: NotificationSettingsSchema,
    stored: "plain",
    run: (c, input) => updateNotificationSettings(c.deps, c.principal, input, keyActor(c)),
    tool: {
      name: "update_notification_settings",
      description:
        "Turn kinds of payer mail on or off, set the language (pt-BR, en), Reply-To, CNPJ or reminder days; only what is given changes.",
    },
  }),
  operation({
    id: "resendBill",
    method: "POST",
    path: "/api/notifications/resend",
    auth: "required",
    scope: "notifications:write",
    summary: "Send a charge's bill again to its customer_email (a new mail in the log)",
    tags,
    input: ResendBillSchema,
    output: NotificationViewSchema,
    stored: "plain",
    run: (c, input) => resendBill(c.deps, c.principal, input.charge_id),
    tool: {
      name: "resend_bill",
      description: "Send a charge's bill again to its customer_email, by charge_id.",
    },
  }),
];
