import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { preparePixCharge } from "../../domain/charges/create-pix-charge.ts";
import { cancelCharge, refundCharge, simulatePay } from "../../domain/charges/pay-cancel-refund.ts";
import { listPixCharges, pixChargeStatus } from "../../domain/charges/read-charges.ts";
import {
  ChargeIdSchema,
  ChargeListSchema,
  ChargeStatusViewSchema,
  ChargeViewSchema,
  CreatePixChargeSchema,
  ListChargesQuerySchema,
  PixChargeCreatedSchema,
} from "../../domain/charges/schemas.ts";
import { spendCheckoutBudget } from "../../domain/checkout/checkout-budget.ts";
import { checkoutOwner } from "../../domain/checkout/checkout-owner.ts";
import { AnyChargeViewSchema } from "../../domain/crypto/schemas.ts";
import { okEnvelope, sendOk } from "../envelope.ts";
import { PUBLIC_KEY_PREFIX, sendIdempotent, sendIdempotentWrite } from "../idempotent-reply.ts";
import { principalOf } from "../plugins/guard.ts";

const tags = ["pix"];

export function registerPixChargeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: "required" as const };

  r.post(
    "/api/pix/charge/create",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "createPixCharge",
        // A live charge is created at the merchant's PSP.
        raises: ["BAD_GATEWAY"],
        summary:
          "Create a PIX charge (BR Code and QR image); without a token, product_id is required (public checkout); Idempotency-Key accepted",
        tags,
        body: CreatePixChargeSchema,
        response: { 200: okEnvelope(PixChargeCreatedSchema) },
      },
    },
    async (req, reply) => {
      const who = await checkoutOwner(deps, req.principal, req.body.product_id);
      const isPublic = !req.principal;
      // The hot path: prepared first, then written with its Idempotency-Key in one statement.
      // A live charge calls the PSP while preparing, so a stored response is looked up first;
      // so is a public one, whose checkout budgets are spent after that lookup (in prepare), so
      // a payer's replay does not count against them.
      await sendIdempotentWrite(
        deps,
        req,
        reply,
        PixChargeCreatedSchema,
        async () => {
          // checkoutOwner refused a public creation without a product, and found the product.
          if (isPublic) await spendCheckoutBudget(deps, req, req.body.product_id ?? "");
          // A live charge's txid is derived from its Idempotency-Key (live-create.ts); a
          // payer's key on the public checkout never shares the merchant's key space.
          const key = req.headers["idempotency-key"];
          return preparePixCharge(
            deps,
            who,
            req.body,
            baseUrlOf(deps, req),
            typeof key === "string"
              ? { idempotencyKey: req.principal ? key : `${PUBLIC_KEY_PREFIX}${key}` }
              : {},
          );
        },
        { precheck: who.mode === "live" || isPublic, owner: who },
      );
    },
  );

  r.get(
    "/api/pix/charge/status",
    {
      config: auth,
      schema: {
        operationId: "getPixChargeStatus",
        summary: "Status of a PIX charge",
        tags,
        querystring: ChargeIdSchema,
        response: { 200: okEnvelope(ChargeStatusViewSchema) },
      },
    },
    async (req, reply) => {
      const data = await pixChargeStatus(deps, principalOf(req), req.query.charge_id);
      return sendOk(reply, ChargeStatusViewSchema, data);
    },
  );

  r.get(
    "/api/pix/charges",
    {
      config: auth,
      schema: {
        operationId: "listPixCharges",
        summary: "Recent PIX charges, newest first",
        tags,
        querystring: ListChargesQuerySchema,
        response: { 200: okEnvelope(ChargeListSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listPixCharges(deps, principalOf(req), req.query),
    }),
  );

  r.post(
    "/api/pix/charge/simulate-pay",
    {
      config: auth,
      schema: {
        operationId: "simulatePayment",
        summary:
          "Approve a sandbox charge, PIX or Bitcoin (test tokens only), answered in its own kind of view; Idempotency-Key accepted",
        tags,
        body: ChargeIdSchema,
        response: { 200: okEnvelope(AnyChargeViewSchema) },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      const base = baseUrlOf(deps, req);
      await sendIdempotent(
        deps,
        req,
        reply,
        AnyChargeViewSchema,
        (db) => simulatePay({ ...deps, db }, who, req.body.charge_id, base),
        { noSecret: true },
      );
    },
  );

  const moves = [
    ["cancel", "cancelCharge", "Cancel a pending charge", cancelCharge],
    ["refund", "refundCharge", "Refund an approved charge in full", refundCharge],
  ] as const;
  for (const [action, operationId, summary, run] of moves) {
    r.post(
      `/api/pix/charge/${action}`,
      {
        config: auth,
        schema: {
          operationId,
          // A live charge's cob is removed or refunded at the merchant's PSP.
          raises: ["BAD_GATEWAY"],
          summary: `${summary}; Idempotency-Key accepted`,
          tags,
          body: ChargeIdSchema,
          response: { 200: okEnvelope(ChargeViewSchema) },
        },
      },
      async (req, reply) => {
        const who = principalOf(req);
        await sendIdempotent(
          deps,
          req,
          reply,
          ChargeViewSchema,
          (db) => run({ ...deps, db }, who, req.body.charge_id),
          { noSecret: true },
        );
      },
    );
  }
}
