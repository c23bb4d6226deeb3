import type { PaymentPage } from "../../domain/checkout/payment-page.ts";
import { renderQrSvg } from "../../qr/qr-svg.ts";
import { type HtmlValue, html, raw, type SafeHtml } from "../html.ts";
import { formatBrl, formatDateTime, type Lang, translator } from "../i18n/catalogue.ts";
import { common } from "../i18n/common.ts";
import { pay } from "../i18n/pay.ts";
import { payDue } from "../i18n/pay-due.ts";
import { subscriptions } from "../i18n/subscriptions.ts";
import { page } from "../layout.ts";
import { dueBlock, formatDay } from "./due-view.ts";

// The hosted payment page of a charge: to whom, for what, how much, the QR and the code to copy,
// the time left, and the status, which updates by itself. Without script the page refreshes
// itself every few seconds (a <meta refresh> inside <noscript>, so it never reloads a page whose
// script is already updating it) and has a refresh link; with script (assets/app.js,
// [data-pay-feed]) it polls the status feed and changes in place, then follows success_url.
// Nothing about the customer is shown: the view it is given has no customer field at all.

/** How often a page without script reloads itself while the charge is open, in seconds. */
export const NOSCRIPT_REFRESH_S = 5;
/** How long the paid page shows "confirmed" before following the product's success_url. */
export const SUCCESS_DELAY_S = 2;

type T = ReturnType<typeof payT>;
const payT = (lang: Lang) => translator(lang, common, pay, payDue);

const CLOSED = ["expired", "canceled", "declined", "failed"] as const;
const isClosed = (s: string) => (CLOSED as readonly string[]).includes(s);

export function paymentPageHtml(v: PaymentPage, opts: { lang: Lang; url: string }): SafeHtml {
  const t = payT(opts.lang);
  // A charge with a due date shows today's amount while it can be paid, then what was paid.
  const amount = formatBrl(opts.lang, shownAmount(v));
  const title = v.title ?? `${t("charge.fallbackTitle")} ${v.chargeId}`;
  const pending = v.statusCode === "pending";
  const selfUrl = `/pay/${encodeURIComponent(v.chargeId)}`;
  const labels = Object.fromEntries(
    ["pending", "approved", "refunded", ...CLOSED].map((s) => [s, statusLabel(t, s)]),
  );
  const head: HtmlValue[] = [];
  if (pending) {
    head.push(
      html`<noscript><meta http-equiv="refresh" content="${NOSCRIPT_REFRESH_S}"></noscript>`,
    );
  }
  if (v.statusCode === "approved" && v.successUrl) {
    head.push(html`<meta http-equiv="refresh" content="${SUCCESS_DELAY_S};url=${v.successUrl}">`);
  }

  const main = html`<section class="card pay-card" data-pay-feed="/api/pay/status?charge_id=${encodeURIComponent(v.chargeId)}" data-status="${v.statusCode}" data-success-delay="${SUCCESS_DELAY_S}">
<h1 class="pay-what">${title}</h1>
<p class="pay-amount"><span class="brl">${amount}</span>${v.bitcoin ? html` <span class="btc">${v.bitcoin.amountBtc} BTC</span>` : ""}</p>
<div id="pay-status" class="pay-status" data-status="${v.statusCode}" data-labels="${JSON.stringify(labels)}" role="status" aria-live="polite" aria-atomic="true"><strong>${statusLabel(t, v.statusCode)}</strong></div>
${v.due ? dueBlock(t, opts.lang, v.due, v.statusCode) : ""}
${pending ? openBlock(t, v, amount) : ""}
<div class="pay-done" data-when="approved"${v.statusCode === "approved" ? "" : raw(" hidden")}>
<p>${t("status.paidNote")}</p>
<p class="pay-next"${v.successUrl ? "" : raw(" hidden")}><span class="muted">${t("status.redirecting")}</span> <a class="button" href="${v.successUrl ?? ""}">${t("status.continue")}</a></p>
</div>
<div class="pay-done" data-when="closed"${isClosed(v.statusCode) ? "" : raw(" hidden")}>
<p>${t("status.closedNote")}</p>
${v.productId ? html`<p><a class="button secondary" href="/checkout/${encodeURIComponent(v.productId)}">${t("status.newCharge")}</a></p>` : ""}
</div>
<p class="pay-refresh"><a href="${selfUrl}">${t("refresh.link")}</a>${pending ? html` <span class="muted">${t("refresh.auto")}</span>` : ""}</p>
${pending && !v.livemode ? simulateForm(t, selfUrl) : ""}
</section>`;

  return page({
    lang: opts.lang,
    title: `${title} · ${amount}`,
    url: opts.url,
    head,
    header: html`<header class="paybar"><div class="inner"><span class="merchant">${v.merchantName ? t("merchant.payTo", { merchant: v.merchantName }) : t("merchant.payment")}</span></div></header>`,
    banner: v.livemode ? "" : testBanner(t),
    mainClass: "pay",
    main,
  });
}

export function testBanner(t: (key: "test.banner") => string): SafeHtml {
  return html`<div class="banner-test pay-test" role="note"><strong>${t("test.banner")}</strong></div>`;
}

function statusLabel(t: T, status: string): string {
  switch (status) {
    case "pending":
      return t("status.pending");
    case "approved":
      return t("status.approved");
    case "expired":
      return t("status.expired");
    case "canceled":
      return t("status.canceled");
    case "declined":
      return t("status.declined");
    case "failed":
      return t("status.failed");
    default:
      return t("status.refunded");
  }
}

/** What the payer needs while the charge can be paid: time left, QR, code, copy button. */
function openBlock(t: T, v: PaymentPage, amount: string): SafeHtml {
  const expires = v.due
    ? html`<p class="pay-expires">${t("due.payableUntil", { date: formatDay(t.lang, v.due.lastPayableDate) })}</p>`
    : html`<p class="pay-expires"><span>${t("expires.at", { time: formatDateTime(t.lang, v.expiresAt) })}</span> <span class="countdown" data-countdown="${v.expiresAt}" data-label="${t("expires.left", { left: "{left}" })}" aria-hidden="true"></span></p>`;
  if (v.bitcoin) {
    const b = v.bitcoin;
    return html`<div class="pay-open">
${expires}
<p>${b.lightningInvoice ? t(b.lightningOnly ? "crypto.howToLightning" : "crypto.howToUnified", { btc: b.amountBtc }) : t("crypto.howTo", { btc: b.amountBtc })}</p>
<figure class="pay-qr">${raw(renderQrSvg(b.payUri, { title: t("crypto.qrAlt", { btc: b.amountBtc }) }))}</figure>
${b.lightningInvoice ? lightningField(t, b.lightningInvoice) : ""}
${b.lightningOnly ? "" : addressFields(t, b)}
<p><a class="button secondary" href="${b.payUri}">${t("crypto.openWallet")}</a></p>
<p class="muted small">${t("crypto.network", { network: b.network })}${v.amountReceived && v.amountReceived !== "0.00000000" ? html` · ${t("crypto.received", { btc: v.amountReceived })}` : ""}</p>
</div>`;
  }
  if (!v.brCode) {
    // A subscription period's charge (Pix Automático) has no code: the payer's bank debits it.
    return html`<div class="pay-open"><p>${translator(t.lang, subscriptions)("sub.periodCharge")}</p></div>`;
  }
  return pixBlock(t, v, amount, expires);
}

/** The Lightning invoice and its copy button (wallets paste it as is). */
function lightningField(t: T, invoice: string): SafeHtml {
  return html`<div class="pay-field"><label for="pay-invoice">${t("crypto.invoiceLabel")}</label>
<textarea id="pay-invoice" class="mono" readonly rows="4" spellcheck="false">${invoice}</textarea>
<button type="button" class="copy-wide" data-copy="#pay-invoice" data-copied="${t("copy.done")}">${t("copy.invoiceButton")}</button></div>`;
}

function addressFields(t: T, b: NonNullable<PaymentPage["bitcoin"]>): SafeHtml {
  return html`<div class="pay-field"><label for="pay-code">${t("crypto.addressLabel")}</label>
<textarea id="pay-code" class="mono" readonly rows="2" spellcheck="false">${b.address}</textarea>
<button type="button" class="copy-wide" data-copy="#pay-code" data-copied="${t("copy.done")}">${t("copy.button")}</button></div>
<div class="pay-field"><label for="pay-btc">${t("crypto.amountLabel")}</label>
<div class="copyrow"><input id="pay-btc" class="mono" type="text" readonly value="${b.amountBtc}"><button type="button" class="secondary" data-copy="#pay-btc" data-copied="${t("copy.done")}">${t("copy.button")}</button></div></div>`;
}

function pixBlock(t: T, v: PaymentPage, amount: string, expires: SafeHtml): SafeHtml {
  return html`<div class="pay-open">
${expires}
<p>${t("pix.howTo")}</p>
<figure class="pay-qr">${raw(renderQrSvg(v.brCode ?? "", { title: t("pix.qrAlt", { amount }) }))}</figure>
<div class="pay-field"><label for="pay-code">${t("pix.codeLabel")}</label>
<textarea id="pay-code" class="mono" readonly rows="5" spellcheck="false">${v.brCode ?? ""}</textarea>
<button type="button" class="copy-wide" data-copy="#pay-code" data-copied="${t("copy.done")}">${t("copy.button")}</button></div>
</div>`;
}

/** The amount the page's headline shows. */
function shownAmount(v: PaymentPage): number {
  const due = v.due;
  if (!due) return v.amountCents;
  if (v.statusCode === "pending" && due.payable) return due.amount.total;
  return due.amountPaidCents ?? v.amountCents;
}

function simulateForm(t: T, selfUrl: string): SafeHtml {
  return html`<form class="pay-simulate" method="post" action="${selfUrl}/simulate">
<button type="submit" class="secondary">${t("simulate.button")}</button>
<p class="muted small">${t("simulate.note")}</p>
</form>`;
}
