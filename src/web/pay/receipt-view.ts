import type { ReceiptPage } from "../../domain/receipts/receipt-page.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatBrl, type Lang, translator } from "../i18n/catalogue.ts";
import { common } from "../i18n/common.ts";
import { pay } from "../i18n/pay.ts";
import { receipt } from "../i18n/receipt.ts";
import { page } from "../layout.ts";
import { testBanner } from "./payment-view.ts";

// The receipt page of a paid charge: one card a payer can read on a phone and print on one
// sheet. The print style sheet (assets/style.css, @media print) keeps the card and the test
// banner, black on white, and drops the print button and the language links. The button works
// through assets/app.js ([data-print] calls window.print()): the page's policy runs no inline
// script, and without script the button is not shown (a browser's own Print still works).

const BRAZIL = "America/Sao_Paulo";

/** A receipt's moment, in words, in Brazil's time (a receipt is read there whatever the server). */
function paidAtText(lang: Lang, at: Date): string {
  return new Intl.DateTimeFormat(lang, {
    dateStyle: "long",
    timeStyle: "medium",
    timeZone: BRAZIL,
  }).format(at);
}

export function receiptPageHtml(v: ReceiptPage, opts: { lang: Lang; url: string }): SafeHtml {
  const t = translator(opts.lang, common, pay, receipt);
  const amount = formatBrl(opts.lang, v.payment.amountCents);
  const what = v.title ?? `${t("charge.fallbackTitle")} ${v.chargeId}`;
  const refunded = v.statusCode === "refunded";
  const method =
    v.method === "pix"
      ? t("receipt.method.pix")
      : t(v.paidMethod === "lightning" ? "receipt.method.lightning" : "receipt.method.onchain");
  const main = html`<section class="card pay-card receipt-card" aria-labelledby="receipt-title">
<h1 id="receipt-title" class="receipt-title">${t("receipt.title")}</h1>
<p class="pay-amount receipt-amount"><span class="brl">${amount}</span></p>
<div class="pay-status" data-status="${v.statusCode}"><strong>${t(refunded ? "receipt.refunded" : "receipt.approved")}</strong>${refunded ? html` <span>${t("receipt.refundedNote")}</span>` : ""}</div>
<dl class="sub-terms receipt-facts">
${v.merchantName ? html`<div><dt>${t("receipt.shop")}</dt><dd class="receipt-shop">${v.merchantName}</dd></div>` : ""}
<div><dt>${t("receipt.for")}</dt><dd class="receipt-what">${what}${v.description ? html`<span class="receipt-description">${v.description}</span>` : ""}</dd></div>
<div><dt>${t("receipt.when")}</dt><dd><time datetime="${v.payment.paidAt.toISOString()}">${paidAtText(opts.lang, v.payment.paidAt)}</time> <span class="receipt-tz">(${t("receipt.timeZone")})</span></dd></div>
<div><dt>${t("receipt.method")}</dt><dd>${method}</dd></div>
<div><dt>${t("receipt.status")}</dt><dd>${t(refunded ? "receipt.refunded" : "receipt.approved")}</dd></div>
</dl>
<div class="receipt-id"><p class="receipt-id-label">${t(`receipt.id.${v.payment.kind}`)}</p>
<p class="mono receipt-id-value">${v.payment.id}</p></div>
<p class="receipt-actions"><button type="button" class="secondary" data-print>${t("receipt.print")}</button></p>
<p class="muted small receipt-keep">${t("receipt.keep")}</p>
</section>`;

  return page({
    lang: opts.lang,
    title: `${t("receipt.title")} · ${amount}`,
    url: opts.url,
    header: html`<header class="paybar"><div class="inner"><span class="merchant">${v.merchantName ? t("receipt.paidTo", { merchant: v.merchantName }) : t("receipt.title")}</span></div></header>`,
    banner: v.livemode ? "" : testBanner(t),
    mainClass: "pay",
    main,
  });
}
