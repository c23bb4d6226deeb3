import type {
  subscriptionDetail,
  subscriptionsPage,
} from "../../../domain/dashboard/subscription-reads.ts";
import { SUBSCRIPTION_DISPLAY_STATUS } from "../../../domain/subscriptions/subscription-status.ts";
import { nextChargeDate } from "../../../domain/subscriptions/subscription-view.ts";
import { type HtmlValue, html, type SafeHtml } from "../../html.ts";
import { translator } from "../../i18n/catalogue.ts";
import { subscriptions } from "../../i18n/subscriptions.ts";
import { withQuery } from "../../layout.ts";
import { formatDay } from "../../pay/subscription-page-view.ts";
import { confirmAction } from "../chrome.ts";
import { amount, when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { chargeTable } from "./charges.ts";
import { dataTable, longValue, withMarkup } from "./parts.ts";

// Subscriptions (Pix Automático): the list, and each subscription's page with its terms, its
// periods' charges, its events and the cancel button (docs/dashboard.md, docs/subscriptions.md).

export const SUBSCRIPTIONS_PAGE = 50;

type Row = Awaited<ReturnType<typeof subscriptionsPage>>[number];
export type SubscriptionsList = { rows: Row[]; offset: number };
export type SubscriptionPage = Awaited<ReturnType<typeof subscriptionDetail>> & { link: string };

const statusBadge = (ctx: ViewCtx, status: keyof typeof SUBSCRIPTION_DISPLAY_STATUS) => {
  const cls = status === "approved" ? "approved" : status === "created" ? "pending" : "canceled";
  const label = ctx.lang === "en" ? status : SUBSCRIPTION_DISPLAY_STATUS[status];
  return html`<span class="badge ${cls}">${label}</span>`;
};

/** A fixed amount, or "up to" the most a variable one may be. */
function amountOf(
  ctx: ViewCtx,
  v: { maxValueCents: number | null; valueCents: number | null },
): SafeHtml {
  if (v.maxValueCents === null) return amount(ctx.t, v.valueCents ?? 0);
  const s = translator(ctx.lang, subscriptions);
  return withMarkup(s, "sub.amountUpTo", { amount: amount(ctx.t, v.maxValueCents) });
}

export function subscriptionsView(ctx: ViewCtx, data: SubscriptionsList) {
  const s = translator(ctx.lang, subscriptions);
  const items = data.rows.slice(0, SUBSCRIPTIONS_PAGE);
  const next = (v: Row) => {
    const at = nextChargeDate(v);
    return at ? formatDay(ctx.lang, at) : "—";
  };
  const table =
    items.length === 0
      ? html`<p class="muted">${s("dash.subs.empty")}</p>`
      : dataTable(items, [
          {
            label: s("dash.subs.col.title"),
            cell: (v) => html`<a href="/dashboard/subscriptions/${v.id}">${v.title}</a>`,
          },
          {
            label: s("dash.subs.col.customer"),
            class: "opt",
            cell: (v) => v.details.customer_name ?? "—",
          },
          {
            label: s("dash.subs.col.every"),
            class: "opt",
            cell: (v) => s(`sub.every.${v.periodicity}`),
          },
          { label: s("dash.subs.col.status"), cell: (v) => statusBadge(ctx, v.status) },
          { label: s("dash.subs.col.next"), class: "opt", cell: next },
          { label: s("dash.subs.col.amount"), class: "num", cell: (v) => amountOf(ctx, v) },
        ]);
  const older =
    data.rows.length > SUBSCRIPTIONS_PAGE
      ? html`<a href="${withQuery(ctx.url, { offset: String(data.offset + SUBSCRIPTIONS_PAGE) })}">${ctx.t("charges.older")}</a>`
      : "";
  return {
    title: s("dash.subs.title"),
    main: html`<h1>${s("dash.subs.title")}</h1>
${table}
<div class="pager"><span></span>${older}</div>`,
  };
}

export function subscriptionView(ctx: ViewCtx, data: SubscriptionPage) {
  const { t } = ctx;
  const s = translator(ctx.lang, subscriptions);
  const { subscription: sub, charges, events } = data;
  const next = nextChargeDate(sub);
  const open = sub.status === "created" || sub.status === "approved";
  const term = (label: string, value: HtmlValue) =>
    html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
  return {
    title: sub.title,
    main: html`<p><a href="/dashboard/subscriptions">← ${s("dash.subs.title")}</a></p>
<h1>${sub.title}</h1>
<section class="card"><dl class="sub-terms">
${term(s("dash.subs.col.status"), statusBadge(ctx, sub.status))}
${term(s("sub.amount"), amountOf(ctx, sub))}
${term(s("sub.periodicity"), s(`sub.every.${sub.periodicity}`))}
${term(s("sub.firstDate"), formatDay(ctx.lang, sub.startDate))}
${term(s("sub.endDate"), sub.endDate ? formatDay(ctx.lang, sub.endDate) : s("sub.noEnd"))}
${term(s("dash.subs.col.next"), next ? formatDay(ctx.lang, next) : "—")}
${term(s("dash.subs.col.customer"), sub.details.customer_name ?? "—")}
${term("ID", longValue(t, sub.id, "subscription-id"))}
</dl>
<p><a href="${data.link}">${s("dash.subs.link")}</a></p>
${
  open && ctx.can("subscriptions:write")
    ? confirmAction(ctx, {
        action: `/dashboard/subscriptions/${encodeURIComponent(sub.id)}/cancel`,
        label: s("dash.subs.cancel"),
        question: s("dash.subs.cancelNote"),
        confirm: s("dash.subs.cancel"),
        danger: true,
      })
    : ""
}</section>
<section><h2>${s("dash.subs.periods")}</h2>${charges.length === 0 ? html`<p class="muted">${s("dash.subs.noCharges")}</p>` : chargeTable(t, charges)}</section>
<section><h2>${s("dash.subs.events")}</h2>${dataTable(events, [
      { label: t("webhooks.event"), class: "mono", cell: (e) => e.type },
      { label: t("charges.created"), cell: (e) => when(t, e.createdAt) },
    ])}</section>`,
  };
}
