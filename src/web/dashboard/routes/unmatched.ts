import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { unmatchedPayments } from "../../../domain/live-pix/live-records.ts";
import { signed, signedInRoutes } from "../session.ts";
import { unmatchedView } from "../views/live-money.ts";
import { dashPage } from "./page.ts";

// The live PIX payments that match no charge (views/live-money.ts).

export function registerLiveMoneyPages(web: FastifyInstance, deps: AppDeps): void {
  const show = dashPage(
    deps,
    "unmatched",
    (req) => unmatchedPayments(deps, signed(req).who),
    unmatchedView,
  );
  signedInRoutes(web, deps).get("/dashboard/unmatched-payments", "charges:read", (req, reply) =>
    show(req, reply),
  );
}
