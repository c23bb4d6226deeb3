import type { MailContext, RenderedMail } from "../mail-context.ts";
import { chargeOf, footer, greeting, shopName, whatOf } from "./charge-parts.ts";
import { formatBrazilTime, formatBrl } from "./format.ts";
import { type Block, htmlOf, textOf } from "./layout.ts";
import { subjectLine } from "./markup.ts";
import type { Words } from "./messages.ts";

// The receipt (any paid charge) and the refund notice: how much, when (Brazil's time), the id
// the payer's bank or wallet shows for the payment (ctx.payment; the charge id where none is
// known, as in the sandbox), the shop, what was paid for, and the receipt page.

function paymentFacts(t: Words, ctx: MailContext, amountLabel: string, cents: number, at: Date) {
  const row = chargeOf(ctx);
  const p = ctx.payment;
  const rows: Array<readonly [string, string]> = [[t("shop"), shopName(ctx)]];
  const what = whatOf(row);
  if (what) rows.push([t("for"), what]);
  rows.push([amountLabel, formatBrl(t.lang, cents)]);
  rows.push([
    ctx.kind === "refund" ? t("refund.at") : t("receipt.at"),
    formatBrazilTime(t.lang, at),
  ]);
  rows.push([t(`paymentId.${p?.kind ?? "charge_id"}`), p?.id ?? row.id]);
  if (p && p.kind !== "charge_id") rows.push([t("paymentId.charge_id"), row.id]);
  return { kind: "facts", rows } satisfies Block;
}

const paidCentsOf = (ctx: MailContext) => {
  const row = chargeOf(ctx);
  return ctx.payment?.amountCents ?? row.amountPaidCents ?? row.valueCents;
};

function receiptLink(t: Words, ctx: MailContext): Block[] {
  const url = ctx.links.receiptUrl;
  return url ? [{ kind: "button", label: t("receipt.button"), url }] : [];
}

export async function renderReceipt(t: Words, ctx: MailContext): Promise<RenderedMail> {
  const row = chargeOf(ctx);
  const shop = shopName(ctx);
  const cents = paidCentsOf(ctx);
  const amount = formatBrl(t.lang, cents);
  const at = ctx.payment?.paidAt ?? row.approvedAt ?? ctx.at;
  const subject = subjectLine(t("receipt.subject", { shop, amount }));
  const blocks: Block[] = [
    { kind: "heading", text: t("receipt.heading") },
    greeting(t, row),
    { kind: "para", text: t("receipt.intro", { shop, amount }) },
    paymentFacts(t, ctx, t("receipt.amount"), cents, at),
    ...receiptLink(t, ctx),
    footer(t, ctx),
  ];
  return { subject, text: textOf(blocks), html: htmlOf(t.lang, subject, blocks), attachments: [] };
}

export async function renderRefund(t: Words, ctx: MailContext): Promise<RenderedMail> {
  const row = chargeOf(ctx);
  const shop = shopName(ctx);
  const cents = paidCentsOf(ctx);
  const amount = formatBrl(t.lang, cents);
  // A refunded charge's last change is its refund; a mail made later (a retry) keeps that time.
  const at = row.status === "refunded" ? row.updatedAt : ctx.at;
  const subject = subjectLine(t("refund.subject", { shop, amount }));
  const blocks: Block[] = [
    { kind: "heading", text: t("refund.heading") },
    greeting(t, row),
    { kind: "para", text: t("refund.intro", { shop, amount }) },
    paymentFacts(t, ctx, t("refund.amount"), cents, at),
    { kind: "para", text: t("refund.note") },
    ...receiptLink(t, ctx),
    footer(t, ctx),
  ];
  return { subject, text: textOf(blocks), html: htmlOf(t.lang, subject, blocks), attachments: [] };
}
