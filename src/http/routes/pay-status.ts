import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.ts";
import { ChargeIdSchema } from "../../domain/charges/schemas.ts";
import { publicChargeStatus } from "../../domain/checkout/payment-page.ts";
import { PublicChargeStatusSchema } from "../../domain/checkout/schemas.ts";
import { okEnvelope, sendOk } from "../envelope.ts";

/**
 * The status feed of the hosted payment page: the public view of any charge by id, without
 * customer data. The page polls it every 2 s (polling rather than Server-Sent Events: it needs
 * no long-lived connection to hold open against the open-request limits or to end at shutdown,
 * and the per-IP public limit already covers it).
 */
export function registerPayStatusRoute(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/pay/status",
    {
      config: { auth: "none" },
      schema: {
        operationId: "getPaymentStatus",
        summary:
          "Public status of a charge (PIX or Bitcoin) for its payment page; no customer data",
        tags: ["checkout"],
        querystring: ChargeIdSchema,
        response: { 200: okEnvelope(PublicChargeStatusSchema) },
      },
    },
    async (req, reply) => {
      const data = await publicChargeStatus(deps, req.query.charge_id);
      return sendOk(reply, PublicChargeStatusSchema, data);
    },
  );
}
