import type { FastifyInstance } from "fastify";
import { baseUrlOf } from "../../../base-url.ts";
import type { AppDeps } from "../../../deps.ts";
import {
  subscriptionDetail,
  subscriptionsPage,
} from "../../../domain/dashboard/subscription-reads.ts";
import { cancelSubscription } from "../../../domain/subscriptions/manage-subscriptions.ts";
import { subscriptionUrl } from "../../../domain/subscriptions/subscription-view.ts";
import { translator } from "../../i18n/catalogue.ts";
import { subscriptions } from "../../i18n/subscriptions.ts";
import { runAction } from "../chrome.ts";
import { signed, signedInRoutes } from "../session.ts";
import { SUBSCRIPTIONS_PAGE, subscriptionsView, subscriptionView } from "../views/subscriptions.ts";
import { dashPage } from "./page.ts";

// Subscriptions (Pix Automático, views/subscriptions.ts): the list, a subscription's page, cancel.

const idOf = (p: unknown) => (p as { id: string }).id;

export function registerSubscriptionPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const list = dashPage(
    deps,
    "charges",
    async (req) => {
      const asked = Number((req.query as { offset?: string }).offset) || 0;
      const offset = Math.min(10_000, Math.max(0, asked));
      const page = { limit: SUBSCRIPTIONS_PAGE + 1, offset };
      return { rows: await subscriptionsPage(deps, signed(req).who, page), offset };
    },
    subscriptionsView,
  );
  const detail = dashPage(
    deps,
    "charges",
    async (req) => ({
      ...(await subscriptionDetail(deps, signed(req).who, idOf(req.params))),
      link: subscriptionUrl(baseUrlOf(deps, req), idOf(req.params)),
    }),
    subscriptionView,
  );

  r.get("/dashboard/subscriptions", "subscriptions:read", (req, reply) => list(req, reply));
  r.get("/dashboard/subscriptions/:id", "subscriptions:read", (req, reply) => detail(req, reply));

  r.post("/dashboard/subscriptions/:id/cancel", "subscriptions:write", async (req, reply) => {
    const id = idOf(req.params);
    const done = await runAction(() => cancelSubscription(deps, signed(req).who, id, ""));
    if (!done.ok) return detail(req, reply, { flash: done.flash, status: done.status });
    const text = translator(req.lang, subscriptions)("dash.subs.canceled");
    return detail(req, reply, { flash: { kind: "ok", text } });
  });
}
