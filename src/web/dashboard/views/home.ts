import type { HomeOverview } from "../../../domain/dashboard/home.ts";
import { type HtmlValue, html } from "../../html.ts";
import { translator } from "../../i18n/catalogue.ts";
import { homeChart } from "../../i18n/home-chart.ts";
import { subscriptions } from "../../i18n/subscriptions.ts";
import { amount, badge } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { chargeTable } from "./charges.ts";
import { nextAttempt, redeliverButton } from "./delivery-card.ts";
import { dataTable, longValue } from "./parts.ts";
import { receiptsChart } from "./receipts-chart.ts";

// The home page: the money received today and over the last 30 days (receipts-chart.ts), what
// live payments still lack, the failing deliveries (each with its next attempt and a resend
// button) and the latest charges.

type Failing = HomeOverview["failing"][number];

export function homeView(ctx: ViewCtx, data: HomeOverview, opts: { welcome?: boolean }) {
  const { t } = ctx;
  const { today } = data.receipts;
  const c = translator(ctx.lang, homeChart);
  const stat = (n: HtmlValue, label: string) =>
    html`<div class="stat"><span class="n">${n}</span><span class="l">${label}</span></div>`;
  return {
    title: t("nav.home"),
    // Setup signs the new user in and lands here.
    ...(opts.welcome ? { flash: { kind: "ok" as const, text: t("home.welcome") } } : {}),
    main: html`<h1>${t("home.title")}</h1>
<div class="stats">
${stat(amount(t, today.totalCents), c("receipts.today"))}
${stat(today.payments, c(today.payments === 1 ? "receipts.today.payments.one" : "receipts.today.payments"))}
<div class="stat"><a class="n" href="/dashboard/subscriptions">${data.activeSubscriptions}</a><span class="l">${translator(ctx.lang, subscriptions)("dash.subs.active")}</span></div>
</div>
${receiptsChart(ctx.lang, data.receipts)}
${goLive(ctx, data.live)}
<section><h2>${t("home.failing")}</h2>${failingTable(ctx, data.failing)}</section>
<section><h2>${t("home.recent")}</h2>${chargeTable(t, data.recent)}
<p><a href="/dashboard/charges">${t("home.allCharges")}</a></p></section>`,
  };
}

function goLive(ctx: ViewCtx, live: HomeOverview["live"]) {
  const { t } = ctx;
  const missing = [
    !live.liveKey && html`<li><a href="/dashboard/keys">${t("home.missing.key")}</a></li>`,
    !live.pixProvider &&
      html`<li><a href="/dashboard/pix-provider">${t("home.missing.psp")}</a></li>`,
    !live.wallet && html`<li><a href="/dashboard/wallet">${t("home.missing.wallet")}</a></li>`,
  ].filter(Boolean);
  return missing.length > 0
    ? html`<section class="card"><h2>${t("home.golive")}</h2><ul class="checklist">${missing}</ul></section>`
    : html`<section class="card"><h2>${t("home.golive")}</h2><p>${t("home.golive.ready")}</p></section>`;
}

function failingTable(ctx: ViewCtx, failing: readonly Failing[]) {
  const { t } = ctx;
  if (failing.length === 0) return html`<p class="muted">${t("home.failing.none")}</p>`;
  const redeliver = (d: Failing) =>
    `/dashboard/webhooks/${encodeURIComponent(d.webhookId)}/deliveries/${encodeURIComponent(d.id)}/redeliver`;
  return dataTable(failing, [
    {
      label: t("webhooks.event"),
      cell: (d) => html`<a href="/dashboard/webhooks/${d.webhookId}">${d.event}</a>`,
    },
    { label: "URL", cell: (d) => longValue(t, d.url) },
    { label: t("charges.status"), cell: (d) => badge(t, d.status) },
    { label: t("webhooks.attempts"), class: "num", cell: (d) => d.attempts },
    { label: t("webhooks.lastResult"), cell: (d) => d.lastStatusCode ?? d.lastError ?? "—" },
    { label: t("webhooks.nextAttempt"), cell: (d) => nextAttempt(t, d) || "—" },
    {
      label: t("webhooks.redeliver"),
      hideLabel: true,
      class: "actions",
      cell: (d) => redeliverButton(ctx, d, redeliver(d)),
    },
  ]);
}
