import { epochDayOf } from "../../domain/due-date/calendar-date.ts";
import type { AuthorizationPage } from "../../domain/subscriptions/authorization-page.ts";
import { renderQrSvg } from "../../qr/qr-svg.ts";
import { html, raw, type SafeHtml } from "../html.ts";
import { formatBrl, formatDateTime, type Lang, translator } from "../i18n/catalogue.ts";
import { common } from "../i18n/common.ts";
import { pay } from "../i18n/pay.ts";
import { subscriptions } from "../i18n/subscriptions.ts";
import { page } from "../layout.ts";
import { testBanner } from "./payment-view.ts";

// The hosted authorisation page of a subscription, phone first: who charges, what, how much (or
// at most how much), how often, the first date and the last, then the QR and the code to copy.
// A test subscription has the sandbox's approve and reject buttons. No customer data is shown.

const subT = (lang: Lang) => translator(lang, common, pay, subscriptions);
type T = ReturnType<typeof subT>;

/** A calendar date (YYYY-MM-DD, Brazil) in the language's short form. */
export function formatDay(lang: Lang, date: string): string {
  const at = new Date(epochDayOf(date) * 86_400_000 + 12 * 3_600_000);
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(at);
}

export function subscriptionPageHtml(
  v: AuthorizationPage,
  opts: { lang: Lang; url: string },
): SafeHtml {
  const t = subT(opts.lang);
  const amount =
    v.amountCents !== null
      ? formatBrl(opts.lang, v.amountCents)
      : t("sub.amountUpTo", { amount: formatBrl(opts.lang, v.maxAmountCents ?? 0) });
  const selfUrl = `/subscribe/${encodeURIComponent(v.subscriptionId)}`;
  const open = v.statusCode === "created";
  const main = html`<section class="card pay-card" data-status="${v.statusCode}">
<h1 class="pay-what">${v.title}</h1>
<p class="pay-amount"><span class="brl">${amount}</span></p>
<dl class="sub-terms">
<div><dt>${t("sub.periodicity")}</dt><dd>${t(`sub.every.${v.periodicity}`)}</dd></div>
<div><dt>${t("sub.firstDate")}</dt><dd>${formatDay(opts.lang, v.firstDate)}</dd></div>
<div><dt>${t("sub.endDate")}</dt><dd>${v.endDate ? formatDay(opts.lang, v.endDate) : t("sub.noEnd")}</dd></div>
${v.firstPaymentCents !== null ? html`<div><dt>${t("sub.firstPayment")}</dt><dd>${formatBrl(opts.lang, v.firstPaymentCents)}</dd></div>` : ""}
</dl>
<div id="pay-status" class="pay-status" data-status="${v.statusCode}" role="status"><strong>${t(`sub.status.${v.statusCode}`)}</strong></div>
${open ? openBlock(t, v) : ""}
<p class="pay-refresh"><a href="${selfUrl}">${t("refresh.link")}</a></p>
${open && !v.livemode ? simulateForms(t, selfUrl) : ""}
</section>`;
  return page({
    lang: opts.lang,
    title: `${v.title} · ${amount}`,
    url: opts.url,
    header: html`<header class="paybar"><div class="inner"><span class="merchant">${v.merchantName ? t("sub.authorizeTo", { merchant: v.merchantName }) : t("sub.authorize")}</span></div></header>`,
    banner: v.livemode ? "" : testBanner(t),
    mainClass: "pay",
    main,
  });
}

function openBlock(t: T, v: AuthorizationPage): SafeHtml {
  const howTo =
    v.firstPaymentCents !== null
      ? t("sub.howToFirst", { amount: formatBrl(t.lang, v.firstPaymentCents) })
      : t("sub.howTo");
  return html`<div class="pay-open">
<p class="pay-expires">${t("sub.validUntil", { time: formatDateTime(t.lang, v.expiresAt) })}</p>
<p>${howTo}</p>
<figure class="pay-qr">${raw(renderQrSvg(v.brCode, { title: t("sub.qrAlt", { title: v.title }) }))}</figure>
<div class="pay-field"><label for="pay-code">${t("sub.codeLabel")}</label>
<textarea id="pay-code" class="mono" readonly rows="5" spellcheck="false">${v.brCode}</textarea>
<button type="button" class="copy-wide" data-copy="#pay-code" data-copied="${t("copy.done")}">${t("copy.button")}</button></div>
</div>`;
}

function simulateForms(t: T, selfUrl: string): SafeHtml {
  return html`<form class="pay-simulate" method="post" action="${selfUrl}/simulate">
<button type="submit" name="decision" value="approve">${t("sub.simulate.approve")}</button>
<button type="submit" name="decision" value="reject" class="secondary">${t("sub.simulate.reject")}</button>
<p class="muted small">${t("sub.simulate.note")}</p>
</form>`;
}
