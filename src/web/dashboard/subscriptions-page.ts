import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import {
  subscriptionDetail,
  subscriptionsPage,
} from "../../domain/dashboard/subscription-reads.ts";
import { cancelSubscription } from "../../domain/subscriptions/manage-subscriptions.ts";
import { SUBSCRIPTION_DISPLAY_STATUS } from "../../domain/subscriptions/subscription-status.ts";
import { nextChargeDate, subscriptionUrl } from "../../domain/subscriptions/subscription-view.ts";
import { html } from "../html.ts";
import { formatBrl, translator } from "../i18n/catalogue.ts";
import { subscriptions } from "../i18n/subscriptions.ts";
import { withQuery } from "../layout.ts";
import { formatDay } from "../pay/subscription-page-view.ts";
import { chargeRows } from "./charges-page.ts";
import { confirmAction, dashT, type Flash, runAction, sendDashPage } from "./chrome.ts";
import { when } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// Subscriptions (Pix Automático): the list, and each subscription's page with its terms, its
// periods' charges, its events and the cancel button (docs/dashboard.md, docs/subscriptions.md).

const PAGE = 50;

const subsT = (req: FastifyRequest) => translator(req.lang, subscriptions);

const statusBadge = (status: keyof typeof SUBSCRIPTION_DISPLAY_STATUS, label: string) =>
  html`<span class="badge ${status === "approved" ? "approved" : status === "created" ? "pending" : "canceled"}">${label}</span>`;

export function registerSubscriptionPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  r.get("/dashboard/subscriptions", async (req, reply) => {
    const t = dashT(req);
    const s = subsT(req);
    const { who } = signed(req);
    const offset = Math.min(
      10_000,
      Math.max(0, Number((req.query as { offset?: string }).offset) || 0),
    );
    const rows = await subscriptionsPage(deps, who, { limit: PAGE + 1, offset });
    const items = rows.slice(0, PAGE);
    const amount = (v: (typeof items)[number]) =>
      v.maxValueCents !== null
        ? s("sub.amountUpTo", { amount: formatBrl(req.lang, v.maxValueCents) })
        : formatBrl(req.lang, v.valueCents ?? 0);
    return sendDashPage(req, reply, {
      section: "charges",
      title: s("dash.subs.title"),
      main: html`<h1>${s("dash.subs.title")}</h1>
${
  items.length === 0
    ? html`<p class="muted">${s("dash.subs.empty")}</p>`
    : html`<div class="table-wrap"><table><thead><tr><th>${s("dash.subs.col.title")}</th><th class="opt">${s("dash.subs.col.customer")}</th><th class="opt">${s("dash.subs.col.every")}</th><th>${s("dash.subs.col.status")}</th><th class="opt">${s("dash.subs.col.next")}</th><th class="num">${s("dash.subs.col.amount")}</th></tr></thead><tbody>${items.map(
        (v) => {
          const next = nextChargeDate(v);
          return html`<tr><td><a href="/dashboard/subscriptions/${v.id}">${v.title}</a></td><td class="opt">${v.details.customer_name ?? "—"}</td><td class="opt">${s(`sub.every.${v.periodicity}`)}</td><td>${statusBadge(v.status, req.lang === "en" ? v.status : SUBSCRIPTION_DISPLAY_STATUS[v.status])}</td><td class="opt">${next ? formatDay(req.lang, next) : "—"}</td><td class="num">${amount(v)}</td></tr>`;
        },
      )}</tbody></table></div>`
}
<div class="pager"><span></span>${rows.length > PAGE ? html`<a href="${withQuery(req.url, { offset: String(offset + PAGE) })}">${t("charges.older")}</a>` : ""}</div>`,
    });
  });

  const detailPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    flash?: Flash,
    status = 200,
  ) => {
    const t = dashT(req);
    const s = subsT(req);
    const { who } = signed(req);
    const id = (req.params as { id: string }).id;
    const { subscription: sub, charges, events } = await subscriptionDetail(deps, who, id);
    const next = nextChargeDate(sub);
    const amount =
      sub.maxValueCents !== null
        ? s("sub.amountUpTo", { amount: formatBrl(req.lang, sub.maxValueCents) })
        : formatBrl(req.lang, sub.valueCents ?? 0);
    const open = sub.status === "created" || sub.status === "approved";
    return sendDashPage(req, reply, {
      section: "charges",
      title: sub.title,
      flash,
      status,
      main: html`<p><a href="/dashboard/subscriptions">← ${s("dash.subs.title")}</a></p>
<h1>${sub.title}</h1>
<section class="card"><dl class="sub-terms">
<div><dt>${s("dash.subs.col.status")}</dt><dd>${statusBadge(sub.status, req.lang === "en" ? sub.status : SUBSCRIPTION_DISPLAY_STATUS[sub.status])}</dd></div>
<div><dt>${s("sub.amount")}</dt><dd>${amount}</dd></div>
<div><dt>${s("sub.periodicity")}</dt><dd>${s(`sub.every.${sub.periodicity}`)}</dd></div>
<div><dt>${s("sub.firstDate")}</dt><dd>${formatDay(req.lang, sub.startDate)}</dd></div>
<div><dt>${s("sub.endDate")}</dt><dd>${sub.endDate ? formatDay(req.lang, sub.endDate) : s("sub.noEnd")}</dd></div>
<div><dt>${s("dash.subs.col.next")}</dt><dd>${next ? formatDay(req.lang, next) : "—"}</dd></div>
<div><dt>${s("dash.subs.col.customer")}</dt><dd>${sub.details.customer_name ?? "—"}</dd></div>
<div><dt>ID</dt><dd class="mono">${sub.id}</dd></div>
</dl>
<p><a href="${subscriptionUrl(baseUrlOf(deps, req), sub.id)}">${s("dash.subs.link")}</a></p>
${
  open
    ? confirmAction(req, {
        action: `/dashboard/subscriptions/${encodeURIComponent(sub.id)}/cancel`,
        label: s("dash.subs.cancel"),
        question: s("dash.subs.cancelNote"),
        confirm: s("dash.subs.cancel"),
        danger: true,
      })
    : ""
}</section>
<section><h2>${s("dash.subs.periods")}</h2>${charges.length === 0 ? html`<p class="muted">${s("dash.subs.noCharges")}</p>` : chargeRows(t, charges)}</section>
<section><h2>${s("dash.subs.events")}</h2><div class="table-wrap"><table><thead><tr><th>${t("webhooks.event")}</th><th>${t("charges.created")}</th></tr></thead><tbody>${events.map(
        (e) => html`<tr><td class="mono">${e.type}</td><td>${when(t, e.createdAt)}</td></tr>`,
      )}</tbody></table></div></section>`,
    });
  };

  r.get("/dashboard/subscriptions/:id", (req, reply) => detailPage(req, reply));

  r.post("/dashboard/subscriptions/:id/cancel", async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const done = await runAction(() => cancelSubscription(deps, signed(req).who, id, ""));
    if (!done.ok) return detailPage(req, reply, done.flash, done.status);
    return detailPage(req, reply, { kind: "ok", text: subsT(req)("dash.subs.canceled") });
  });
}
