import type { PosterPage } from "../../domain/qr-codes/poster-page.ts";
import { renderQrSvg } from "../../qr/qr-svg.ts";
import { html, raw, type SafeHtml } from "../html.ts";
import { formatBrl, type Lang, translator } from "../i18n/catalogue.ts";
import { common } from "../i18n/common.ts";
import { pay } from "../i18n/pay.ts";
import { qrPoster } from "../i18n/qr-poster.ts";
import { page, withQuery } from "../layout.ts";
import { testBanner } from "./payment-view.ts";

// The printable poster of a reusable QR code: the shop, what it is for, the amount when fixed,
// a large QR and the copy-and-paste code. ?size=a4 (default) or a6 picks the sheet; the print
// style sheet (assets/style.css, .poster and its named @page) fits the poster to that sheet and
// drops the page's chrome (the named pages are applied on <main>). The print button works through assets/app.js ([data-print]).

export type PosterSize = "a4" | "a6";
export const posterSizeOf = (v: unknown): PosterSize => (v === "a6" ? "a6" : "a4");

export function posterPageHtml(
  v: PosterPage,
  opts: { lang: Lang; url: string; size: PosterSize },
): SafeHtml {
  const t = translator(opts.lang, common, pay, qrPoster);
  const amount = v.valueCents === null ? null : formatBrl(opts.lang, v.valueCents);
  const sizes = (["a4", "a6"] as const).map((s, i) => {
    const sep = i > 0 ? " · " : "";
    const label = t(s === "a4" ? "poster.a4" : "poster.a6");
    if (s === opts.size) return html`${sep}<strong>${label}</strong>`;
    return html`${sep}<a href="${withQuery(opts.url, { size: s })}">${label}</a>`;
  });
  // The test banner inside the poster, so that printed it stays on the poster's one sheet.
  const main = html`<section class="card poster" data-size="${opts.size}" aria-labelledby="poster-shop">
${v.livemode ? "" : testBanner(t)}
<p class="poster-kicker">${t("poster.title")}</p>
<h1 id="poster-shop" class="poster-shop">${v.shopName || v.title}</h1>
${v.shopName ? html`<p class="poster-what">${v.title}</p>` : ""}
${amount ? html`<p class="poster-amount"><span class="brl">${amount}</span></p>` : html`<p class="poster-any">${t("poster.anyAmount")}</p>`}
<figure class="poster-qr">${raw(renderQrSvg(v.brCode, { title: t("poster.qrAlt", { shop: v.shopName || v.title }) }))}</figure>
<p class="poster-scan">${t("poster.scan")}</p>
<div class="poster-code"><p class="poster-code-label">${t("poster.codeLabel")}</p>
<p class="mono poster-code-value" id="poster-code">${v.brCode}</p>
<button type="button" class="secondary" data-copy="#poster-code" data-copied="${t("copy.done")}">${t("copy.button")}</button></div>
</section>
<p class="poster-actions"><span>${t("poster.size")}: ${sizes}</span> <button type="button" data-print>${t("poster.print")}</button></p>`;
  return page({
    lang: opts.lang,
    title: `${t("poster.title")} · ${v.shopName || v.title}`,
    url: opts.url,
    // The sheet is named on <main>, the page's first box: its name is the document's first page's.
    mainClass: `pay poster-page poster-${opts.size}`,
    main,
  });
}
