import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../domain/errors.ts";
import {
  authorizationPage,
  simulateFromAuthorizationPage,
} from "../../domain/subscriptions/authorization-page.ts";
import { checkOrigin } from "../csrf.ts";
import { formText } from "../forms.ts";
import { sendPage } from "../layout.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { subscriptionPageHtml } from "./subscription-page-view.ts";

// The payer's authorisation page of a subscription (GET /subscribe/{id}, every create response's
// paymentUrl), public under the same rules as the payment page, and its sandbox buttons.

type IdParams = { Params: { id: string } };

export function registerSubscriptionPage(
  web: FastifyInstance,
  deps: AppDeps,
  idOf: (req: FastifyRequest<IdParams>) => string,
): void {
  web.get<IdParams>("/subscribe/:id", WEB_ROUTE, async (req, reply) => {
    const view = await authorizationPage(deps, idOf(req));
    return sendPage(reply, subscriptionPageHtml(view, { lang: req.lang, url: req.url }));
  });

  web.post<IdParams>("/subscribe/:id/simulate", WEB_ROUTE, async (req, reply) => {
    checkOrigin(deps, req);
    const id = idOf(req);
    const decision = formText(req.body, "decision") === "reject" ? "reject" : "approve";
    try {
      await simulateFromAuthorizationPage(deps, id, decision);
    } catch (err) {
      // Answered meanwhile (or expired): the page shows where it stands.
      if (!(err instanceof AppError) || err.code !== "UNPROCESSABLE") throw err;
    }
    return reply.redirect(`/subscribe/${encodeURIComponent(id)}`, 303);
  });
}
