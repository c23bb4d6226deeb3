import type { CounterSale } from "../../domain/counter/counter-sale.ts";
import { renderQrSvg } from "../../qr/qr-svg.ts";
import { type HtmlValue, html, raw, type SafeHtml } from "../html.ts";
import { formatBrl, type Lang, translator } from "../i18n/catalogue.ts";
import { common } from "../i18n/common.ts";
import { counter } from "../i18n/counter.ts";
import { pay } from "../i18n/pay.ts";
import { page } from "../layout.ts";
import { NOSCRIPT_REFRESH_S, testBanner } from "../pay/payment-view.ts";

// The counter's pages for a cashier's phone (docs/counter.md, "The counter"): the keypad (the
// amount typed from the centavos up, assets/app.js [data-counter-keypad]; without script the
// field takes the amount as typed), then the sale's QR and code, whose status changes by itself
// (the payment page's feed, [data-pay-feed], polling every second the status of this sale under
// the link's secret), and below both the link's sales of today. One column, large targets, for
// one thumb; nothing wider than the phone.

type T = ReturnType<typeof counterT>;
const counterT = (lang: Lang) => translator(lang, common, pay, counter);

export type CounterLinkPage = { label: string; livemode: boolean; base: string };
type Opts = { lang: Lang; url: string };

/** How often the sale's page asks for its status, in milliseconds (paid shows within 3 s). */
export const COUNTER_POLL_MS = 1000;

function counterPage(
  link: CounterLinkPage,
  opts: Opts,
  title: string,
  main: HtmlValue,
  head?: HtmlValue,
) {
  const t = counterT(opts.lang);
  return page({
    lang: opts.lang,
    title: `${title} · ${link.label}`,
    url: opts.url,
    ...(head ? { head } : {}),
    header: html`<header class="paybar"><div class="inner"><span class="merchant">${t("counter.title")} · ${link.label}</span></div></header>`,
    banner: link.livemode ? "" : testBanner(t),
    mainClass: "pay counter",
    main,
  });
}

export function keypadPageHtml(
  link: CounterLinkPage,
  sales: CounterSale[],
  opts: Opts & { amount?: string; error?: string },
): SafeHtml {
  const t = counterT(opts.lang);
  const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0"];
  // The page's heading for screen readers: the header bar already shows it to the eye.
  const main = html`<h1 class="visually-hidden">${t("counter.title")} · ${link.label}</h1>
<section class="card counter-card">
<form method="post" action="${link.base}/sale" class="counter-form" data-counter-keypad data-lang="${opts.lang}">
<label for="counter-amount">${t("counter.amount")}</label>
<input id="counter-amount" class="counter-display" name="amount" type="text" inputmode="decimal" autocomplete="off" placeholder="${opts.lang === "en" ? "0.00" : "0,00"}" value="${opts.amount ?? ""}"${opts.error ? raw(' aria-invalid="true" aria-describedby="counter-error"') : ""}>
${opts.error ? html`<p id="counter-error" class="field-error" role="alert">${opts.error}</p>` : ""}
<div class="keypad" role="group" aria-label="${t("counter.keypad")}" hidden>
${keys.map((k) => html`<button type="button" class="key" data-key="${k}">${k}</button>`)}<button type="button" class="key secondary" data-key="back" aria-label="${t("counter.erase")}">⌫</button>
</div>
<button type="submit" class="counter-go">${t("counter.charge")}</button>
</form>
</section>
${salesBlock(t, link, sales, true)}`;
  return counterPage(link, opts, t("counter.title"), main);
}

export function salePageHtml(
  link: CounterLinkPage,
  sale: CounterSale,
  sales: CounterSale[],
  opts: Opts,
): SafeHtml {
  const t = counterT(opts.lang);
  const amount = formatBrl(opts.lang, sale.valueCents);
  const pending = sale.statusCode === "pending";
  const closed = !pending && sale.statusCode !== "approved";
  const labels = Object.fromEntries(
    ["pending", "approved", "expired", "canceled", "declined", "failed", "refunded"].map((s) => [
      s,
      statusLabel(t, s),
    ]),
  );
  const feed = `${link.base}/status?charge_id=${encodeURIComponent(sale.chargeId)}`;
  const main = html`<section class="card pay-card counter-sale" data-pay-feed="${feed}" data-status="${sale.statusCode}" data-interval="${COUNTER_POLL_MS}" data-sale="${sale.chargeId}">
<h1 class="pay-amount"><span class="brl">${amount}</span></h1>
<div id="pay-status" class="pay-status" data-status="${sale.statusCode}" data-labels="${JSON.stringify(labels)}" role="status" aria-live="polite" aria-atomic="true"><strong>${statusLabel(t, sale.statusCode)}</strong></div>
${pending && sale.brCode ? openBlock(t, sale.brCode, amount) : ""}
<div class="pay-done" data-when="approved"${sale.statusCode === "approved" ? "" : raw(" hidden")}><p>${t("counter.paidNote")}</p></div>
<div class="pay-done" data-when="closed"${closed ? "" : raw(" hidden")}><p>${t("counter.closedNote")}</p></div>
<p class="counter-next"><a class="button counter-go" href="${link.base}">${t("counter.newSale")}</a></p>
</section>
${salesBlock(t, link, sales)}`;
  const head = pending
    ? html`<noscript><meta http-equiv="refresh" content="${NOSCRIPT_REFRESH_S}"></noscript>`
    : undefined;
  return counterPage(link, opts, `${amount}`, main, head);
}

function openBlock(t: T, brCode: string, amount: string): SafeHtml {
  return html`<div class="pay-open">
<p>${t("counter.scan")}</p>
<figure class="pay-qr">${raw(renderQrSvg(brCode, { title: t("counter.qrAlt", { amount }) }))}</figure>
<div class="pay-field"><label for="pay-code">${t("counter.codeLabel")}</label>
<textarea id="pay-code" class="mono" readonly rows="4" spellcheck="false">${brCode}</textarea>
<button type="button" class="copy-wide" data-copy="#pay-code" data-copied="${t("copy.done")}">${t("copy.button")}</button></div>
</div>`;
}

/** Today's sales; the total received on the keypad only (a sale's page changes it in place). */
function salesBlock(t: T, link: CounterLinkPage, sales: CounterSale[], total = false): SafeHtml {
  const paid = sales.filter((s) => s.statusCode === "approved" || s.statusCode === "refunded");
  const received = paid.reduce((n, s) => n + s.valueCents, 0);
  const time = new Intl.DateTimeFormat(t.lang, {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "America/Sao_Paulo",
  });
  const rows = sales.map(
    (s) =>
      html`<li data-sale="${s.chargeId}"><a href="${link.base}/sale/${encodeURIComponent(s.chargeId)}"><span class="muted">${time.format(s.createdAt)}</span> <span class="brl">${formatBrl(t.lang, s.valueCents)}</span> <span class="badge ${s.statusCode}">${statusLabel(t, s.statusCode)}</span></a></li>`,
  );
  return html`<section class="card counter-sales" aria-labelledby="counter-today">
<h2 id="counter-today">${t("counter.today")}</h2>
${sales.length === 0 ? html`<p class="muted">${t("counter.noSales")}</p>` : html`${total ? html`<p>${t("counter.todayTotal", { total: formatBrl(t.lang, received) })}</p>` : ""}<ul class="counter-list">${rows}</ul>`}
</section>`;
}

function statusLabel(t: T, status: string): string {
  switch (status) {
    case "pending":
      return t("counter.waiting");
    case "approved":
      return t("counter.paid");
    case "expired":
      return t("counter.expired");
    case "canceled":
      return t("counter.canceled");
    case "refunded":
      return t("counter.refunded");
    default:
      return t("counter.closed");
  }
}
