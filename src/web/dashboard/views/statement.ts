import type { Statement, StatementPage } from "../../../domain/dashboard/statement.ts";
import { type HtmlValue, html, type SafeHtml } from "../../html.ts";
import { type Lang, translator } from "../../i18n/catalogue.ts";
import { statement as area } from "../../i18n/statement.ts";
import { amount, badge } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable, longValue, withMarkup } from "./parts.ts";

// The day's PSP statement (/dashboard/statement?date=): a day picker, the day's totals, each Pix
// with its charge or "unmatched" and its devoluções, and a Pix paid at the PSP whose charge is
// not approved here shown loudly (a banner counting them, and the row marked in words).

export const STATEMENT_PAGE = "/dashboard/statement";
type Line = Statement["lines"][number];
type T = ReturnType<typeof translator<[typeof area]>>;

/** A YYYY-MM-DD day in words, in the page's language ("3 de dezembro de 2026"). */
const longDay = (lang: Lang, date: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** When the PSP says the Pix was paid, in São Paulo: the time, with the day when it is another. */
function paidAt(lang: Lang, horario: string, date: string): string {
  const at = new Date(horario);
  if (Number.isNaN(at.getTime())) return horario;
  const zone = "America/Sao_Paulo";
  const dayThere = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(at);
  return new Intl.DateTimeFormat(lang, {
    ...(dayThere === date ? {} : { dateStyle: "short" }),
    timeStyle: "medium",
    timeZone: zone,
  }).format(at);
}

function dayPicker(t: T, today: string, date: string, near?: { prev: string; next?: string }) {
  const go = (d: string) => `${STATEMENT_PAGE}?date=${d}`;
  const pager = near
    ? html`<nav class="pager day-pager" aria-label="${t("st.days")}"><a href="${go(near.prev)}" rel="prev">${t("st.prev")}</a>${date === today ? "" : html`<a href="${STATEMENT_PAGE}">${t("st.today")}</a>`}${near.next ? html`<a href="${go(near.next)}" rel="next">${t("st.next")}</a>` : html`<span></span>`}</nav>`
    : "";
  return html`<form class="filters" method="get" action="${STATEMENT_PAGE}"><label>${t("st.day")}<input type="date" name="date" value="${date}" max="${today}" required></label><button type="submit" class="secondary">${t("st.show")}</button></form>${pager}`;
}

function totals(ctx: ViewCtx, t: T, s: Statement): SafeHtml {
  const stat = (n: HtmlValue, label: string, id: string) =>
    html`<div class="stat" id="${id}"><span class="n">${n}</span><span class="l">${label}</span></div>`;
  const count = s.totals.count;
  return html`<div class="stats" id="totals">
${stat(amount(ctx.t, s.totals.receivedCents), t("st.received"), "total-received")}
${stat(amount(ctx.t, s.totals.refundedCents), t("st.refunded"), "total-refunded")}
${stat(amount(ctx.t, s.totals.netCents), t("st.net"), "total-net")}
${stat(count, `${t(count === 1 ? "st.count.one" : "st.count")} (${s.unmatched} ${t("st.unmatchedCount")})`, "total-count")}
</div>`;
}

function chargeCell(ctx: ViewCtx, t: T, l: Line): SafeHtml {
  if (!l.chargeId) return html`<span class="unmatched">${t("st.unmatched")}</span>`;
  // The id cut to the column, whole in its title; the status beside it in words.
  const link = html`<a class="long" href="/dashboard/charges/${l.chargeId}" title="${l.chargeId}">${l.chargeId}</a><br>${l.chargeStatus ? badge(ctx.t, l.chargeStatus) : ""}`;
  return l.flag ? html`<strong class="flag-text">⚠ ${t("st.flag")}</strong><br>${link}` : link;
}

/** The Pix's two names, each on its line with its copy button: the end-to-end id, the txid. */
function pixIds(ctx: ViewCtx, l: Line): SafeHtml {
  const one = (name: string, value: string | null) =>
    html`<div class="pix-id"><span class="k">${name}</span> ${value ? longValue(ctx.t, value) : "—"}</div>`;
  return html`${one("E2E", l.endToEndId)}${one("txid", l.txid)}`;
}

function devolucoes(ctx: ViewCtx, t: T, l: Line): HtmlValue {
  if (l.devolucoes.length === 0) return "—";
  const status = (s: string) =>
    s === "DEVOLVIDO" || s === "EM_PROCESSAMENTO" ? t(`st.dev.${s}`) : s;
  return html`<ul class="devolucoes">${l.devolucoes.map(
    (d) =>
      html`<li>${amount(ctx.t, d.amountCents)} ${status(d.status)}<br><span class="long" title="${d.id}">${d.id}</span></li>`,
  )}</ul>`;
}

function linesTable(ctx: ViewCtx, t: T, s: Statement): SafeHtml {
  if (s.lines.length === 0) return html`<p class="muted">${t("st.none")}</p>`;
  return dataTable(
    s.lines,
    [
      { label: t("st.col.time"), cell: (l) => paidAt(ctx.lang, l.horario, s.date) },
      { label: t("st.col.value"), class: "num", cell: (l) => amount(ctx.t, l.amountCents) },
      { label: t("st.col.payer"), cell: (l) => l.payerName ?? "—" },
      { label: t("st.col.ids"), cell: (l) => pixIds(ctx, l) },
      { label: t("st.col.charge"), cell: (l) => chargeCell(ctx, t, l) },
      { label: t("st.col.devolucoes"), cell: (l) => devolucoes(ctx, t, l) },
    ],
    {
      wrapClass: "statement",
      rowAttrs: (l) => (l.flag ? html` class="flagged"` : html``),
    },
  );
}

function flaggedBanner(t: T, s: Statement): HtmlValue {
  if (s.flagged === 0) return "";
  const head = s.flagged === 1 ? t("st.flagged.one") : t("st.flagged", { n: s.flagged });
  return html`<div class="flash error" role="alert" id="flagged"><strong>⚠ ${head}</strong><p>${t("st.flagged.text")}</p></div>`;
}

function body(ctx: ViewCtx, t: T, d: StatementPage): { main: HtmlValue; status?: number } {
  switch (d.kind) {
    case "test":
      return { main: html`<p class="muted" id="live-only">${t("st.liveOnly")}</p>` };
    case "noPsp": {
      const link = html`<a href="/dashboard/pix-provider">${t("st.noPsp.link")}</a>`;
      return {
        main: html`<p class="flash warn" id="no-psp">${withMarkup(t, "st.noPsp", { link })}</p>`,
      };
    }
    case "badDate": {
      const params = { today: d.today, date: d.asked };
      // Shown here, not as the frame's flash: that one translates the domain's English.
      return {
        main: html`<div class="flash error" role="alert" id="bad-date">${t(`st.bad.${d.error}`, params)}</div>${dayPicker(t, d.today, d.today)}`,
        status: 422,
      };
    }
    case "pspFailed":
      return {
        main: html`${dayPicker(t, d.today, d.date, d)}<div class="flash error" role="alert" id="psp-failed"><p><strong>${t(d.failure === "down" ? "st.down" : "st.refused")}</strong></p><p>${t("st.reason")}: <code>${d.reason}</code></p>${d.failure === "refused" ? html`<p><a href="/dashboard/pix-provider">${t("st.noPsp.link")} →</a></p>` : ""}</div>`,
      };
    case "ok": {
      const s = d.statement;
      const near = s.next ? { prev: s.prev, next: s.next } : { prev: s.prev };
      return {
        main: html`${flaggedBanner(t, s)}${dayPicker(t, d.today, s.date, near)}<h2>${t("st.of", { date: longDay(ctx.lang, s.date) })}</h2>${totals(ctx, t, s)}${linesTable(ctx, t, s)}`,
      };
    }
  }
}

export function statementView(ctx: ViewCtx, data: StatementPage) {
  const t = translator(ctx.lang, area);
  const shown = body(ctx, t, data);
  return {
    title: t("st.title"),
    main: html`<h1>${t("st.title")}</h1><p>${t("st.intro")}</p>${shown.main}`,
    ...(shown.status ? { status: shown.status } : {}),
  };
}
