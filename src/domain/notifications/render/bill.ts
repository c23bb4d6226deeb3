import type { MailContext, RenderedMail } from "../mail-context.ts";
import { billPdf } from "./bill-pdf.ts";
import {
  billFacts,
  chargeOf,
  dueOn,
  faceValueOf,
  footer,
  greeting,
  payBlocks,
  shopName,
  termsBlocks,
} from "./charge-parts.ts";
import { formatBrl, formatDay } from "./format.ts";
import { type Block, htmlOf, textOf } from "./layout.ts";
import { subjectLine } from "./markup.ts";
import type { Words } from "./messages.ts";

// The bill: sent when a charge with customer_email is created (PIX, due-date, Bitcoin, a batch's
// lines). What is paid and how much, a due-date bill's dates and terms, the payment page, the
// Pix code exactly as the API's brCode with its QR inline; a due-date bill also as a PDF.

export async function renderBill(
  t: Words,
  ctx: MailContext,
  withAttachments = true,
): Promise<RenderedMail> {
  const row = chargeOf(ctx);
  const due = dueOn(row, ctx.onDate);
  const shop = shopName(ctx);
  const amount = formatBrl(t.lang, faceValueOf(row, due));
  const subject = subjectLine(t("bill.subject", { shop, amount }));
  const pay = payBlocks(t, ctx, row, withAttachments);
  const blocks: Block[] = [
    { kind: "heading", text: t("bill.heading", { shop }) },
    greeting(t, row),
    {
      kind: "para",
      text: due
        ? t("bill.introDue", { shop, amount, date: formatDay(t.lang, due.amount.effectiveDueDate) })
        : t("bill.intro", { shop, amount }),
    },
    billFacts(t, ctx, row, due),
    ...termsBlocks(t, due),
    ...pay.blocks,
  ];
  const attachments = [...pay.attachments];
  if (due && row.brCode) {
    blocks.push({ kind: "para", text: t("pdfAttached") });
    if (withAttachments) attachments.push(await billPdf(t, ctx, row, due));
  }
  blocks.push(footer(t, ctx));
  return { subject, text: textOf(blocks), html: htmlOf(t.lang, subject, blocks), attachments };
}
