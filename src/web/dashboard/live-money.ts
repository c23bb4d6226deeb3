import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { chargeDisputes, unmatchedPayments } from "../../domain/live-pix/live-records.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatBrl, translator } from "../i18n/catalogue.ts";
import { liveMoney } from "../i18n/live-money.ts";
import { dashT, sendDashPage } from "./chrome.ts";
import { when } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// Live PIX money that arrived otherwise than asked, on the dashboard: on a charge's page, an
// underpaid cob (amountReceived) and the MED devoluções on its payment with the PSP's reason;
// and a list page of the payments that match no charge (/dashboard/unmatched-payments).

const lt = (req: FastifyRequest) => translator(req.lang, liveMoney);

/** The notes of a charge's page about its live PIX money (nothing for other charges). */
export async function liveMoneyNotes(
  deps: AppDeps,
  req: FastifyRequest,
  row: { id: string; mode: string; method: string; valueCents: number; receivedCents: number },
): Promise<SafeHtml> {
  if (row.mode !== "live" || row.method !== "pix") return html``;
  const t = lt(req);
  const brl = (cents: number) => formatBrl(req.lang, cents);
  const disputes = await chargeDisputes(deps, signed(req).who, row.id);
  const underpaid =
    row.receivedCents > 0
      ? html`<div class="flash warn" role="status" id="underpaid"><strong>${t("underpaid.title")}</strong>: ${t("underpaid.text", { received: brl(row.receivedCents), value: brl(row.valueCents) })}</div>`
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

export function registerLiveMoneyPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  r.get("/dashboard/unmatched-payments", async (req, reply) => {
    const t = lt(req);
    const d = dashT(req);
    const { who } = signed(req);
    const items = await unmatchedPayments(deps, who);
    const body =
      who.mode !== "live"
        ? html`<p class="muted">${t("unmatched.liveOnly")}</p>`
        : items.length === 0
          ? html`<p class="muted">${t("unmatched.none")}</p>`
          : html`<div class="table-wrap" tabindex="0"><table><thead><tr><th>${t("unmatched.paidAt")}</th><th>txid</th><th>${t("unmatched.e2eid")}</th><th>${t("unmatched.source")}</th><th class="num">${t("disputes.amount")}</th></tr></thead><tbody>${items.map(
              (p) =>
                html`<tr><td>${when(d, p.paidAt ?? p.createdAt)}</td><td class="mono">${p.txid ?? "—"}</td><td class="mono">${p.e2eid}</td><td>${p.source}</td><td class="num">${formatBrl(req.lang, p.amountCents)}</td></tr>`,
            )}</tbody></table></div>`;
    return sendDashPage(req, reply, {
      section: "unmatched",
      title: t("unmatched.title"),
      main: html`<h1>${t("unmatched.title")}</h1><p>${t("unmatched.intro")}</p>${body}`,
    });
  });
}
