import PDFDocument from "pdfkit";
import type { ChargeRow } from "../../../db/queries/charges.ts";
import { renderQrPng } from "../../../qr/qr-png.ts";
import type { MailAttachment, MailContext } from "../mail-context.ts";
import {
  customerDocOf,
  customerNameOf,
  type DueOnDay,
  faceValueOf,
  shopName,
  whatOf,
} from "./charge-parts.ts";
import { termsInWords } from "./due-terms.ts";
import { formatBrl, formatDay } from "./format.ts";
import type { Words } from "./messages.ts";

// A due-date bill as a one-page PDF, the boleto habit: payee and its CNPJ, payer and CPF/CNPJ,
// what is paid, amount, due date, last payable day, the terms, the QR and the copy-and-paste
// code. pdfkit's standard Helvetica (no font file embedded) and the QR's 1-bit PNG keep it at a
// few KB; its dates are the mail's own clock (ctx.at), not the machine's.

const MARGIN = 48;
const GREY = "#52525b";

// The standard fonts speak WinAnsi only: anything outside Latin-1 and its few extras (an emoji
// in a title) would print as garbage, so it becomes "?"; control characters become spaces.
const pdfText = (s: string) =>
  s.replace(/\p{Cc}/gu, " ").replace(/[^\u0020-\u00ff€–—‘’“”•…]/gu, "?");

/** A CNPJ of 14 characters as it is printed (12.345.678/0001-95), else as stored. */
const cnpjText = (c: string) =>
  /^[\dA-Z]{12}\d{2}$/.test(c)
    ? `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`
    : c;

export async function billPdf(
  t: Words,
  ctx: MailContext,
  row: ChargeRow,
  due: DueOnDay,
): Promise<MailAttachment> {
  const shop = shopName(ctx);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: pdfText(`${t("pdf.title")} ${shop}`),
      Author: pdfText(shop),
      CreationDate: ctx.at,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const label = (text: string) =>
    doc.font("Helvetica").fontSize(9).fillColor(GREY).text(pdfText(text.toUpperCase()));
  const value = (text: string, size = 12) =>
    doc.font("Helvetica").fontSize(size).fillColor("#000000").text(pdfText(text)).moveDown(0.5);
  const field = (l: string, v: string, size?: number) => {
    label(l);
    value(v, size);
  };

  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(pdfText(`${t("pdf.title")} — ${shop}`));
  doc.moveDown(0.8);
  field(t("pdf.payee"), shop);
  if (ctx.shop.taxId) field(t("pdf.taxId"), cnpjText(ctx.shop.taxId));
  const payer = customerNameOf(row);
  const payerDoc = customerDocOf(row);
  if (payer || payerDoc) field(t("pdf.payer"), [payer, payerDoc].filter(Boolean).join(" — "));
  const what = whatOf(row);
  if (what) field(t("for"), what);

  const a = due.amount;
  const top = doc.y;
  field(t("amount"), formatBrl(t.lang, faceValueOf(row, due)), 16);
  field(t("dueDate"), formatDay(t.lang, a.effectiveDueDate), 16);
  field(t("lastPayable"), formatDay(t.lang, a.lastPayableDate));
  if (a.payable && a.total !== a.original) {
    field(t("amountOn", { date: formatDay(t.lang, due.on) }), formatBrl(t.lang, a.total));
  }
  const [before, after] = termsInWords(t, due.terms);
  if (before.length + after.length > 0) {
    label(t("pdf.terms"));
    if (before.length > 0) value(`${t("before")}: ${before.join("; ")}.`, 10);
    if (after.length > 0) value(`${t("after")}: ${after.join(", ")}.`, 10);
  }
  const below = doc.y;

  // The QR on the right of the amounts, as on a printed bill.
  const qrSize = 150;
  if (row.brCode) {
    doc.image(renderQrPng(row.brCode, { scale: 4, margin: 2 }), MARGIN + width - qrSize, top, {
      fit: [qrSize, qrSize],
    });
  }
  doc.y = Math.max(below, top + qrSize) + 12;
  doc.x = MARGIN;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor("#a1a1aa")
    .stroke();
  doc.moveDown(0.8);
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#000000")
    .text(pdfText(t("pdf.howTo")), { width });
  doc.moveDown(0.5);
  label(t("pix.code"));
  // The code is one long word: pdfkit breaks it where the line ends, which a copy from most
  // readers joins again; the mail carries it whole.
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#000000")
    .text(pdfText(row.brCode ?? ""), { width });
  doc.moveDown(0.8);
  if (ctx.links.payUrl) field(t("payPage"), ctx.links.payUrl, 9);
  field(t("charge"), row.id, 9);
  doc.end();
  return {
    filename: `${t.lang === "en" ? "bill" : "cobranca"}-${row.id.replace(/[^A-Za-z0-9_-]/g, "")}.pdf`,
    content: await done,
    contentType: "application/pdf",
  };
}
