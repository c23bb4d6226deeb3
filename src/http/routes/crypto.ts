import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { ChargeIdSchema, ListChargesQuerySchema } from "../../domain/charges/schemas.ts";
import { spendCheckoutBudget } from "../../domain/checkout/checkout-budget.ts";
import { checkoutOwner } from "../../domain/checkout/checkout-owner.ts";
import { startCryptoCharge } from "../../domain/crypto/create-crypto-charge.ts";
import { quoteView } from "../../domain/crypto/quote.ts";
import {
  cryptoChargeStatus,
  cryptoPaymentUri,
  listCryptoCharges,
} from "../../domain/crypto/read-crypto-charges.ts";
import {
  ActivateWalletSchema,
  CreateCryptoChargeSchema,
  CryptoChargeCreatedSchema,
  CryptoChargeListSchema,
  CryptoStatusSchema,
  QuoteQuerySchema,
  QuoteSchema,
  WalletViewSchema,
} from "../../domain/crypto/schemas.ts";
import { activateWallet, getWallet } from "../../domain/crypto/wallets.ts";
import { renderQrPng } from "../../qr/qr-png.ts";
import { okEnvelope } from "../envelope.ts";
import { sendIdempotent } from "../idempotent-reply.ts";
import { principalOf } from "../plugins/guard.ts";

const tags = ["crypto"];

export function registerCryptoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const crypto = deps.crypto;

  r.post(
    "/api/crypto/wallet",
    {
      config: { auth: "required" },
      schema: {
        operationId: "activateCryptoWallet",
        summary: "Activate the Bitcoin wallet (watch-only) of this mode",
        tags,
        body: ActivateWalletSchema,
        response: { 200: okEnvelope(WalletViewSchema) },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        WalletViewSchema,
        (db) => activateWallet({ ...deps, db }, who, req.body),
        { noSecret: true },
      );
    },
  );

  r.get(
    "/api/crypto/wallet",
    {
      config: { auth: "required" },
      schema: {
        operationId: "getCryptoWallet",
        summary: "The wallet: network, fingerprint, next index, gap warning",
        tags,
        response: { 200: okEnvelope(WalletViewSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getWallet(deps, principalOf(req), crypto.testNetwork),
    }),
  );

  r.get(
    "/api/crypto/quote",
    {
      config: { auth: "none" },
      schema: {
        operationId: "getCryptoQuote",
        summary: "BTC/BRL quotation (public)",
        tags,
        querystring: QuoteQuerySchema,
        response: { 200: okEnvelope(QuoteSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await quoteView(crypto, req.query) }),
  );

  r.post(
    "/api/crypto/charge/create",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "createCryptoCharge",
        summary:
          "Create a Bitcoin charge; without a token, product_id is required (public checkout)",
        tags,
        body: CreateCryptoChargeSchema,
        response: { 200: okEnvelope(CryptoChargeCreatedSchema) },
      },
    },
    async (req, reply) => {
      const owner = await checkoutOwner(deps, req.principal, req.body.product_id);
      const create = await startCryptoCharge(deps, owner, req.body, baseUrlOf(deps, req));
      // The checkout budgets are spent inside the operation, after the Idempotency-Key's
      // lookup, so a payer's replay does not count against them. checkoutOwner refused a
      // public creation without a product, and found the product.
      const spend = !req.principal
        ? () => spendCheckoutBudget(deps, req, req.body.product_id ?? "")
        : async () => {};
      await sendIdempotent(
        deps,
        req,
        reply,
        CryptoChargeCreatedSchema,
        async (db) => {
          await spend();
          return create(db);
        },
        { owner, noSecret: true },
      );
    },
  );

  r.get(
    "/api/crypto/charge/status",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "getCryptoChargeStatus",
        summary: "Status of a Bitcoin charge; without a token, no customer data",
        tags,
        querystring: ChargeIdSchema,
        response: { 200: okEnvelope(CryptoStatusSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await cryptoChargeStatus(
        deps,
        req.principal,
        req.query.charge_id,
        baseUrlOf(deps, req),
      ),
    }),
  );

  r.get(
    "/api/crypto/charge/qr",
    {
      config: { auth: "none" },
      schema: {
        operationId: "getCryptoChargeQr",
        summary: "PNG QR code of a Bitcoin charge's payment URI (public)",
        produces: ["image/png"],
        tags,
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

  r.get(
    "/api/crypto/charges",
    {
      config: { auth: "required" },
      schema: {
        operationId: "listCryptoCharges",
        summary: "Recent Bitcoin charges, newest first",
        tags,
        querystring: ListChargesQuerySchema,
        response: { 200: okEnvelope(CryptoChargeListSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listCryptoCharges(deps, principalOf(req), req.query, baseUrlOf(deps, req)),
    }),
  );
}
