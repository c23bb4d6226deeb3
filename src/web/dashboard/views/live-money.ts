import type { chargeDisputes, unmatchedPayments } from "../../../domain/live-pix/live-records.ts";
import { html, type SafeHtml } from "../../html.ts";
import { translator } from "../../i18n/catalogue.ts";
import { liveMoney } from "../../i18n/live-money.ts";
import { statement } from "../../i18n/statement.ts";
import { amount, when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable, longValue, withMarkup } from "./parts.ts";
import { STATEMENT_PAGE } from "./statement.ts";

// Live PIX money that arrived otherwise than asked: on a charge's page, an underpaid cob
// (amountReceived) and the MED devoluções on its payment with the PSP's reason; and the page of
// the payments that match no charge (/dashboard/unmatched-payments).

type Disputes = Awaited<ReturnType<typeof chargeDisputes>>;
export type Unmatched = Awaited<ReturnType<typeof unmatchedPayments>>;

/** The notes of a charge's page about its live PIX money (nothing for other charges). */
export function liveMoneyNotes(
  ctx: ViewCtx,
  row: { mode: string; method: string; valueCents: number; receivedCents: number },
  disputes: Disputes,
): SafeHtml {
  if (row.mode !== "live" || row.method !== "pix") return html``;
  const t = translator(ctx.lang, liveMoney);
  const brl = (cents: number) => amount(ctx.t, cents);
  const underpaid =
    row.receivedCents > 0
      ? html`<div class="flash warn" role="status" id="underpaid"><strong>${t("underpaid.title")}</strong>: ${withMarkup(t, "underpaid.text", { received: brl(row.receivedCents), value: brl(row.valueCents) })}</div>`
      : html``;
  const med =
    disputes.length === 0
      ? html``
      : html`<section id="disputes"><h2>${t("disputes.title")}</h2><p>${t("disputes.text")}</p>${disputes.map(
          (d) =>
            html`<dl class="facts"><dt>${t("disputes.nature")}</dt><dd><code>${d.nature}</code></dd><dt>${t("disputes.status")}</dt><dd><code>${d.status}</code></dd><dt>${t("disputes.amount")}</dt><dd>${brl(d.amountCents)}</dd><dt>${t("disputes.reason")}</dt><dd>${d.reason ?? "—"}</dd></dl>`,
        )}</section>`;
  return html`${underpaid}${med}`;
}

export function unmatchedView(ctx: ViewCtx, items: Unmatched) {
  const t = translator(ctx.lang, liveMoney);
  const body =
    ctx.who.mode !== "live"
      ? html`<p class="muted">${t("unmatched.liveOnly")}</p>`
      : items.length === 0
        ? html`<p class="muted">${t("unmatched.none")}</p>`
        : dataTable(items, [
            { label: t("unmatched.paidAt"), cell: (p) => when(ctx.t, p.paidAt ?? p.createdAt) },
            { label: "txid", cell: (p) => (p.txid ? longValue(ctx.t, p.txid) : "—") },
            { label: t("unmatched.e2eid"), cell: (p) => longValue(ctx.t, p.e2eid) },
            { label: t("unmatched.source"), cell: (p) => t(`unmatched.source.${p.source}`) },
            {
              label: t("disputes.amount"),
              class: "num",
              cell: (p) => amount(ctx.t, p.amountCents),
            },
          ]);
  return {
    title: t("unmatched.title"),
    main: html`<h1>${t("unmatched.title")}</h1><p>${t("unmatched.intro")}</p>${ctx.who.mode === "live" ? html`<p><a href="${STATEMENT_PAGE}">${translator(ctx.lang, statement)("st.link")} →</a></p>` : ""}${body}`,
  };
}
