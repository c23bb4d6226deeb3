import { findAccount } from "../../db/queries/accounts.ts";
import type { Principal } from "../../kernel/mode.ts";
import { newChargeRow } from "../charges/new-charge-row.ts";
import type { MailKind } from "../notifications/kinds.ts";
import type { RenderedMail } from "../notifications/mail-context.ts";
import {
  getNotificationSettings,
  listNotifications,
  type NotificationDeps,
} from "../notifications/manage-notifications.ts";
import { renderMail } from "../notifications/render/render-mail.ts";
import { encodeBrCode } from "../pix/brcode.ts";

// The dashboard's notifications page: the mode's settings with whether its mail can leave at
// all, the latest mails sent or planned, and the bill a payer would get for a sample due-date
// charge, rendered by the same renderer the mail worker uses, so the preview is the real thing.

const DAY_MS = 86_400_000;
const BRAZIL_OFFSET_MS = 3 * 3_600_000;

/** A date (YYYY-MM-DD) in Brazil, `days` after `at`'s. */
const brazilDay = (at: Date, days = 0) =>
  new Date(at.getTime() - BRAZIL_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);

/** The sample bill: R$ 150,00 due in 10 days, 2% fine, 1% a month, to a made-up payer. */
function sampleCharge(who: Principal, now: Date, dueDate: string, language: "pt-BR" | "en") {
  return newChargeRow(who, {
    id: "ch_preview",
    method: "pix",
    valueCents: 15_000,
    title: language === "en" ? "Sample bill" : "Cobrança de exemplo",
    details: {
      customer_name: "Maria Silva",
      customer_email: "maria@example.com",
    },
    provider: "sandbox",
    txid: "vpreview0000000000000000000",
    brCode: encodeBrCode({
      url: "pix.example.com/cobv/preview",
      merchantName: "Tostao",
      merchantCity: "Sao Paulo",
    }),
    expiresAt: new Date(Date.parse(`${dueDate}T03:00:00.000Z`) + 31 * DAY_MS),
    createdAt: now,
    due: {
      terms: {
        originalCents: 15_000,
        dueDate,
        daysAfterDue: 30,
        fine: { mode: "percent", value: 200 },
        interest: { mode: "percent_per_month_calendar_days", value: 100 },
      },
      overdueAt: new Date(Date.parse(`${dueDate}T03:00:00.000Z`) + DAY_MS),
    },
  });
}

/** The day each kind's sample is about, counted from today (the due date is day 10). */
const SAMPLE_DAY: Partial<Record<MailKind, number>> = {
  reminder_before: 7,
  reminder_due: 10,
  reminder_overdue: 11,
  reminder_overdue_weekly: 18,
};

/**
 * The mail of `kind` a payer would get for the sample bill (or a sample subscription), rendered
 * by the renderer the mail worker uses, so the preview is the real thing; its inline images as
 * data: URLs, since a page has no attachments.
 */
export async function previewMail(
  deps: NotificationDeps,
  who: Principal,
  settings: { language: "pt-BR" | "en"; tax_id: string | null },
  kind: MailKind,
): Promise<RenderedMail> {
  const now = deps.clock.now();
  const account = await findAccount(deps.db, who.accountId);
  const dueDate = brazilDay(now, 10);
  const paid = kind === "receipt" || kind === "refund";
  const charge = {
    ...sampleCharge(who, now, dueDate, settings.language),
    ...(paid
      ? {
          status: kind === "refund" ? ("refunded" as const) : ("approved" as const),
          approvedAt: now,
          amountPaidCents: 15_000,
        }
      : {}),
  };
  const subscription = kind.startsWith("subscription_")
    ? {
        id: "sub_preview",
        title: settings.language === "en" ? "Monthly plan" : "Plano mensal",
        periodicity: "monthly",
        valueCents: 4_990,
        maxValueCents: null,
        authorizationUrl: "https://example.com/subscribe/sub_preview",
        debit: { date: brazilDay(now, 3), amountCents: 4_990 },
        declineReason: settings.language === "en" ? "insufficient funds" : "saldo insuficiente",
      }
    : undefined;
  const mail = await renderMail({
    kind,
    language: settings.language,
    shop: { name: account?.displayName ?? account?.name ?? "Tostão", taxId: settings.tax_id },
    recipient: "maria@example.com",
    ...(subscription ? { subscription } : { charge }),
    ...(paid
      ? {
          payment: {
            kind: "charge_id" as const,
            id: "ch_preview",
            paidAt: now,
            amountCents: 15_000,
          },
        }
      : {}),
    onDate: brazilDay(now, SAMPLE_DAY[kind] ?? 0),
    at: now,
    links: {
      payUrl: "https://example.com/pay/ch_preview",
      receiptUrl: paid ? "https://example.com/receipt/ch_preview.sample" : null,
      unsubscribeUrl: kind.startsWith("reminder_") ? "https://example.com/mail/unsubscribe" : null,
    },
  });
  let html = mail.html;
  for (const a of mail.attachments) {
    if (!a.cid) continue;
    const data = `data:${a.contentType};base64,${a.content.toString("base64")}`;
    html = html.split(`cid:${a.cid}`).join(data);
  }
  return { ...mail, html };
}

/** The sample bill's mail (the page shows its subject and text beside the framed preview). */
export const previewBill = (
  deps: NotificationDeps,
  who: Principal,
  settings: { language: "pt-BR" | "en"; tax_id: string | null },
) => previewMail(deps, who, settings, "bill");

export async function notificationsPage(deps: NotificationDeps, who: Principal) {
  const settings = await getNotificationSettings(deps, who);
  const [recent, preview] = await Promise.all([
    listNotifications(deps, who, { limit: 20 }),
    previewBill(deps, who, settings),
  ]);
  return { settings, recent: recent.notifications, preview };
}

export type NotificationsPage = Awaited<ReturnType<typeof notificationsPage>>;
