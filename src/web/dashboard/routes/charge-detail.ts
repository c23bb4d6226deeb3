import type { FastifyInstance, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../../base-url.ts";
import type { AppDeps } from "../../../deps.ts";
import { cancelCharge, simulatePay } from "../../../domain/charge-lifecycle/pay-cancel-refund.ts";
import { refundCharge } from "../../../domain/charge-lifecycle/refund-charge.ts";
import { RefundChargeSchema } from "../../../domain/charges/schemas.ts";
import { chargePage, ownChargeNow } from "../../../domain/dashboard/charge-detail.ts";
import {
  listNotifications,
  resendBill,
} from "../../../domain/notifications/manage-notifications.ts";
import { redeliver } from "../../../domain/webhooks/manage-webhooks.ts";
import { formText } from "../../forms.ts";
import { runAction } from "../chrome.ts";
import { formAmount, parseForm } from "../format.ts";
import { signed, signedInRoutes } from "../session.ts";
import { chargeView } from "../views/charge-detail.ts";
import { dashPage } from "./page.ts";

// A charge's page (views/charge-detail.ts), the live status its script polls, and the moves:
// simulate payment (test), cancel, refund, send the bill again, redeliver a webhook delivery.

type Query = { dpage?: string; done?: string };
const idOf = (p: unknown) => (p as { id: string }).id;

export function registerChargeDetailPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(deps, "charges", (req) => loadChargePage(deps, req), chargeView);

  r.get("/dashboard/charges/:id", "charges:read", (req, reply) =>
    show(req, reply, { done: (req.query as Query).done }),
  );

  // The live status the page's script polls (JSON, for this session's account and mode only).
  r.get("/dashboard/charges/:id/status", "charges:read", async (req, reply) => {
    const row = await ownChargeNow(deps, signed(req).who, idOf(req.params));
    return reply.type("application/json; charset=utf-8").send({ status: row.status });
  });

  const moves = { "simulate-pay": simulatePay, cancel: cancelCharge };
  for (const [action, run] of Object.entries(moves)) {
    r.post(`/dashboard/charges/:id/${action}`, "charges:write", async (req, reply) => {
      const id = idOf(req.params);
      const done = await runAction(() => run(deps, signed(req).who, id));
      if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
      return reply.redirect(`/dashboard/charges/${encodeURIComponent(id)}?done=${action}`, 303);
    });
  }

  // The form's amount (a pt-BR decimal comma accepted; empty: what is left) and reason.
  r.post("/dashboard/charges/:id/refund", "charges:write", async (req, reply) => {
    const id = idOf(req.params);
    const done = await runAction(() => {
      const value = formText(req.body, "value");
      const reason = formText(req.body, "reason");
      const input = parseForm(RefundChargeSchema, {
        charge_id: id,
        ...(value === "" ? {} : { value: formAmount(value) }),
        ...(reason === "" ? {} : { reason }),
      });
      return refundCharge(deps, signed(req).who, input);
    });
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return reply.redirect(`/dashboard/charges/${encodeURIComponent(id)}?done=refund`, 303);
  });

  r.post("/dashboard/charges/:id/resend-bill", "charges:write", async (req, reply) => {
    const id = idOf(req.params);
    const done = await runAction(() => resendBill(deps, signed(req).who, id));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return reply.redirect(`/dashboard/charges/${encodeURIComponent(id)}?done=resent#mails`, 303);
  });

  r.post(
    "/dashboard/charges/:id/deliveries/:delivery/redeliver",
    "webhooks:write",
    async (req, reply) => {
      const p = req.params as { id: string; delivery: string };
      const done = await runAction(() => redeliver(deps, signed(req).who, p.delivery));
      if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
      const to = `/dashboard/charges/${encodeURIComponent(p.id)}?done=redelivered#deliveries`;
      return reply.redirect(to, 303);
    },
  );
}

/** What the charge's page shows: the charge, a page of its deliveries, its payer mails. */
async function loadChargePage(deps: AppDeps, req: FastifyRequest) {
  const q = req.query as Query;
  const deliveriesPage = Math.max(1, Math.min(10_000, Number.parseInt(q.dpage ?? "1", 10) || 1));
  const { who } = signed(req);
  const id = idOf(req.params);
  const page = await chargePage(deps, who, id, {
    deliveriesPage,
    baseUrl: baseUrlOf(deps, req),
  });
  // The charge's payer mails, newest first (a page of them: a charge has a few at most).
  const mails =
    page.kind === "charge"
      ? (await listNotifications(deps, who, { limit: 50, charge_id: id })).notifications
      : [];
  return { page, deliveriesPage, mails };
}
