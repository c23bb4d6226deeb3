import type {
  WebhookHealth,
  webhooksWithHealth,
  webhookWithDeliveries,
} from "../../../domain/dashboard/webhooks.ts";
import { SUBSCRIBABLE } from "../../../domain/webhooks/schemas.ts";
import { onceInput } from "../../form-once.ts";
import { type HtmlValue, html } from "../../html.ts";
import { confirmAction, type DashT, postForm } from "../chrome.ts";
import { when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { deliveryCard } from "./delivery-card.ts";
import { dataTable, longValue } from "./parts.ts";

// Webhooks: the list (each one active, failing or disabled), the signing secret of a new one
// shown once, the form for a new one; and a webhook's page with its delivery log, test event,
// redeliver and delete.

export type Webhooks = Awaited<ReturnType<typeof webhooksWithHealth>>;
export type WebhookPage = Awaited<ReturnType<typeof webhookWithDeliveries>>;
export type NewSecret = { url: string; secret: string };

/** A webhook's state as a badge: a failing one never reads "Active". */
function health(t: DashT, h: { health: WebhookHealth; disabledReason: string | null }) {
  if (h.health === "disabled")
    return html`<span class="badge failed">${h.disabledReason ?? t("webhooks.disabled")}</span>`;
  if (h.health === "failing")
    return html`<span class="badge failed" data-health="failing">${t("webhooks.failing")}</span>`;
  return html`<span class="badge ok" data-health="active">${t("webhooks.active")}</span>`;
}

export function webhooksView(ctx: ViewCtx, hooks: Webhooks, opts: { secret?: NewSecret }) {
  const { t } = ctx;
  const created: HtmlValue = opts.secret
    ? html`<section class="flash warn" role="status"><strong>${t("webhooks.created", { url: opts.secret.url })}</strong><p>${t("webhooks.secretOnce")}</p>
<div class="secret">${longValue(t, opts.secret.secret, "new-secret")}</div></section>`
    : "";
  const table =
    hooks.length === 0
      ? html`<p class="muted">${t("webhooks.none")}</p>`
      : dataTable(hooks, [
          {
            label: "URL",
            cell: (h) =>
              html`<a class="mono long" href="/dashboard/webhooks/${h.id}" title="${h.url}">${h.url}</a>`,
          },
          { label: t("webhooks.events"), cell: (h) => h.events.join(", ") },
          { label: t("charges.status"), cell: (h) => health(t, h) },
          { label: t("charges.created"), cell: (h) => when(t, h.createdAt) },
        ]);
  return {
    title: t("nav.webhooks"),
    main: html`<h1>${t("webhooks.heading")}</h1>${created}
${table}
${
  ctx.can("webhooks:write")
    ? html`<section class="card"><h2>${t("webhooks.new")}</h2>${postForm(
        ctx,
        "/dashboard/webhooks",
        html`<label>URL<input type="url" name="url" placeholder="https://example.com/webhooks/tostao" required></label>
<fieldset><legend>${t("webhooks.events")}</legend>
<label class="inline"><input type="checkbox" name="events" value="*" checked> ${t("webhooks.allEvents")}</label>
${SUBSCRIBABLE.map((e) => html`<label class="inline"><input type="checkbox" name="events" value="${e}"> <code>${e}</code></label>`)}
</fieldset>
${onceInput(ctx.formKey)}<button type="submit">${t("webhooks.create")}</button>`,
        { class: "stack" },
      )}</section>`
    : ""
}`,
  };
}

// The notices a redirect may ask for (?done=): only these.
const DONE = { test: "webhooks.testSent", redelivered: "webhooks.redelivered" } as const;

export function webhookView(ctx: ViewCtx, data: WebhookPage, opts: { done?: string }) {
  const { t } = ctx;
  const { hook, deliveries } = data;
  const base = `/dashboard/webhooks/${encodeURIComponent(hook.id)}`;
  const done = opts.done && opts.done in DONE ? DONE[opts.done as keyof typeof DONE] : undefined;
  return {
    title: hook.url,
    ...(done ? { flash: { kind: "ok" as const, text: t(done) } } : {}),
    main: html`<p><a href="/dashboard/webhooks">← ${t("nav.webhooks")}</a></p>
<h1 class="mono long" title="${hook.url}">${hook.url}</h1>
<div class="card"><dl class="facts"><dt>URL</dt><dd>${longValue(t, hook.url, "webhook-url")}</dd><dt>${t("webhooks.events")}</dt><dd>${hook.events.join(", ")}</dd><dt>${t("charges.created")}</dt><dd>${when(t, hook.createdAt)}</dd><dt>${t("charges.status")}</dt><dd id="webhook-health">${health(t, hook)}</dd></dl>
${hook.health === "failing" ? html`<p class="flash warn">${t("webhooks.failing.help")}</p>` : ""}
${
  ctx.can("webhooks:write")
    ? html`<div class="row">${postForm(ctx, `${base}/test`, html`<button type="submit" class="secondary">${t("webhooks.sendTest")}</button>`)}
${confirmAction(ctx, { action: `${base}/delete`, label: t("action.delete"), question: t("webhooks.delete.q"), confirm: t("action.delete"), danger: true })}</div>`
    : ""
}</div>
<h2>${t("webhooks.log")}</h2>${
      deliveries.length === 0
        ? html`<p class="muted">${t("charges.deliveries.none")}</p>`
        : deliveries.map((d) =>
            deliveryCard(ctx, d, {
              redeliverAction: `${base}/deliveries/${encodeURIComponent(d.id)}/redeliver`,
              aside: html`<span class="muted">${when(t, d.createdAt)}</span>`,
            }),
          )
    }`,
  };
}
