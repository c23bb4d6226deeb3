import {
  leftToRefundCents,
  paidCentsOf,
  refundedCents,
} from "../../../domain/charges/refund-ledger.ts";
import type { ChargePage } from "../../../domain/dashboard/charge-detail.ts";
import { formatCents } from "../../../domain/money.ts";
import type { NotificationView } from "../../../domain/notifications/schemas.ts";
import type { Mode } from "../../../kernel/mode.ts";
import { type HtmlValue, html, type SafeHtml } from "../../html.ts";
import { formatBrl, translator } from "../../i18n/catalogue.ts";
import { common } from "../../i18n/common.ts";
import { pay } from "../../i18n/pay.ts";
import { payDue } from "../../i18n/pay-due.ts";
import { withQuery } from "../../layout.ts";
import { dueBreakdown } from "../../pay/due-view.ts";
import { confirmAction, postForm } from "../chrome.ts";
import { amount, badge, when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { deliveryCard } from "./delivery-card.ts";
import { liveMoneyNotes } from "./live-money.ts";
import { chargeMailsCard } from "./notifications.ts";
import { longValue } from "./parts.ts";

// A charge's page: status (polled by the page's script while pending), amount and customer, the
// payer's link, the QR and copy-and-paste code (or the Bitcoin address), its events in order,
// each webhook delivery with its attempts and Redeliver, and the moves its state allows behind a
// confirmation (simulate payment in test, cancel, refund).

type Found = Extract<ChargePage, { kind: "charge" }>;
type Charge = Found["charge"];

// The notices a redirect may ask for (?done=): only these, so a link cannot make the page show
// text of its choosing as a success message.
const DONE = new Set(["created", "simulate-pay", "cancel", "refund", "redelivered", "resent"]);

export function chargeView(
  ctx: ViewCtx,
  data: { page: ChargePage; deliveriesPage: number; mails?: readonly NotificationView[] },
  opts: { done?: string | undefined },
) {
  const { t } = ctx;
  if (data.page.kind === "other-mode") return otherModeView(ctx, data.page.otherMode);
  const p = data.page;
  const row = p.charge;
  const base = `/dashboard/charges/${encodeURIComponent(row.id)}`;
  const done = opts.done && DONE.has(opts.done) ? opts.done : undefined;
  return {
    title: row.title ?? row.id,
    ...(done
      ? {
          flash: {
            kind: "ok" as const,
            text:
              done === "resent"
                ? t("mail.resent")
                : t(`charges.done.${done}` as "charges.done.created"),
          },
        }
      : {}),
    main: html`<p><a href="/dashboard/charges">← ${t("nav.charges")}</a></p>
<h1>${row.title ?? row.id}</h1>
${facts(ctx, p)}
${payerLink(ctx, p.payUrl)}
${p.due ? dueBreakdown(translator(ctx.lang, common, pay, payDue), ctx.lang, p.due, row.status) : ""}
${liveMoneyNotes(ctx, row, p.disputes)}
${refundsCard(ctx, row)}
${row.status === "pending" ? html`<section><h2>${t("charges.payment")}</h2>${payment(ctx, p)}</section>` : ""}
<section><h2>${t("charges.events")}</h2>${
      p.events.events.length === 0
        ? html`<p class="muted">—</p>`
        : // Oldest first (the query reads a charge's events in the order they happened).
          html`<ol class="events">${p.events.events.map((e) => html`<li><code>${e.event}</code> <span class="muted">${when(t, e.createdAt)}</span></li>`)}</ol>`
    }<p class="muted">${t("charges.retention", { n: p.events.retentionDays })}</p></section>
${chargeMailsCard(ctx, row.id, typeof row.details.customer_email === "string" && row.details.customer_email !== "" ? row.details.customer_email : null, data.mails ?? [])}
${deliveries(ctx, base, p.deliveries, data.deliveriesPage)}`,
  };
}

function otherModeView(ctx: ViewCtx, other: Mode) {
  const { t } = ctx;
  const here = ctx.url.split("?")[0] ?? "/dashboard/charges";
  const mode = t(`mode.${other}`);
  return {
    title: t("nav.charges"),
    status: 404,
    main: html`<p><a href="/dashboard/charges">← ${t("nav.charges")}</a></p>
<div class="flash warn" role="status">${t("charge.otherMode", { mode })}</div>
${postForm(ctx, "/dashboard/mode", html`<input type="hidden" name="mode" value="${other}"><input type="hidden" name="return" value="${here}"><input type="hidden" name="stay" value="1"><button type="submit">${t("charge.switchTo", { mode })}</button>`)}`,
  };
}

function facts(ctx: ViewCtx, p: Found) {
  const { t } = ctx;
  const row = p.charge;
  const customer = row.details.customer_name;
  const paidWith = p.crypto?.paymentMethod;
  return html`<div class="card" data-poll-url="/dashboard/charges/${encodeURIComponent(row.id)}/status" data-poll-status="${row.status}">
<dl class="facts">
<dt>${t("charges.status")}</dt><dd id="charge-status">${badge(t, row.status)}</dd>
<dt>${t("charges.amount")}</dt><dd>${amount(t, row.valueCents)}</dd>
<dt>${t("charges.method")}</dt><dd>${row.method === "pix" ? "PIX" : "Bitcoin"}</dd>
<dt>ID</dt><dd>${longValue(t, row.id, "charge-id")}</dd>
<dt>${t("charges.customer")}</dt><dd>${typeof customer === "string" ? customer : "—"}</dd>
<dt>${t("charges.created")}</dt><dd>${when(t, row.createdAt)}</dd>
<dt>${t("charges.expires")}</dt><dd>${when(t, row.expiresAt)}</dd>
<dt>${t("charges.approvedAt")}</dt><dd>${when(t, row.approvedAt)}</dd>
${paidWith ? html`<dt>${t("charges.paidWith")}</dt><dd id="paid-with">${t(paidWith === "lightning" ? "charges.paidWith.lightning" : "charges.paidWith.onchain")}</dd>` : ""}
</dl>
${ctx.can("charges:write") ? moves(ctx, row) : ""}
</div>`;
}

/** The moves the charge's state allows, each behind a confirmation. */
function moves(ctx: ViewCtx, row: Charge): HtmlValue {
  const { t } = ctx;
  const base = `/dashboard/charges/${encodeURIComponent(row.id)}`;
  const move = (action: string, key: "simulate" | "cancel", danger: boolean) =>
    confirmAction(ctx, {
      action: `${base}/${action}`,
      label: t(`charges.${key}`),
      question: t(`charges.${key}.q`),
      confirm: t(`charges.${key}.confirm`),
      danger,
    });
  const actions: SafeHtml[] = [];
  const pending = row.status === "pending";
  if (pending && ctx.who.mode === "test") actions.push(move("simulate-pay", "simulate", false));
  if (pending && row.method === "pix") actions.push(move("cancel", "cancel", true));
  const left = leftToRefundCents(row);
  if (row.status === "approved" && row.method === "pix" && left > 0) {
    actions.push(
      confirmAction(ctx, {
        action: `${base}/refund`,
        label: t("charges.refund"),
        question: t("charges.refund.q"),
        confirm: t("charges.refund.confirm"),
        danger: true,
        fields: refundFields(ctx, left),
      }),
    );
  }
  return actions.length > 0 ? html`<div class="row">${actions}</div>` : "";
}

/** The refund's amount (pt-BR decimal comma accepted; default what is left) and reason. */
function refundFields(ctx: ViewCtx, left: number): SafeHtml {
  const { t } = ctx;
  const typed = ctx.lang === "pt-BR" ? formatCents(left).replace(".", ",") : formatCents(left);
  return html`<label>${t("charges.refund.value")} <input type="text" name="value" inputmode="decimal" autocomplete="off" value="${typed}" aria-describedby="refund-left"></label>
<p class="muted" id="refund-left">${t("charges.refund.valueHelp", { left: formatBrl(ctx.lang, left) })}</p>
<label>${t("charges.refund.reason")} <input type="text" name="reason" maxlength="140" autocomplete="off"></label>`;
}

/** The charge's refunds, oldest first, with what is refunded of what was paid. */
function refundsCard(ctx: ViewCtx, row: Charge): HtmlValue {
  const { t } = ctx;
  const list = row.refunds ?? [];
  if (list.length === 0) return "";
  const total = t("charges.refunds.total", {
    amount: formatBrl(ctx.lang, refundedCents(row)),
    paid: formatBrl(ctx.lang, paidCentsOf(row)),
  });
  return html`<section class="card" id="refunds"><h2>${t("charges.refunds")}</h2><p>${total}</p>
<ol class="events">${list.map((r) => html`<li>${amount(t, r.valueCents)} <span class="badge ${r.status === "done" ? "approved" : r.status === "refused" ? "declined" : "pending"}">${t(`charges.refunds.${r.status}`)}</span> <span class="muted">${when(t, new Date(r.createdAt))}</span>${r.reason ? html` — ${r.reason}` : ""}${r.refusal ? html` <span class="muted">(${r.refusal})</span>` : ""}</li>`)}</ol></section>`;
}

function payment(ctx: ViewCtx, p: Found) {
  const { t } = ctx;
  const row = p.charge;
  const qr = (src: string) =>
    html`<img class="qr" src="${src}" alt="${t("charges.qr")}" width="240" height="240">`;
  if (row.method === "pix") {
    return html`<div class="grid2"><div>${p.qrImage ? qr(p.qrImage) : ""}</div>
<div><h3>${t("charges.copyCode")}</h3><p class="secret">${longValue(t, row.brCode ?? "", "brcode")}</p></div></div>`;
  }
  const c = p.crypto;
  return html`<div class="grid2"><div>${qr(`/api/crypto/charge/qr?charge_id=${encodeURIComponent(row.id)}`)}</div>
<div><dl class="facts"><dt>${t("charges.address")}</dt><dd>${longValue(t, c?.address ?? "", "btc-address")}</dd><dt>${t("charges.amountBtc")}</dt><dd class="mono">${c?.amountCrypto ?? ""} BTC</dd><dt>${t("charges.received")}</dt><dd class="mono">${row.receivedSats} sats</dd>${c?.lightningInvoice ? html`<dt>${t("charges.lightningInvoice")}</dt><dd>${longValue(t, c.lightningInvoice, "ln-invoice")}</dd>` : ""}</dl></div></div>`;
}

/**
 * The payer's page of the charge (/pay/…), the link a merchant sends: shown whole, with a copy
 * button and a way to open it (where the QR can be shown on screen to a payer at the counter).
 */
function payerLink(ctx: ViewCtx, url: string): SafeHtml {
  const { t } = ctx;
  return html`<section class="card" id="payer-link"><h2>${t("charges.payerLink")}</h2><p class="muted">${t("charges.payerLink.help")}</p>
<p class="secret">${longValue(t, url, "pay-url")} <a class="button secondary" href="${url}" target="_blank" rel="noopener">${t("charges.payerLink.open")}</a></p></section>`;
}

function deliveries(ctx: ViewCtx, base: string, page: Found["deliveries"], dpage: number) {
  const { t } = ctx;
  const list =
    page.items.length === 0
      ? html`<p class="muted">${t("charges.deliveries.none")}</p>`
      : page.items.map((d) =>
          deliveryCard(ctx, d, {
            redeliverAction: `${base}/deliveries/${encodeURIComponent(d.id)}/redeliver`,
            aside: html`<span class="mono muted long" title="${d.url}">${d.url}</span>`,
          }),
        );
  const newer = withQuery(ctx.url, { dpage: dpage === 2 ? undefined : String(dpage - 1) });
  const older = withQuery(ctx.url, { dpage: String(dpage + 1) });
  const pager =
    dpage > 1 || page.hasMore
      ? html`<div class="pager">${dpage > 1 ? html`<a href="${newer}#deliveries">${t("charges.deliveries.newest")}</a>` : html`<span></span>`}${page.hasMore ? html`<a href="${older}#deliveries">${t("charges.deliveries.older")}</a>` : ""}</div>`
      : "";
  return html`<section id="deliveries"><h2>${t("charges.deliveries")}</h2>${list}${pager}</section>`;
}
