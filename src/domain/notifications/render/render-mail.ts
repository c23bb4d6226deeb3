import type { MailContext, RenderedMail, RenderOptions } from "../mail-context.ts";
import { renderBill } from "./bill.ts";
import { wordsFor } from "./messages.ts";
import { renderReceipt, renderRefund } from "./receipt.ts";
import { renderReminder } from "./reminder.ts";
import { renderSecurityAlert } from "./security-alert.ts";
import { renderSubscriptionMail } from "./subscription.ts";

// The payer's mail, rendered from what the worker gathered (mail-context-of.ts): a subject of
// one line, a text part and an HTML part that say the same, and the attachments (the QR as an
// inline image named by cid:, a due-date bill's PDF). Pure but for the clock-free PDF: the same
// context renders the same mail. A kind whose context lacks its charge or subscription throws:
// that is the caller's bug, not the payer's input.

export async function renderMail(
  ctx: MailContext,
  options: RenderOptions = {},
): Promise<RenderedMail> {
  const attachments = options.attachments !== false;
  const t = wordsFor(ctx.language === "en" ? "en" : "pt-BR");
  switch (ctx.kind) {
    case "bill":
      return renderBill(t, ctx, attachments);
    case "reminder_before":
    case "reminder_due":
    case "reminder_overdue":
    case "reminder_overdue_weekly":
      return renderReminder(t, ctx, ctx.kind, attachments);
    case "receipt":
      return renderReceipt(t, ctx);
    case "refund":
      return renderRefund(t, ctx);
    case "subscription_request":
    case "subscription_debit_notice":
    case "subscription_debit_failed":
    case "subscription_canceled":
      return renderSubscriptionMail(t, ctx, ctx.kind);
    case "security_alert":
      return renderSecurityAlert(t.lang, ctx);
  }
}
