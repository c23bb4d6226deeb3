import { formatBtc } from "../../../bitcoin/payment-uri.ts";
import type { ChargeRow } from "../../../db/queries/charges.ts";
import { renderQrPng } from "../../../qr/qr-png.ts";
import { type AmountDue, amountDue } from "../../due-date/amount-due.ts";
import { dueTermsOf } from "../../due-date/due-charge.ts";
import type { DueDateTerms } from "../../due-date/modalities.ts";
import type { MailAttachment, MailContext } from "../mail-context.ts";
import { termsInWords } from "./due-terms.ts";
import { formatBrazilTime, formatBrl, formatDay } from "./format.ts";
import type { Block } from "./layout.ts";
import { oneLine } from "./markup.ts";
import type { Words } from "./messages.ts";

// The pieces every mail about a charge is made of: who it is for, what is paid, a due-date
// bill's dates and terms, and how to pay (the link, the Pix code with its QR, or the Bitcoin
// address and URI with theirs). Text a merchant or payer wrote goes through oneLine here and is
// escaped by the layout.

/** The charge a mail is about; a kind that needs one and has none is the worker's bug. */
export function chargeOf(ctx: MailContext): ChargeRow {
  if (!ctx.charge) throw new Error(`a ${ctx.kind} mail needs its charge`);
  return ctx.charge;
}

const detail = (row: ChargeRow, key: string): string | null => {
  const v = row.details[key];
  return typeof v === "string" && oneLine(v) !== "" ? oneLine(v) : null;
};

export const customerNameOf = (row: ChargeRow) => detail(row, "customer_name");
/** The payer's CPF or CNPJ, as the merchant gave it. */
export const customerDocOf = (row: ChargeRow) =>
  detail(row, "customer_cpf") ?? detail(row, "customer_cnpj");

/** What is being paid: the title, and the description where it says more. */
export function whatOf(row: ChargeRow): string | null {
  const title = row.title === null ? "" : oneLine(row.title);
  const description = row.description === null ? "" : oneLine(row.description);
  if (title && description && description !== title) return `${title} — ${description}`;
  return title || description || null;
}

export const shopName = (ctx: MailContext) => oneLine(ctx.shop.name) || "Tostão";

export function greeting(t: Words, row: ChargeRow | undefined): Block {
  const name = row && customerNameOf(row);
  return { kind: "para", text: name ? t("greeting.name", { name }) : t("greeting") };
}

/** A due-date bill as of a day: its terms and the amount due that day (centavos). */
export type DueOnDay = { terms: DueDateTerms; on: string; amount: AmountDue };

export function dueOn(row: ChargeRow, date: string): DueOnDay | undefined {
  const terms = dueTermsOf(row);
  return terms && { terms, on: date, amount: amountDue(terms, date) };
}

/** The face value: a due-date bill's original amount, else the charge's value. */
export const faceValueOf = (row: ChargeRow, due: DueOnDay | undefined) =>
  due ? due.terms.originalCents : row.valueCents;

/** The facts table of a bill: shop, what, amount, and a due-date bill's dates and today's amount. */
export function billFacts(t: Words, ctx: MailContext, row: ChargeRow, due: DueOnDay | undefined) {
  const rows: Array<readonly [string, string]> = [[t("shop"), shopName(ctx)]];
  const what = whatOf(row);
  if (what) rows.push([t("for"), what]);
  rows.push([due ? t("original") : t("amount"), formatBrl(t.lang, faceValueOf(row, due))]);
  if (row.method === "crypto" && row.crypto) {
    rows.push([t("btc.amount"), `${formatBtc(row.crypto.amountSats)} BTC`]);
  }
  if (due) {
    const a = due.amount;
    rows.push([t("dueDate"), formatDay(t.lang, a.effectiveDueDate)]);
    rows.push([t("lastPayable"), formatDay(t.lang, a.lastPayableDate)]);
    if (a.abatement > 0) rows.push([t("abatement"), `− ${formatBrl(t.lang, a.abatement)}`]);
    if (a.discount > 0) rows.push([t("discount"), `− ${formatBrl(t.lang, a.discount)}`]);
    if (a.fine > 0) rows.push([t("fine"), `+ ${formatBrl(t.lang, a.fine)}`]);
    if (a.interest > 0) rows.push([t("interest"), `+ ${formatBrl(t.lang, a.interest)}`]);
    if (a.payable) {
      rows.push([t("amountOn", { date: formatDay(t.lang, due.on) }), formatBrl(t.lang, a.total)]);
    }
  } else {
    rows.push([t("payBy"), formatBrazilTime(t.lang, row.expiresAt)]);
  }
  return { kind: "facts", rows } satisfies Block;
}

/** A due-date bill's terms in words: before the due date (discounts) and after (fine, interest). */
export function termsBlocks(t: Words, due: DueOnDay | undefined): Block[] {
  if (!due) return [];
  const [before, after] = termsInWords(t, due.terms);
  const blocks: Block[] = [];
  if (before.length > 0 && !due.amount.overdue) {
    blocks.push({ kind: "list", title: t("before"), items: before });
  }
  if (after.length > 0) blocks.push({ kind: "list", title: t("after"), items: after });
  return blocks;
}

// A cid is an addr-spec (RFC 2392): the charge id is letters, digits, "_" and "-" already, and
// anything else is dropped so that nothing odd reaches a header.
const cidOf = (what: string, row: ChargeRow) =>
  `${what}-${row.id.replace(/[^A-Za-z0-9_-]/g, "")}@tostao`;

/** The QR of `text` as an inline PNG attachment. */
export function qrAttachment(cid: string, filename: string, text: string): MailAttachment {
  return { filename, content: renderQrPng(text, { scale: 5 }), contentType: "image/png", cid };
}

/**
 * How to pay: the payment page, then the Pix code and QR, or the Bitcoin address, URI and QR;
 * the QR's image only `withAttachments` (a mail that will not be sent needs none).
 */
export function payBlocks(
  t: Words,
  ctx: MailContext,
  row: ChargeRow,
  withAttachments = true,
): { blocks: Block[]; attachments: MailAttachment[] } {
  const blocks: Block[] = [];
  const attachments: MailAttachment[] = [];
  if (ctx.links.payUrl)
    blocks.push({ kind: "button", label: t("payButton"), url: ctx.links.payUrl });
  if (row.method === "crypto" && row.crypto) {
    const cid = cidOf("btc-qr", row);
    if (withAttachments) attachments.push(qrAttachment(cid, "bitcoin-qr.png", row.crypto.payUri));
    blocks.push(
      { kind: "para", text: t("btc.how") },
      { kind: "qr", cid, alt: t("btc.qrAlt") },
      { kind: "code", label: t("btc.address"), code: row.crypto.address },
      { kind: "code", label: t("btc.uri"), code: row.crypto.payUri },
    );
  } else if (row.brCode) {
    const cid = cidOf("pix-qr", row);
    if (withAttachments) attachments.push(qrAttachment(cid, "pix-qr.png", row.brCode));
    blocks.push(
      { kind: "para", text: t("pix.how") },
      { kind: "qr", cid, alt: t("pix.qrAlt") },
      { kind: "code", label: t("pix.code"), code: row.brCode },
    );
  }
  return { blocks, attachments };
}

export const footer = (t: Words, ctx: MailContext): Block => ({
  kind: "footer",
  text: t("footer", { shop: shopName(ctx) }),
});
