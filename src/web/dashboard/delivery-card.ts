import type { FastifyRequest } from "fastify";
import { type HtmlValue, html, type SafeHtml } from "../html.ts";
import { type DashT, postForm } from "./chrome.ts";
import { badge, when } from "./format.ts";

// One webhook delivery with every attempt (when, status code or error, duration, response
// excerpt) and its Redeliver button: on a charge's page and in a webhook's delivery log. The
// attempts' table scrolls sideways on a narrow screen, so its box takes the keyboard's focus
// (tabindex) and is a named region, for people who cannot scroll with a pointer.

export type DeliveryCard = {
  id: string;
  event: string;
  status: string;
  attemptLog: ReadonlyArray<{
    attemptedAt: Date | string;
    statusCode: number | null;
    latencyMs: number;
    error: string | null;
    responseSnippet: string | null;
  }>;
};

export function deliveryCard(
  req: FastifyRequest,
  t: DashT,
  d: DeliveryCard,
  opts: { redeliverAction: string; aside: HtmlValue },
): SafeHtml {
  const attempts =
    d.attemptLog.length === 0
      ? html`<tr><td colspan="4" class="muted">${t("webhooks.noAttempts")}</td></tr>`
      : d.attemptLog.map(
          (a) =>
            html`<tr><td>${when(t, a.attemptedAt)}</td><td>${a.statusCode ?? a.error ?? "—"}</td><td class="num">${a.latencyMs} ms</td><td class="mono">${a.responseSnippet ?? ""}</td></tr>`,
        );
  // A pending delivery is already queued: nothing to send again yet.
  const redeliver =
    d.status === "pending"
      ? ""
      : postForm(
          req,
          opts.redeliverAction,
          html`<button type="submit" class="secondary">${t("webhooks.redeliver")}</button>`,
        );
  return html`<div class="card delivery" data-delivery="${d.id}"><div class="row"><code>${d.event}</code>${badge(t, d.status)}${opts.aside}</div>
<div class="scroll" tabindex="0" role="region" aria-label="${t("charges.deliveries.table", { event: d.event })}"><table class="attempts"><thead><tr><th>${t("webhooks.when")}</th><th>${t("webhooks.statusCode")}</th><th class="num">${t("webhooks.duration")}</th><th>${t("webhooks.response")}</th></tr></thead><tbody>${attempts}</tbody></table></div>
${redeliver}</div>`;
}
