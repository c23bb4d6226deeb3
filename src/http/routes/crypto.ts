import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.ts";
import { ChargeIdSchema } from "../../domain/charges/schemas.ts";
import { cryptoPaymentUri } from "../../domain/crypto/read-crypto-charges.ts";
import { renderQrPng } from "../../qr/qr-png.ts";

/**
 * The QR image of a Bitcoin charge, by hand: its answer is a PNG, not the envelope of a data
 * schema. The Bitcoin operations, the public checkout's create included, are the table's
 * (operations/crypto.ts).
 */
export function registerCryptoRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
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
