import { isFailing } from "../../../domain/dashboard/webhooks.ts";
import { type HtmlValue, html, type SafeHtml } from "../../html.ts";
import { type DashT, type FormCtx, postForm } from "../chrome.ts";
import { badge, when } from "../format.ts";
import { dataTable } from "./parts.ts";

// One webhook delivery with every attempt (when, status code or error, duration, response
// excerpt) and its Redeliver button: on a charge's page and in a webhook's delivery log. A
// failing one (failed, or being retried) says when it is tried next. The attempts' table
// scrolls sideways on a narrow screen, so its box takes the keyboard's focus (tabindex) and is
// a named region, for people who cannot scroll with a pointer.

export type DeliveryCard = {
  id: string;
  event: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date | string | null;
  attemptLog: ReadonlyArray<{
    attemptedAt: Date | string;
    statusCode: number | null;
    latencyMs: number;
    error: string | null;
    responseSnippet: string | null;
  }>;
};

type Attempt = DeliveryCard["attemptLog"][number];

/** The Redeliver button, except for a delivery queued and never tried (nothing to send again yet). */
export function redeliverButton(
  ctx: FormCtx & { t: DashT },
  d: { status: string; attempts: number },
  action: string,
): HtmlValue {
  if (d.status === "pending" && d.attempts === 0) return "";
  return postForm(
    ctx,
    action,
    html`<button type="submit" class="secondary">${ctx.t("webhooks.redeliver")}</button>`,
  );
}

/** "Next attempt: …" for a delivery being retried; nothing otherwise. */
export function nextAttempt(
  t: DashT,
  d: Pick<DeliveryCard, "status" | "attempts" | "nextAttemptAt">,
) {
  if (!isFailing(d) || !d.nextAttemptAt) return "";
  return html`<span class="next-attempt">${t("webhooks.nextAttemptAt", { at: when(t, d.nextAttemptAt) })}</span>`;
}

export function deliveryCard(
  ctx: FormCtx & { t: DashT },
  d: DeliveryCard,
  opts: { redeliverAction: string; aside: HtmlValue },
): SafeHtml {
  const { t } = ctx;
  const attempts =
    d.attemptLog.length === 0
      ? html`<p class="muted">${t("webhooks.noAttempts")}</p>`
      : dataTable<Attempt>(
          d.attemptLog,
          [
            { label: t("webhooks.when"), cell: (a) => when(t, a.attemptedAt) },
            { label: t("webhooks.statusCode"), cell: (a) => a.statusCode ?? a.error ?? "—" },
            { label: t("webhooks.duration"), class: "num", cell: (a) => `${a.latencyMs} ms` },
            { label: t("webhooks.response"), class: "mono", cell: (a) => a.responseSnippet ?? "" },
          ],
          { wrapClass: "", tableClass: "attempts" },
        );
  return html`<div class="card delivery" data-delivery="${d.id}"><div class="row"><code>${d.event}</code>${badge(t, d.status)}${opts.aside}${nextAttempt(t, d)}</div>
<div class="scroll" tabindex="0" role="region" aria-label="${t("charges.deliveries.table", { event: d.event })}">${attempts}</div>
${redeliverButton(ctx, d, opts.redeliverAction)}</div>`;
}
