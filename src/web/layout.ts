import type { FastifyReply } from "fastify";
import { assetUrl } from "./assets.ts";
import { type HtmlValue, html, type SafeHtml } from "./html.ts";
import { LANGS, type Lang, translator } from "./i18n/catalogue.ts";
import { common } from "./i18n/common.ts";

// The page shell every area shares: the document, the stylesheet and script (files, never
// inline), an optional header and banner from the area, the content, and a footer with the
// language switch. Areas build their own chrome (the dashboard's navigation, the payment page's
// merchant name) and pass it in.

export type PageInput = {
  lang: Lang;
  /** The <title>, before " · Tostão". */
  title: string;
  /** The request's path and query, for the language links (they keep the page, change ?lang). */
  url: string;
  header?: HtmlValue;
  banner?: HtmlValue;
  main: HtmlValue;
  /** Classes of <main>, e.g. "narrow" for a sign-in form. */
  mainClass?: string;
  /** Extra footer content before the language switch. */
  footer?: HtmlValue;
  /** Extra elements at the end of <head> (the payment page's refresh for browsers without script). */
  head?: HtmlValue;
};

export function page(p: PageInput): SafeHtml {
  const t = translator(p.lang, common);
  return html`<!doctype html>
<html lang="${p.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${p.title} · ${t("app.name")}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assetUrl("style.css")}">
<script src="${assetUrl("app.js")}" defer></script>
${p.head ?? ""}</head>
<body>
${p.header ?? ""}${p.banner ? html`<aside>${p.banner}</aside>` : ""}<main${p.mainClass ? html` class="${p.mainClass}"` : ""}>
${p.main}
</main>
<footer>${p.footer ?? ""}<span>${t("lang.switch")}: ${langLinks(p.url, p.lang)}</span></footer>
</body>
</html>
`;
}

/** Links to the same page in each language (the current one marked), via ?lang=. */
export function langLinks(url: string, current: Lang): SafeHtml[] {
  const t = translator(current, common);
  return LANGS.map((l, i) => {
    const sep = i > 0 ? " · " : "";
    if (l === current) return html`${sep}<strong>${t(`lang.${l}`)}</strong>`;
    return html`${sep}<a href="${withQuery(url, { lang: l })}" hreflang="${l}">${t(`lang.${l}`)}</a>`;
  });
}

/** `url` with the given query parameters set (others kept). Only the path and query are used. */
export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const u = new URL(url, "http://x");
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === "") u.searchParams.delete(k);
    else u.searchParams.set(k, v);
  }
  return `${u.pathname}${u.search}`;
}

/** Sends a rendered page as HTML. */
export function sendPage(reply: FastifyReply, body: SafeHtml, status = 200): FastifyReply {
  return reply.code(status).type("text/html; charset=utf-8").send(body.value);
}
