import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import {
  cancelCharge,
  refundCharge,
  simulatePay,
} from "../../domain/charge-lifecycle/pay-cancel-refund.ts";
import { qrImageOf } from "../../domain/charges/charge-view.ts";
import { paymentUrl } from "../../domain/charges/payment-url.ts";
import { cryptoView } from "../../domain/crypto/crypto-view.ts";
import { chargeExists, ownChargeNow } from "../../domain/dashboard/charge-detail.ts";
import { dueSummary } from "../../domain/due-date/due-charge.ts";
import { AppError } from "../../domain/errors.ts";
import { listEvents } from "../../domain/events/list-events.ts";
import { chargeDeliveries } from "../../domain/webhooks/charge-deliveries.ts";
import { redeliver } from "../../domain/webhooks/manage-webhooks.ts";
import type { Mode } from "../../kernel/mode.ts";
import { html, type SafeHtml } from "../html.ts";
import { translator } from "../i18n/catalogue.ts";
import { common } from "../i18n/common.ts";
import { pay } from "../i18n/pay.ts";
import { payDue } from "../i18n/pay-due.ts";
import { withQuery } from "../layout.ts";
import { dueBreakdown } from "../pay/due-view.ts";
import { confirmAction, dashT, type Flash, postForm, runAction, sendDashPage } from "./chrome.ts";
import { deliveryCard } from "./delivery-card.ts";
import { badge, money, when } from "./format.ts";
import { liveMoneyNotes } from "./live-money.ts";
import { signed, signedInRoutes } from "./session.ts";

// A charge's page: status (polled by the page's script while pending), amount and customer,
// the QR and copy-and-paste code (or the Bitcoin address), its events in order, each webhook
// delivery with its attempts and Redeliver, and the moves its state allows behind a
// confirmation (simulate payment in test, cancel, refund).

// The notices a redirect may ask for (?done=): only these, so a link cannot make the page show
// text of its choosing as a success message.
const DONE = new Set(["created", "simulate-pay", "cancel", "refund", "redelivered"]);

export function registerChargeDetailPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  const otherModePage = (req: FastifyRequest, reply: FastifyReply, other: Mode) => {
    const t = dashT(req);
    const here = req.url.split("?")[0] ?? "/dashboard/charges";
    return sendDashPage(req, reply, {
      section: "charges",
      title: t("nav.charges"),
      status: 404,
      main: html`<p><a href="/dashboard/charges">← ${t("nav.charges")}</a></p>
<div class="flash warn" role="status">${t("charge.otherMode", { mode: t(`mode.${other}`) })}</div>
${postForm(req, "/dashboard/mode", html`<input type="hidden" name="mode" value="${other}"><input type="hidden" name="return" value="${here}"><input type="hidden" name="stay" value="1"><button type="submit">${t("charge.switchTo", { mode: t(`mode.${other}`) })}</button>`)}`,
    });
  };

  const detailPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    flash?: Flash,
    status = 200,
  ) => {
    const t = dashT(req);
    const { who } = signed(req);
    const id = (req.params as { id: string }).id;
    const q = req.query as Record<string, string | undefined>;
    const row = await ownChargeNow(deps, who, id).catch(async (err) => {
      // A charge of the other mode (a test charge's link opened in live mode) is not this
      // view's: say so, and offer the switch, rather than a bare "not found".
      const other = who.mode === "test" ? "live" : "test";
      if (err instanceof AppError && err.code === "NOT_FOUND") {
        const there = await chargeExists(deps, { ...who, mode: other }, id);
        if (there) return { otherMode: other } as const;
      }
      throw err;
    });
    if ("otherMode" in row) return otherModePage(req, reply, row.otherMode);
    const dpage = Math.max(1, Math.min(10_000, Number.parseInt(q.dpage ?? "1", 10) || 1));
    const [events, deliveryPage, moneyNotes] = await Promise.all([
      listEvents(deps, who, { charge_id: id, limit: 200 }),
      chargeDeliveries(deps, who, id, dpage),
      liveMoneyNotes(deps, req, row),
    ]);
    const deliveries = deliveryPage.items;
    const shown: Flash | undefined =
      flash ??
      (q.done && DONE.has(q.done)
        ? { kind: "ok", text: t(`charges.done.${q.done}` as "charges.done.created") }
        : undefined);
    const base = `/dashboard/charges/${encodeURIComponent(row.id)}`;
    const crypto = row.crypto
      ? cryptoView(row, baseUrlOf(deps, req), { public: false })
      : undefined;
    const payment =
      row.method === "pix"
        ? html`<div class="grid2"><div>${row.brCode ? html`<img class="qr" src="${qrImageOf(row)}" alt="${t("charges.qr")}" width="240" height="240">` : ""}</div>
<div><h3>${t("charges.copyCode")}</h3><p class="secret"><code id="brcode">${row.brCode ?? ""}</code><button type="button" class="secondary" data-copy="#brcode" data-copied="${t("action.copied")}">${t("action.copy")}</button></p></div></div>`
        : html`<div class="grid2"><div><img class="qr" src="/api/crypto/charge/qr?charge_id=${encodeURIComponent(row.id)}" alt="${t("charges.qr")}" width="240" height="240"></div>
<div><dl class="facts"><dt>${t("charges.address")}</dt><dd class="mono" id="btc-address">${crypto?.address ?? ""}</dd><dt>${t("charges.amountBtc")}</dt><dd class="mono">${crypto?.amountCrypto ?? ""} BTC</dd><dt>${t("charges.received")}</dt><dd class="mono">${row.receivedSats} sats</dd>${crypto?.lightningInvoice ? html`<dt>${t("charges.lightningInvoice")}</dt><dd class="mono small" id="ln-invoice">${crypto.lightningInvoice.slice(0, 24)}…</dd>` : ""}</dl>
<p><button type="button" class="secondary" data-copy="#btc-address" data-copied="${t("action.copied")}">${t("action.copy")}</button></p></div></div>`;
    // A charge with a due date: today's amount and its parts (due-charge.ts).
    const due = dueSummary(row, deps.clock.now());
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
<dt>${t("charges.status")}</dt><dd id="charge-status">${badge(t, row.status)}</dd>
<dt>${t("charges.amount")}</dt><dd>${money(t, row.valueCents)}</dd>
<dt>${t("charges.method")}</dt><dd>${row.method === "pix" ? "PIX" : "Bitcoin"}</dd>
<dt>ID</dt><dd class="mono">${row.id}</dd>
<dt>${t("charges.customer")}</dt><dd>${typeof row.details.customer_name === "string" ? row.details.customer_name : "—"}</dd>
<dt>${t("charges.created")}</dt><dd>${when(t, row.createdAt)}</dd>
<dt>${t("charges.expires")}</dt><dd>${when(t, row.expiresAt)}</dd>
<dt>${t("charges.approvedAt")}</dt><dd>${when(t, row.approvedAt)}</dd>
${crypto?.paymentMethod ? html`<dt>${t("charges.paidWith")}</dt><dd id="paid-with">${t(crypto.paymentMethod === "lightning" ? "charges.paidWith.lightning" : "charges.paidWith.onchain")}</dd>` : ""}
</dl>
${actions.length > 0 ? html`<div class="row">${actions}</div>` : ""}
</div>
${payerLink(req, paymentUrl(baseUrlOf(deps, req), row.id))}
${due ? dueBreakdown(translator(req.lang, common, pay, payDue), req.lang, due, row.status) : ""}
${moneyNotes}
${row.status === "pending" ? html`<section><h2>${t("charges.payment")}</h2>${payment}</section>` : ""}
<section><h2>${t("charges.events")}</h2>${
        events.events.length === 0
          ? html`<p class="muted">—</p>`
          : // Oldest first (the query reads a charge's events in the order they happened).
            html`<ol class="events">${events.events.map((e) => html`<li><code>${e.event}</code> <span class="muted">${when(t, e.createdAt)}</span></li>`)}</ol>`
      }<p class="muted">${t("charges.retention", { n: events.retentionDays })}</p></section>
<section id="deliveries"><h2>${t("charges.deliveries")}</h2>${
        deliveries.length === 0
          ? html`<p class="muted">${t("charges.deliveries.none")}</p>`
          : deliveries.map((d) =>
              deliveryCard(req, t, d, {
                redeliverAction: `${base}/deliveries/${encodeURIComponent(d.id)}/redeliver`,
                aside: html`<span class="mono muted">${d.url}</span>`,
              }),
            )
      }${
        dpage > 1 || deliveryPage.hasMore
          ? html`<div class="pager">${dpage > 1 ? html`<a href="${withQuery(req.url, { dpage: dpage === 2 ? undefined : String(dpage - 1) })}#deliveries">${t("charges.deliveries.newest")}</a>` : html`<span></span>`}${deliveryPage.hasMore ? html`<a href="${withQuery(req.url, { dpage: String(dpage + 1) })}#deliveries">${t("charges.deliveries.older")}</a>` : ""}</div>`
          : ""
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

/**
 * The payer's page of the charge (/pay/…), the link a merchant sends: shown whole, with a copy
 * button and a way to open it (where the QR can be shown on screen to a payer at the counter).
 */
function payerLink(req: FastifyRequest, url: string): SafeHtml {
  const t = dashT(req);
  return html`<section class="card" id="payer-link"><h2>${t("charges.payerLink")}</h2><p class="muted">${t("charges.payerLink.help")}</p>
<p class="secret"><code id="pay-url">${url}</code><button type="button" class="secondary" data-copy="#pay-url" data-copied="${t("action.copied")}">${t("action.copy")}</button> <a class="button secondary" href="${url}" target="_blank" rel="noopener">${t("charges.payerLink.open")}</a></p></section>`;
}
