import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { notFound } from "../../domain/errors.ts";
import { submitOnce } from "../../domain/idempotency/submit-once.ts";
import {
  checkWebhookTarget,
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  sendTestEvent,
} from "../../domain/webhooks/manage-webhooks.ts";
import { CreateWebhookSchema, SUBSCRIBABLE } from "../../domain/webhooks/schemas.ts";
import { onceField, sealFor, submission } from "../form-once.ts";
import { formList, formText } from "../forms.ts";
import { type HtmlValue, html } from "../html.ts";
import { confirmAction, dashT, type Flash, postForm, runAction, sendDashPage } from "./chrome.ts";
import { deliveryCard } from "./delivery-card.ts";
import { parseForm, when } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// Webhooks: create one (URL and events; the signing secret shown once), send a test event,
// each webhook's delivery log with every attempt (status code, response excerpt, duration),
// redeliver, delete.

export function registerWebhookPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  const listPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { flash?: Flash; status?: number; secret?: { url: string; secret: string } } = {},
  ) => {
    const t = dashT(req);
    const { webhooks: hooks } = await listWebhooks(deps, signed(req).who);
    const created: HtmlValue = opts.secret
      ? html`<section class="flash warn" role="status"><strong>${t("webhooks.created", { url: opts.secret.url })}</strong><p>${t("webhooks.secretOnce")}</p>
<div class="secret"><code id="new-secret">${opts.secret.secret}</code><button type="button" data-copy="#new-secret" data-copied="${t("action.copied")}">${t("action.copy")}</button></div></section>`
      : "";
    return sendDashPage(req, reply, {
      section: "webhooks",
      title: t("nav.webhooks"),
      flash: opts.flash,
      status: opts.status,
      main: html`<h1>${t("webhooks.heading")}</h1>${created}
${
  hooks.length === 0
    ? html`<p class="muted">${t("webhooks.none")}</p>`
    : html`<div class="table-wrap"><table><thead><tr><th>URL</th><th>${t("webhooks.events")}</th><th>${t("charges.status")}</th><th>${t("charges.created")}</th></tr></thead><tbody>${hooks.map(
        (h) =>
          html`<tr><td><a class="mono" href="/dashboard/webhooks/${h.id}">${h.url}</a></td><td>${h.events.join(", ")}</td><td>${h.active ? html`<span class="badge ok">${t("webhooks.active")}</span>` : html`<span class="badge failed">${h.disabledReason ?? t("webhooks.disabled")}</span>`}</td><td>${when(t, h.createdAt)}</td></tr>`,
      )}</tbody></table></div>`
}
<section class="card"><h2>${t("webhooks.new")}</h2>${postForm(
        req,
        "/dashboard/webhooks",
        html`<label>URL<input type="url" name="url" placeholder="https://example.com/webhooks/tostao" required></label>
<fieldset><legend>${t("webhooks.events")}</legend>
<label class="inline"><input type="checkbox" name="events" value="*" checked> ${t("webhooks.allEvents")}</label>
${SUBSCRIBABLE.map((e) => html`<label class="inline"><input type="checkbox" name="events" value="${e}"> <code>${e}</code></label>`)}
</fieldset>
${onceField(deps)}<button type="submit">${t("webhooks.create")}</button>`,
        { class: "stack" },
      )}</section>`,
    });
  };

  r.get("/dashboard/webhooks", (req, reply) => listPage(req, reply));

  r.post("/dashboard/webhooks", async (req, reply) => {
    const { who } = signed(req);
    const fields = { url: formText(req.body, "url"), events: formList(req.body, "events") };
    const sub = submission(req, who, "/dashboard/webhooks", fields);
    // A double click makes one webhook; the second answer shows the same secret (stored sealed).
    // The URL's DNS check runs before the key's transaction, not inside it.
    const done = await runAction(() =>
      submitOnce(
        deps,
        sub,
        {
          before: async () => {
            const input = parseForm(CreateWebhookSchema, fields);
            return { input, checked: await checkWebhookTarget(deps, input.url) };
          },
          run: async (db, p) => {
            const made = await createWebhook({ ...deps, db }, who, p.input, p.checked);
            return { url: made.url, secret: made.secret };
          },
        },
        sealFor(deps, sub),
      ),
    );
    if (!done.ok) return listPage(req, reply, { flash: done.flash, status: done.status });
    // The signing secret is shown in this response only.
    return listPage(req, reply, { secret: { url: done.value.url, secret: done.value.secret } });
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
    const hook = (await listWebhooks(deps, who)).webhooks.find((h) => h.id === id);
    if (!hook) throw notFound(`id: webhook ${id} not found`);
    const { deliveries } = await listDeliveries(deps, who, { webhook_id: id, limit: 50 });
    const q = req.query as Record<string, string | undefined>;
    const shown =
      flash ??
      (q.done === "test"
        ? { kind: "ok" as const, text: t("webhooks.testSent") }
        : q.done === "redelivered"
          ? { kind: "ok" as const, text: t("webhooks.redelivered") }
          : undefined);
    const base = `/dashboard/webhooks/${encodeURIComponent(id)}`;
    return sendDashPage(req, reply, {
      section: "webhooks",
      title: hook.url,
      flash: shown,
      status,
      main: html`<p><a href="/dashboard/webhooks">← ${t("nav.webhooks")}</a></p>
<h1 class="mono">${hook.url}</h1>
<div class="card"><dl class="facts"><dt>${t("webhooks.events")}</dt><dd>${hook.events.join(", ")}</dd><dt>${t("charges.created")}</dt><dd>${when(t, hook.createdAt)}</dd><dt>${t("charges.status")}</dt><dd>${hook.active ? t("webhooks.active") : (hook.disabledReason ?? t("webhooks.disabled"))}</dd></dl>
<div class="row">${postForm(req, `${base}/test`, html`<button type="submit" class="secondary">${t("webhooks.sendTest")}</button>`)}
${confirmAction(req, { action: `${base}/delete`, label: t("action.delete"), question: t("webhooks.delete.q"), confirm: t("action.delete"), danger: true })}</div></div>
<h2>${t("webhooks.log")}</h2>${
        deliveries.length === 0
          ? html`<p class="muted">${t("charges.deliveries.none")}</p>`
          : deliveries.map((d) =>
              deliveryCard(req, t, d, {
                redeliverAction: `${base}/deliveries/${encodeURIComponent(d.id)}/redeliver`,
                aside: html`<span class="muted">${when(t, d.createdAt)}</span>`,
              }),
            )
      }`,
    });
  };

  r.get("/dashboard/webhooks/:id", (req, reply) => detailPage(req, reply));

  r.post("/dashboard/webhooks/:id/test", async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const done = await runAction(() => sendTestEvent(deps, signed(req).who, id));
    if (!done.ok) return detailPage(req, reply, done.flash, done.status);
    return reply.redirect(`/dashboard/webhooks/${encodeURIComponent(id)}?done=test`, 303);
  });

  r.post("/dashboard/webhooks/:id/deliveries/:delivery/redeliver", async (req, reply) => {
    const p = req.params as { id: string; delivery: string };
    const done = await runAction(() => redeliver(deps, signed(req).who, p.delivery));
    if (!done.ok) return detailPage(req, reply, done.flash, done.status);
    return reply.redirect(`/dashboard/webhooks/${encodeURIComponent(p.id)}?done=redelivered`, 303);
  });

  r.post("/dashboard/webhooks/:id/delete", async (req, reply) => {
    const t = dashT(req);
    const id = (req.params as { id: string }).id;
    const done = await runAction(() => deleteWebhook(deps, signed(req).who, id));
    if (!done.ok) return listPage(req, reply, { flash: done.flash, status: done.status });
    return listPage(req, reply, {
      flash: { kind: "ok", text: t("webhooks.deleted", { url: done.value.url }) },
    });
  });
}
