import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { webhooksWithHealth, webhookWithDeliveries } from "../../../domain/dashboard/webhooks.ts";
import { submitOnce } from "../../../domain/idempotency/submit-once.ts";
import {
  checkWebhookTarget,
  createWebhook,
  deleteWebhook,
  redeliver,
  sendTestEvent,
} from "../../../domain/webhooks/manage-webhooks.ts";
import { CreateWebhookSchema } from "../../../domain/webhooks/schemas.ts";
import { sealFor, submission } from "../../form-once.ts";
import { formList, formText } from "../../forms.ts";
import { dashT, runAction } from "../chrome.ts";
import { parseForm } from "../format.ts";
import { requireSudo } from "../require-sudo.ts";
import { signed, signedInRoutes, userActor } from "../session.ts";
import { type NewSecret, webhooksView, webhookView } from "../views/webhooks.ts";
import { dashPage } from "./page.ts";

// Webhooks (views/webhooks.ts): create one (the signing secret shown once), send a test event,
// redeliver a delivery, delete.

type IdParams = { id: string };
const idOf = (p: unknown) => (p as IdParams).id;

export function registerWebhookPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const list = dashPage<Awaited<ReturnType<typeof webhooksWithHealth>>, { secret?: NewSecret }>(
    deps,
    "webhooks",
    (req) => webhooksWithHealth(deps, signed(req).who),
    webhooksView,
  );
  const detail = dashPage(
    deps,
    "webhooks",
    (req) => webhookWithDeliveries(deps, signed(req).who, idOf(req.params)),
    webhookView,
  );
  const done = (req: { query: unknown }) => ({ done: (req.query as { done?: string }).done });

  r.get("/dashboard/webhooks", "webhooks:read", (req, reply) => list(req, reply));

  r.post("/dashboard/webhooks", "webhooks:write", async (req, reply) => {
    // Live: where the money goes changes, so a fresh factor first (require-sudo.ts).
    const live = () => signed(req).who.mode === "live";
    if (!(await requireSudo(deps, req, reply, { section: "webhooks", needed: live }))) return reply;
    const { who } = signed(req);
    const fields = { url: formText(req.body, "url"), events: formList(req.body, "events") };
    const sub = submission(req, who, "/dashboard/webhooks", fields);
    // A double click makes one webhook; the second answer shows the same secret (stored sealed).
    // The URL's DNS check runs before the key's transaction, not inside it.
    const made = await runAction(() =>
      submitOnce(
        deps,
        sub,
        {
          before: async () => {
            const input = parseForm(CreateWebhookSchema, fields);
            return { input, checked: await checkWebhookTarget(deps, input.url) };
          },
          run: async (db, p) => {
            const hook = await createWebhook(
              { ...deps, db },
              who,
              p.input,
              userActor(req),
              p.checked,
            );
            return { url: hook.url, secret: hook.secret };
          },
        },
        sealFor(deps, sub),
      ),
    );
    if (!made.ok) return list(req, reply, { flash: made.flash, status: made.status });
    // The signing secret is shown in this response only.
    return list(req, reply, { secret: made.value });
  });

  r.get("/dashboard/webhooks/:id", "webhooks:read", (req, reply) => detail(req, reply, done(req)));

  r.post("/dashboard/webhooks/:id/test", "webhooks:write", async (req, reply) => {
    const id = idOf(req.params);
    const sent = await runAction(() => sendTestEvent(deps, signed(req).who, id));
    if (!sent.ok) return detail(req, reply, { flash: sent.flash, status: sent.status });
    return reply.redirect(`/dashboard/webhooks/${encodeURIComponent(id)}?done=test`, 303);
  });

  r.post(
    "/dashboard/webhooks/:id/deliveries/:delivery/redeliver",
    "webhooks:write",
    async (req, reply) => {
      const p = req.params as IdParams & { delivery: string };
      const again = await runAction(() => redeliver(deps, signed(req).who, p.delivery));
      if (!again.ok) return detail(req, reply, { flash: again.flash, status: again.status });
      return reply.redirect(
        `/dashboard/webhooks/${encodeURIComponent(p.id)}?done=redelivered`,
        303,
      );
    },
  );

  registerWebhookDelete(r, deps, list);
}

type WebhookList = ReturnType<
  typeof dashPage<Awaited<ReturnType<typeof webhooksWithHealth>>, { secret?: NewSecret }>
>;

/** Deleting a webhook, answered with the list and what was deleted. */
function registerWebhookDelete(
  r: ReturnType<typeof signedInRoutes>,
  deps: AppDeps,
  list: WebhookList,
): void {
  r.post("/dashboard/webhooks/:id/delete", "webhooks:write", async (req, reply) => {
    const gone = await runAction(() =>
      deleteWebhook(deps, signed(req).who, idOf(req.params), userActor(req)),
    );
    if (!gone.ok) return list(req, reply, { flash: gone.flash, status: gone.status });
    const text = dashT(req)("webhooks.deleted", { url: gone.value.url });
    return list(req, reply, { flash: { kind: "ok", text } });
  });
}
