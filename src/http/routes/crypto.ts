import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { checkoutOwner } from "../../domain/charges/checkout-owner.ts";
import { ChargeIdSchema } from "../../domain/charges/schemas.ts";
import { spendCheckoutBudget } from "../../domain/checkout/checkout-budget.ts";
import { startCryptoCharge } from "../../domain/crypto/create-crypto-charge.ts";
import { cryptoPaymentUri } from "../../domain/crypto/read-crypto-charges.ts";
import type { CreateCryptoCharge } from "../../domain/crypto/schemas.ts";
import { operationById } from "../../operations/index.ts";
import { renderQrPng } from "../../qr/qr-png.ts";
import { sendIdempotent } from "../idempotent-reply.ts";
import { routeOptions } from "../register-operations.ts";

/**
 * The irregular Bitcoin routes, by hand: the charge creation that is also the public checkout
 * (its schema, scope and tool are the table's, operations/crypto.ts), and the QR image. The
 * other Bitcoin operations are registered from the table.
 */
export function registerCryptoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const create = operationById("createCryptoCharge");

  r.post(create.path, routeOptions(create), async (req, reply) => {
    const body = req.body as CreateCryptoCharge;
    const owner = await checkoutOwner(deps, req.principal, body.product_id);
    // The checkout budgets are spent inside the operation, after the Idempotency-Key's lookup,
    // so a payer's replay does not count against them. checkoutOwner refused a public creation
    // without a product, and found the product.
    const spend = !req.principal
      ? () => spendCheckoutBudget(deps, req, body.product_id ?? "")
      : async () => {};
    await sendIdempotent(
      deps,
      req,
      reply,
      create.output,
      async (db, write) => {
        await spend();
        return write(db);
      },
      {
        owner,
        noSecret: true,
        // The quote and the Lightning invoice, asked for after the stored answer was looked
        // for: a replay asks the node for nothing.
        prepare: () => startCryptoCharge(deps, owner, body, baseUrlOf(deps, req)),
      },
    );
  });

  r.get(
    "/api/crypto/charge/qr",
    {
      config: { auth: "none" },
      schema: {
        operationId: "getCryptoChargeQr",
        summary: "PNG QR code of a Bitcoin charge's payment URI (public)",
        produces: ["image/png"],
        tags: ["crypto"],
        querystring: ChargeIdSchema,
      },
    },
    async (req, reply) => {
      const payUri = await cryptoPaymentUri(deps, req.query.charge_id);
      return reply
        .type("image/png")
        .header("Cache-Control", "public, max-age=86400")
        .send(renderQrPng(payUri));
    },
  );
}
