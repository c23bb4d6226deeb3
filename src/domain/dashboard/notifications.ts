import { findAccount } from "../../db/queries/accounts.ts";
import type { Principal } from "../../kernel/mode.ts";
import { newChargeRow } from "../charges/new-charge-row.ts";
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
export async function previewBill(
  deps: NotificationDeps,
  who: Principal,
  settings: { language: "pt-BR" | "en"; tax_id: string | null },
): Promise<RenderedMail> {
  const now = deps.clock.now();
  const account = await findAccount(deps.db, who.accountId);
  const dueDate = brazilDay(now, 10);
  const charge = newChargeRow(who, {
    id: "ch_preview",
    method: "pix",
    valueCents: 15_000,
    title: settings.language === "en" ? "Sample bill" : "Cobrança de exemplo",
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
  const mail = await renderMail({
    kind: "bill",
    language: settings.language,
    shop: { name: account?.displayName ?? account?.name ?? "Tostão", taxId: settings.tax_id },
    recipient: "maria@example.com",
    charge,
    onDate: brazilDay(now),
    at: now,
    links: { payUrl: "https://example.com/pay/ch_preview", receiptUrl: null, unsubscribeUrl: null },
  });
  // A mail client shows the inline QR from its attachment (cid:); a page has no attachments,
  // so the preview carries the same image as a data: URL.
  let html = mail.html;
  for (const a of mail.attachments) {
    if (!a.cid) continue;
    const data = `data:${a.contentType};base64,${a.content.toString("base64")}`;
    html = html.split(`cid:${a.cid}`).join(data);
  }
  return { ...mail, html };
}

export async function notificationsPage(deps: NotificationDeps, who: Principal) {
  const settings = await getNotificationSettings(deps, who);
  const [recent, preview] = await Promise.all([
    listNotifications(deps, who, { limit: 20 }),
    previewBill(deps, who, settings),
  ]);
  return { settings, recent: recent.notifications, preview };
}

export type NotificationsPage = Awaited<ReturnType<typeof notificationsPage>>;
