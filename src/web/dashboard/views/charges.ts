import type { ChargeListItem, ChargeListQuery } from "../../../domain/dashboard/charge-list.ts";
import { STATUSES } from "../../../kernel/charge-status.ts";
import { onceInput } from "../../form-once.ts";
import { html, type SafeHtml } from "../../html.ts";
import { translator } from "../../i18n/catalogue.ts";
import { chargeBatch } from "../../i18n/charge-batch.ts";
import { liveMoney } from "../../i18n/live-money.ts";
import { statement } from "../../i18n/statement.ts";
import { subscriptions } from "../../i18n/subscriptions.ts";
import { withQuery } from "../../layout.ts";
import { type DashT, postForm } from "../chrome.ts";
import { amount, badge, when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable } from "./parts.ts";
import { STATEMENT_PAGE } from "./statement.ts";

// Charges: the list (PIX and Bitcoin, filters, pages) and the form for a new charge. Each
// charge's own page is charge-detail.ts.

export const BATCH_PAGE = "/dashboard/charges/batch";

/** The charges table (also on the home page and a subscription's page). */
export function chargeTable(t: DashT, items: readonly ChargeListItem[]): SafeHtml {
  if (items.length === 0) return html`<p class="muted">${t("charges.none")}</p>`;
  const link = (c: ChargeListItem, text: string) =>
    html`<a href="/dashboard/charges/${c.id}">${text}</a>`;
  return dataTable(
    items,
    [
      { label: t("charges.created"), class: "opt", cell: (c) => link(c, when(t, c.createdAt)) },
      { label: t("charges.title"), cell: (c) => link(c, c.title ?? c.id) },
      { label: t("charges.customer"), class: "opt", cell: (c) => c.customer ?? "—" },
      {
        label: t("charges.method"),
        class: "opt",
        cell: (c) => (c.method === "pix" ? "PIX" : "Bitcoin"),
      },
      { label: t("charges.status"), cell: (c) => badge(t, c.status) },
      { label: t("charges.amount"), class: "num", cell: (c) => amount(t, c.valueCents) },
    ],
    { wrapClass: "charge-list" },
  );
}

export type ChargesPage = {
  query: ChargeListQuery;
  items: ChargeListItem[];
  nextBefore: string | undefined;
};

export function chargesView(ctx: ViewCtx, data: ChargesPage) {
  const { t, url } = ctx;
  const q = data.query;
  const batch = translator(ctx.lang, chargeBatch)("batch.link");
  const subs = translator(ctx.lang, subscriptions)("dash.subs.title");
  const unmatched = translator(ctx.lang, liveMoney)("unmatched.link");
  const day = translator(ctx.lang, statement)("st.link");
  return {
    title: t("nav.charges"),
    main: html`<h1>${t("charges.heading")}</h1>
<ul class="related-links">${ctx.can("charges:write") ? html`<li><a href="${BATCH_PAGE}">${batch} →</a></li>` : ""}<li><a href="/dashboard/subscriptions">${subs} (Pix Automático) →</a></li>${ctx.who.mode === "live" ? html`<li><a href="/dashboard/unmatched-payments">${unmatched} →</a></li><li><a href="${STATEMENT_PAGE}">${day} →</a></li>` : ""}</ul>
${filters(t, q)}
${ctx.can("exports:read") ? html`<div class="list-tools"><a class="button secondary" href="${exportHref(url)}" download>${t("charges.export")}</a></div>` : ""}
${chargeTable(t, data.items)}
<div class="pager">${q.before ? html`<a href="${withQuery(url, { before: undefined })}">${t("charges.newest")}</a>` : html`<span></span>`}${data.nextBefore ? html`<a href="${withQuery(url, { before: data.nextBefore })}">${t("charges.older")}</a>` : ""}</div>
${
  ctx.can("charges:write")
    ? html`<section class="card"><h2>${t("charges.new")}</h2>
${postForm(
  ctx,
  "/dashboard/charges",
  html`<label>${t("charges.method")}<select name="method"><option value="pix">PIX</option><option value="crypto">Bitcoin</option></select></label>
<label>${t("charges.amount")}<input type="text" name="value" inputmode="decimal" placeholder="49,90" required></label>
<label>${t("charges.title")}<input type="text" name="title" maxlength="140"></label>
<label>${t("charges.customer")}<input type="text" name="customer_name" maxlength="200"></label>
${onceInput(ctx.formKey)}<button type="submit">${t("charges.create")}</button>`,
  { class: "stack" },
)}</section>`
    : ""
}`,
  };
}

function filters(t: DashT, q: ChargeListQuery) {
  const opt = (value: string, label: string, current: string | undefined) =>
    html`<option value="${value}"${value === (current ?? "") ? html` selected` : ""}>${label}</option>`;
  return html`<form class="filters" method="get" action="/dashboard/charges">
<label>${t("charges.status")}<select name="status">${opt("", t("charges.any"), q.status)}${STATUSES.map((s) => opt(s, t(`status.${s}`), q.status))}</select></label>
<label>${t("charges.method")}<select name="method">${opt("", t("charges.any"), q.method)}${opt("pix", "PIX", q.method)}${opt("crypto", "Bitcoin", q.method)}</select></label>
<label>${t("charges.from")}<input type="date" name="from" value="${q.from ?? ""}"></label>
<label>${t("charges.to")}<input type="date" name="to" value="${q.to ?? ""}"></label>
<label>${t("charges.externalId")}<input type="text" name="external_id" maxlength="128" value="${q.external_id ?? ""}"></label>
<label>${t("charges.customerEmail")}<input type="email" name="customer_email" maxlength="254" value="${q.customer_email ?? ""}"></label>
<label class="check"><input type="checkbox" name="overdue" value="1"${q.overdue === "1" ? html` checked` : ""}> ${t("charges.overdueOnly")}</label>
<button type="submit" class="secondary">${t("charges.filter")}</button>
</form>`;
}

/** The export of the list on screen: its filters, without its page. */
function exportHref(url: string): string {
  const u = new URL(url, "http://x");
  u.searchParams.delete("before");
  u.searchParams.delete("done");
  return `/dashboard/charges/export${u.search}`;
}
