import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { listChargesPage } from "../../domain/dashboard/charge-list.ts";
import {
  failingDeliveries,
  goLiveChecklist,
  todayTotals,
} from "../../domain/dashboard/overview.ts";
import { activeSubscriptions as countActive } from "../../domain/dashboard/subscription-reads.ts";
import { html } from "../html.ts";
import { translator } from "../i18n/catalogue.ts";
import { subscriptions } from "../i18n/subscriptions.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { chargeRows } from "./charges-page.ts";
import { dashT, sendDashPage } from "./chrome.ts";
import { badge, money } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

export function registerHomePage(web: FastifyInstance, deps: AppDeps): void {
  // People type the address with a trailing slash too; it is the same page.
  web.get("/dashboard/", WEB_ROUTE, (_req, reply) => reply.redirect("/dashboard", 301));
  const r = signedInRoutes(web, deps);
  r.get("/dashboard", async (req, reply) => {
    const t = dashT(req);
    const { who } = signed(req);
    const [today, recent, failing, live, activeSubscriptions] = await Promise.all([
      todayTotals(deps, who),
      listChargesPage(deps, who, {}),
      failingDeliveries(deps, who),
      goLiveChecklist(deps, who.accountId),
      countActive(deps, who),
    ]);
    const missing = [
      !live.liveKey && html`<li><a href="/dashboard/keys">${t("home.missing.key")}</a></li>`,
      !live.pixProvider &&
        html`<li><a href="/dashboard/pix-provider">${t("home.missing.psp")}</a></li>`,
      !live.wallet && html`<li><a href="/dashboard/wallet">${t("home.missing.wallet")}</a></li>`,
    ].filter(Boolean);
    return sendDashPage(req, reply, {
      section: "home",
      title: t("nav.home"),
      // Setup signs the new user in and lands here.
      ...((req.query as Record<string, string | undefined>).done === "welcome"
        ? { flash: { kind: "ok" as const, text: t("home.welcome") } }
        : {}),
      main: html`<h1>${t("home.title")}</h1>
<div class="stats">
<div class="stat"><span class="n">${today.count}</span><span class="l">${t(today.count === 1 ? "home.today.count.one" : "home.today.count")}</span></div>
<div class="stat"><span class="n">${money(t, today.amountCents)}</span><span class="l">${t("home.today.amount")}</span></div>
<div class="stat"><span class="n">${today.approved}</span><span class="l">${t(today.approved === 1 ? "home.today.approved.one" : "home.today.approved")}</span></div>
<div class="stat"><span class="n">${money(t, today.approvedCents)}</span><span class="l">${t("home.today.approvedAmount")}</span></div>
<div class="stat"><a class="n" href="/dashboard/subscriptions">${activeSubscriptions}</a><span class="l">${translator(req.lang, subscriptions)("dash.subs.active")}</span></div>
</div>
${
  missing.length > 0
    ? html`<section class="card"><h2>${t("home.golive")}</h2><ul class="checklist">${missing}</ul></section>`
    : html`<section class="card"><h2>${t("home.golive")}</h2><p>${t("home.golive.ready")}</p></section>`
}
<section><h2>${t("home.failing")}</h2>${
        failing.length === 0
          ? html`<p class="muted">${t("home.failing.none")}</p>`
          : html`<div class="table-wrap"><table><thead><tr><th>${t("webhooks.event")}</th><th>URL</th><th>${t("charges.status")}</th><th class="num">${t("webhooks.attempts")}</th><th>${t("webhooks.lastResult")}</th></tr></thead><tbody>${failing.map(
              (d) =>
                html`<tr><td><a href="/dashboard/webhooks/${d.webhookId}">${d.event}</a></td><td class="mono">${d.url}</td><td>${badge(t, d.status)}</td><td class="num">${d.attempts}</td><td>${d.lastStatusCode ?? d.lastError ?? "—"}</td></tr>`,
            )}</tbody></table></div>`
      }</section>
<section><h2>${t("home.recent")}</h2>${chargeRows(t, recent.items.slice(0, 10))}
<p><a href="/dashboard/charges">${t("home.allCharges")}</a></p></section>`,
    });
  });
}
