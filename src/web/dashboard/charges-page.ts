import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { STATUSES } from "../../domain/charges/charge-status.ts";
import { createPixCharge } from "../../domain/charges/create-pix-charge.ts";
import { cancelCharge, refundCharge, simulatePay } from "../../domain/charges/pay-cancel-refund.ts";
import { CreatePixChargeSchema } from "../../domain/charges/schemas.ts";
import { startCryptoCharge } from "../../domain/crypto/create-crypto-charge.ts";
import { cryptoView } from "../../domain/crypto/crypto-view.ts";
import { CreateCryptoChargeSchema } from "../../domain/crypto/schemas.ts";
import { ownChargeNow } from "../../domain/dashboard/charge-detail.ts";
import { type ChargeListItem, listChargesPage } from "../../domain/dashboard/charge-list.ts";
import { listEvents } from "../../domain/events/list-events.ts";
import { chargeDeliveries } from "../../domain/webhooks/charge-deliveries.ts";
import { redeliver } from "../../domain/webhooks/manage-webhooks.ts";
import { formText } from "../forms.ts";
import { html, type SafeHtml } from "../html.ts";
import { withQuery } from "../layout.ts";
import {
  confirmAction,
  type DashT,
  dashT,
  type Flash,
  postForm,
  runAction,
  sendDashPage,
} from "./chrome.ts";
import { badge, formAmount, money, parseForm, when } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// Charges: the list (PIX and Bitcoin, filters, pages), a form for a new charge, and each
// charge's page with its QR, events, webhook deliveries and the moves its state allows.

/** The charges table (also on the home page). */
export function chargeRows(t: DashT, items: ChargeListItem[]): SafeHtml {
  if (items.length === 0) return html`<p class="muted">${t("charges.none")}</p>`;
  return html`<div class="table-wrap"><table><thead><tr><th>${t("charges.created")}</th><th>${t("charges.title")}</th><th>${t("charges.customer")}</th><th>${t("charges.method")}</th><th>${t("charges.status")}</th><th class="num">${t("charges.amount")}</th></tr></thead><tbody>${items.map(
    (c) =>
      html`<tr><td><a href="/dashboard/charges/${c.id}">${when(t, c.createdAt)}</a></td><td><a href="/dashboard/charges/${c.id}">${c.title ?? c.id}</a></td><td>${c.customer ?? "—"}</td><td>${c.method === "pix" ? "PIX" : "Bitcoin"}</td><td>${badge(t, c.status)}</td><td class="num">${money(t, c.valueCents)}</td></tr>`,
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
<button type="submit" class="secondary">${t("charges.filter")}</button>
</form>
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
<button type="submit">${t("charges.create")}</button>`,
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
    const done = await runAction(async () => {
      if (method === "crypto") {
        const input = parseForm(CreateCryptoChargeSchema, {
          value,
          ...(title ? { product_name: title } : {}),
          ...(customer ? { customer_name: customer } : {}),
        });
        const write = await startCryptoCharge(deps, who, input, baseUrlOf(deps, req));
        return (await write(deps.db)).chargeId;
      }
      const input = parseForm(CreatePixChargeSchema, {
        value,
        ...(title ? { title } : {}),
        ...(customer ? { customer_name: customer } : {}),
      });
      return (await createPixCharge(deps, who, input, baseUrlOf(deps, req))).chargeId;
    });
    if (!done.ok) return listPage(req, reply, done.flash, done.status);
    return reply.redirect(`/dashboard/charges/${encodeURIComponent(done.value)}?done=created`, 303);
  });

  const detailPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    flash?: Flash,
    status = 200,
  ) => {
    const t = dashT(req);
    const { who } = signed(req);
    const id = (req.params as { id: string }).id;
    const row = await ownChargeNow(deps, who, id);
    const [events, deliveries] = await Promise.all([
      listEvents(deps, who, { charge_id: id, limit: 200 }),
      chargeDeliveries(deps, who, id),
    ]);
    const q = req.query as Record<string, string | undefined>;
    const shown: Flash | undefined =
      flash ??
      (q.done
        ? { kind: "ok", text: t(`charges.done.${q.done}` as "charges.done.created") }
        : undefined);
    const base = `/dashboard/charges/${encodeURIComponent(row.id)}`;
    const crypto = row.crypto
      ? cryptoView(row, baseUrlOf(deps, req), { public: false })
      : undefined;
    const payment =
      row.method === "pix"
        ? html`<div class="grid2"><div>${row.qrCodeImage ? html`<img class="qr" src="${row.qrCodeImage}" alt="${t("charges.qr")}" width="240" height="240">` : ""}</div>
<div><h3>${t("charges.copyCode")}</h3><p class="secret"><code id="brcode">${row.brCode ?? ""}</code><button type="button" class="secondary" data-copy="#brcode" data-copied="${t("action.copied")}">${t("action.copy")}</button></p></div></div>`
        : html`<div class="grid2"><div><img class="qr" src="/api/crypto/charge/qr?charge_id=${encodeURIComponent(row.id)}" alt="${t("charges.qr")}" width="240" height="240"></div>
<div><dl class="facts"><dt>${t("charges.address")}</dt><dd class="mono" id="btc-address">${crypto?.address ?? ""}</dd><dt>${t("charges.amountBtc")}</dt><dd class="mono">${crypto?.amountCrypto ?? ""} BTC</dd><dt>${t("charges.received")}</dt><dd class="mono">${row.receivedSats} sats</dd></dl>
<p><button type="button" class="secondary" data-copy="#btc-address" data-copied="${t("action.copied")}">${t("action.copy")}</button></p></div></div>`;
    const actions: SafeHtml[] = [];
    if (row.status === "pending" && who.mode === "test") {
      actions.push(
        confirmAction(req, {
          action: `${base}/simulate-pay`,
          label: t("charges.simulate"),
          question: t("charges.simulate.q"),
          confirm: t("charges.simulate.confirm"),
        }),
      );
    }
    if (row.status === "pending" && row.method === "pix") {
      actions.push(
        confirmAction(req, {
          action: `${base}/cancel`,
          label: t("charges.cancel"),
          question: t("charges.cancel.q"),
          confirm: t("charges.cancel.confirm"),
          danger: true,
        }),
      );
    }
    if (row.status === "approved" && row.method === "pix") {
      actions.push(
        confirmAction(req, {
          action: `${base}/refund`,
          label: t("charges.refund"),
          question: t("charges.refund.q"),
          confirm: t("charges.refund.confirm"),
          danger: true,
        }),
      );
    }
    return sendDashPage(req, reply, {
      section: "charges",
      title: row.title ?? row.id,
      flash: shown,
      status,
      main: html`<p><a href="/dashboard/charges">← ${t("nav.charges")}</a></p>
<h1>${row.title ?? row.id}</h1>
<div class="card" data-poll-url="${base}/status" data-poll-status="${row.status}">
<dl class="facts">
<dt>${t("charges.status")}</dt><dd>${badge(t, row.status)}</dd>
<dt>${t("charges.amount")}</dt><dd>${money(t, row.valueCents)}</dd>
<dt>${t("charges.method")}</dt><dd>${row.method === "pix" ? "PIX" : "Bitcoin"}</dd>
<dt>ID</dt><dd class="mono">${row.id}</dd>
<dt>${t("charges.customer")}</dt><dd>${typeof row.details.customer_name === "string" ? row.details.customer_name : "—"}</dd>
<dt>${t("charges.created")}</dt><dd>${when(t, row.createdAt)}</dd>
<dt>${t("charges.expires")}</dt><dd>${when(t, row.expiresAt)}</dd>
<dt>${t("charges.approvedAt")}</dt><dd>${when(t, row.approvedAt)}</dd>
</dl>
${actions.length > 0 ? html`<div class="row">${actions}</div>` : ""}
</div>
${row.status === "pending" ? html`<section><h2>${t("charges.payment")}</h2>${payment}</section>` : ""}
<section><h2>${t("charges.events")}</h2>${
        events.events.length === 0
          ? html`<p class="muted">—</p>`
          : html`<ol class="events">${[...events.events].reverse().map((e) => html`<li><code>${e.event}</code> <span class="muted">${when(t, e.createdAt)}</span></li>`)}</ol>`
      }</section>
<section id="deliveries"><h2>${t("charges.deliveries")}</h2>${
        deliveries.length === 0
          ? html`<p class="muted">${t("charges.deliveries.none")}</p>`
          : deliveries.map(
              (
                d,
              ) => html`<div class="card delivery" data-delivery="${d.id}"><div class="row"><code>${d.event}</code>${badge(t, d.status)}<span class="mono muted">${d.url}</span></div>
<div class="scroll"><table class="attempts"><thead><tr><th>${t("webhooks.when")}</th><th>${t("webhooks.statusCode")}</th><th class="num">${t("webhooks.duration")}</th><th>${t("webhooks.response")}</th></tr></thead><tbody>${
                d.attemptLog.length === 0
                  ? html`<tr><td colspan="4" class="muted">${t("webhooks.noAttempts")}</td></tr>`
                  : d.attemptLog.map(
                      (a) =>
                        html`<tr><td>${when(t, a.attemptedAt)}</td><td>${a.statusCode ?? a.error ?? "—"}</td><td class="num">${a.latencyMs} ms</td><td class="mono">${a.responseSnippet ?? ""}</td></tr>`,
                    )
              }</tbody></table></div>
${d.status === "pending" ? "" : postForm(req, `${base}/deliveries/${encodeURIComponent(d.id)}/redeliver`, html`<button type="submit" class="secondary">${t("webhooks.redeliver")}</button>`)}</div>`,
            )
      }</section>`,
    });
  };

  r.get("/dashboard/charges/:id", (req, reply) => detailPage(req, reply));

  // The live status the page's script polls (JSON, for this session's account and mode only).
  r.get("/dashboard/charges/:id/status", async (req, reply) => {
    const row = await ownChargeNow(deps, signed(req).who, (req.params as { id: string }).id);
    return reply.type("application/json; charset=utf-8").send({ status: row.status });
  });

  const moves = {
    "simulate-pay": simulatePay,
    cancel: cancelCharge,
    refund: refundCharge,
  } as const;
  for (const [action, run] of Object.entries(moves)) {
    r.post(`/dashboard/charges/:id/${action}`, async (req, reply) => {
      const id = (req.params as { id: string }).id;
      const done = await runAction(() => run(deps, signed(req).who, id));
      if (!done.ok) return detailPage(req, reply, done.flash, done.status);
      return reply.redirect(`/dashboard/charges/${encodeURIComponent(id)}?done=${action}`, 303);
    });
  }

  r.post("/dashboard/charges/:id/deliveries/:delivery/redeliver", async (req, reply) => {
    const p = req.params as { id: string; delivery: string };
    const done = await runAction(() => redeliver(deps, signed(req).who, p.delivery));
    if (!done.ok) return detailPage(req, reply, done.flash, done.status);
    return reply.redirect(
      `/dashboard/charges/${encodeURIComponent(p.id)}?done=redelivered#deliveries`,
      303,
    );
  });
}
