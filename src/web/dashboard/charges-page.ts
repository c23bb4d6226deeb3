import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { preparePixCharge } from "../../domain/charge-lifecycle/create-pix-charge.ts";
import { CreatePixChargeSchema } from "../../domain/charges/schemas.ts";
import { startCryptoCharge } from "../../domain/crypto/create-crypto-charge.ts";
import { CreateCryptoChargeSchema } from "../../domain/crypto/schemas.ts";
import { type ChargeListItem, listChargesPage } from "../../domain/dashboard/charge-list.ts";
import { idempotencySeed } from "../../domain/idempotency/request-identity.ts";
import { submitOnce, writeOnce } from "../../domain/idempotency/submit-once.ts";
import { STATUSES } from "../../kernel/charge-status.ts";
import { onceField, submission } from "../form-once.ts";
import { formText } from "../forms.ts";
import { html, type SafeHtml } from "../html.ts";
import { translator } from "../i18n/catalogue.ts";
import { chargeBatch } from "../i18n/charge-batch.ts";
import { liveMoney } from "../i18n/live-money.ts";
import { subscriptions } from "../i18n/subscriptions.ts";
import { withQuery } from "../layout.ts";
import { BATCH_PAGE } from "./charge-batch-page.ts";
import { type DashT, dashT, type Flash, postForm, runAction, sendDashPage } from "./chrome.ts";
import { badge, formAmount, money, parseForm, when } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// Charges: the list (PIX and Bitcoin, filters, pages) and a form for a new charge. Each
// charge's own page is charge-detail-page.ts.

/** The charges table (also on the home page). */
export function chargeRows(t: DashT, items: ChargeListItem[]): SafeHtml {
  if (items.length === 0) return html`<p class="muted">${t("charges.none")}</p>`;
  return html`<div class="table-wrap charge-list"><table><thead><tr><th class="opt">${t("charges.created")}</th><th>${t("charges.title")}</th><th class="opt">${t("charges.customer")}</th><th class="opt">${t("charges.method")}</th><th>${t("charges.status")}</th><th class="num">${t("charges.amount")}</th></tr></thead><tbody>${items.map(
    (c) =>
      html`<tr><td class="opt"><a href="/dashboard/charges/${c.id}">${when(t, c.createdAt)}</a></td><td><a href="/dashboard/charges/${c.id}">${c.title ?? c.id}</a></td><td class="opt">${c.customer ?? "—"}</td><td class="opt">${c.method === "pix" ? "PIX" : "Bitcoin"}</td><td>${badge(t, c.status)}</td><td class="num">${money(t, c.valueCents)}</td></tr>`,
  )}</tbody></table></div>`;
}

export function registerChargePages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  const listPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    flash?: Flash,
    status = 200,
  ) => {
    const t = dashT(req);
    const { who } = signed(req);
    const q = req.query as Record<string, string | undefined>;
    const { items, nextBefore } = await listChargesPage(deps, who, q);
    const opt = (value: string, label: string, current: string | undefined) =>
      html`<option value="${value}"${value === (current ?? "") ? html` selected` : ""}>${label}</option>`;
    return sendDashPage(req, reply, {
      section: "charges",
      title: t("nav.charges"),
      flash,
      status,
      main: html`<h1>${t("charges.heading")}</h1>
<form class="filters" method="get" action="/dashboard/charges">
<label>${t("charges.status")}<select name="status">${opt("", t("charges.any"), q.status)}${STATUSES.map((s) => opt(s, t(`status.${s}`), q.status))}</select></label>
<label>${t("charges.method")}<select name="method">${opt("", t("charges.any"), q.method)}${opt("pix", "PIX", q.method)}${opt("crypto", "Bitcoin", q.method)}</select></label>
<label>${t("charges.from")}<input type="date" name="from" value="${q.from ?? ""}"></label>
<label>${t("charges.to")}<input type="date" name="to" value="${q.to ?? ""}"></label>
<label>${t("charges.externalId")}<input type="text" name="external_id" maxlength="128" value="${q.external_id ?? ""}"></label>
<label>${t("charges.customerEmail")}<input type="email" name="customer_email" maxlength="254" value="${q.customer_email ?? ""}"></label>
<label class="check"><input type="checkbox" name="overdue" value="1"${q.overdue === "1" ? html` checked` : ""}> ${t("charges.overdueOnly")}</label>
<button type="submit" class="secondary">${t("charges.filter")}</button>
</form>
<p><a href="${BATCH_PAGE}">${translator(req.lang, chargeBatch)("batch.link")} →</a></p>
<p><a href="/dashboard/subscriptions">${translator(req.lang, subscriptions)("dash.subs.title")} (Pix Automático) →</a></p>
${who.mode === "live" ? html`<p><a href="/dashboard/unmatched-payments">${translator(req.lang, liveMoney)("unmatched.link")} →</a></p>` : ""}
${chargeRows(t, items)}
<div class="pager">${q.before ? html`<a href="${withQuery(req.url, { before: undefined })}">${t("charges.newest")}</a>` : html`<span></span>`}${nextBefore ? html`<a href="${withQuery(req.url, { before: nextBefore })}">${t("charges.older")}</a>` : ""}</div>
<section class="card"><h2>${t("charges.new")}</h2>
${postForm(
  req,
  "/dashboard/charges",
  html`<label>${t("charges.method")}<select name="method"><option value="pix">PIX</option><option value="crypto">Bitcoin</option></select></label>
<label>${t("charges.amount")}<input type="text" name="value" inputmode="decimal" placeholder="49,90" required></label>
<label>${t("charges.title")}<input type="text" name="title" maxlength="140"></label>
<label>${t("charges.customer")}<input type="text" name="customer_name" maxlength="200"></label>
${onceField(deps)}<button type="submit">${t("charges.create")}</button>`,
  { class: "stack" },
)}</section>`,
    });
  };

  r.get("/dashboard/charges", (req, reply) => listPage(req, reply));

  r.post("/dashboard/charges", async (req, reply) => {
    const { who } = signed(req);
    const method = formText(req.body, "method");
    const value = formAmount(formText(req.body, "value"));
    const title = formText(req.body, "title");
    const customer = formText(req.body, "customer_name");
    const base = baseUrlOf(deps, req);
    // A double click makes one charge (the form's key): the second answer goes to the same one.
    const sub = submission(req, who, "/dashboard/charges", { method, value, title, customer });
    const done = await runAction(async () => {
      if (method === "crypto") {
        const input = parseForm(CreateCryptoChargeSchema, {
          value,
          ...(title ? { product_name: title } : {}),
          ...(customer ? { customer_name: customer } : {}),
        });
        return submitOnce(deps, sub, {
          before: () => startCryptoCharge(deps, who, input, base),
          run: async (db, create) => (await create(db)).chargeId,
        });
      }
      const input = parseForm(CreatePixChargeSchema, {
        value,
        ...(title ? { title } : {}),
        ...(customer ? { customer_name: customer } : {}),
      });
      return writeOnce(deps, sub, async (scope) => {
        // A live charge's txid is derived from the key bound to the submission (live-create.ts);
        // the scope's route ("form:…") keeps a page's keys apart from an API client's.
        const p = await preparePixCharge(
          deps,
          who,
          input,
          base,
          scope ? { idempotencySeed: idempotencySeed(scope) } : {},
        );
        return {
          value: p.data.chargeId,
          write: p.write,
          ...(p.abandon ? { abandon: p.abandon } : {}),
        };
      });
    });
    if (!done.ok) return listPage(req, reply, done.flash, done.status);
    return reply.redirect(`/dashboard/charges/${encodeURIComponent(done.value)}?done=created`, 303);
  });
}
