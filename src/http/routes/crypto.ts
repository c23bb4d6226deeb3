import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatBtc } from "../../bitcoin/payment-uri.ts";
import { findCharge, findChargeById, listCharges } from "../../db/queries/charges.ts";
import { findProductById } from "../../db/queries/products.ts";
import { ChargeIdSchema, ListChargesQuerySchema } from "../../domain/charges/schemas.ts";
import { createCryptoCharge, satsFor } from "../../domain/crypto/create-crypto-charge.ts";
import { cryptoView } from "../../domain/crypto/crypto-view.ts";
import { currentQuote, quoteAhead } from "../../domain/crypto/quote.ts";
import {
  ActivateWalletSchema,
  CreateCryptoChargeSchema,
  CryptoChargeCreatedSchema,
  CryptoStatusSchema,
  QuoteQuerySchema,
  QuoteSchema,
  WalletViewSchema,
} from "../../domain/crypto/schemas.ts";
import { activateWallet, getWallet } from "../../domain/crypto/wallets.ts";
import { readCryptoCharge } from "../../domain/crypto/watch-chain.ts";
import { AppError, badRequest, notFound } from "../../domain/errors.ts";
import type { Principal } from "../../domain/mode.ts";
import { brlToCents, centsToBrl } from "../../domain/money.ts";
import { renderQrPng } from "../../qr/qr-png.ts";
import type { AppDeps } from "../app-deps.ts";
import { okEnvelope } from "../envelope.ts";
import { sendIdempotent } from "../idempotent-reply.ts";
import { principalOf } from "../plugins/guard.ts";

const tags = ["crypto"];

/** The public base of links we hand out: the configured URL, else the one the caller used. */
export function baseUrlOf(deps: AppDeps, req: FastifyRequest): string {
  return deps.config.baseUrl ?? `${req.protocol}://${req.host}`;
}

export function registerCryptoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const crypto = deps.crypto;

  r.post(
    "/api/crypto/wallet",
    {
      config: { auth: "required" },
      schema: {
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
        summary: "BTC/BRL quotation (public)",
        tags,
        querystring: QuoteQuerySchema,
        response: { 200: okEnvelope(QuoteSchema) },
      },
    },
    async (req) => {
      // The input is checked before the price sources are asked: a bad amount is the caller's
      // 422 whether or not a price is available.
      const brlCents = req.query.brl === undefined ? undefined : brlToCents(req.query.brl);
      if (req.query.brl !== undefined && brlCents === undefined)
        throw new AppError("UNPROCESSABLE", "brl: must have at most 2 decimal places");
      const q = await currentQuote(crypto.quotes);
      return {
        success: true as const,
        data: {
          pair: "BTC/BRL" as const,
          price: centsToBrl(q.priceCents),
          brl: brlCents === undefined ? null : centsToBrl(brlCents),
          btc: brlCents === undefined ? null : formatBtc(satsFor(brlCents, q.priceCents, "brl")),
          sources: q.sources.map((s) => ({
            name: s.name,
            price: s.priceCents === undefined ? null : centsToBrl(s.priceCents),
            ok: s.ok,
            ...(s.error ? { error: s.error } : {}),
          })),
          updatedAt: q.updatedAt.toISOString(),
          validUntil: new Date(q.updatedAt.getTime() + crypto.quoteValidMs).toISOString(),
        },
      };
    },
  );

  r.post(
    "/api/crypto/charge/create",
    {
      config: { auth: "optional" },
      schema: {
        summary:
          "Create a Bitcoin charge; without a token, product_id is required (public checkout)",
        tags,
        body: CreateCryptoChargeSchema,
        response: { 200: okEnvelope(CryptoChargeCreatedSchema) },
      },
    },
    async (req, reply) => {
      const owner = req.principal ?? (await checkoutOwner(deps, req.body.product_id));
      const baseUrl = baseUrlOf(deps, req);
      const priced = await quoteAhead(deps.crypto.quotes);
      await sendIdempotent(
        deps,
        req,
        reply,
        (db) =>
          db.transaction((tx) =>
            createCryptoCharge({ ...deps, db: tx }, owner, req.body, baseUrl, priced),
          ),
        { owner, noSecret: true },
      );
    },
  );

  r.get(
    "/api/crypto/charge/status",
    {
      config: { auth: "optional" },
      schema: {
        summary: "Status of a Bitcoin charge; without a token, no customer data",
        tags,
        querystring: ChargeIdSchema,
        response: { 200: okEnvelope(CryptoStatusSchema) },
      },
    },
    async (req) => {
      const id = req.query.charge_id;
      const who = req.principal;
      const found = who ? await findOwn(deps, who, id) : await findChargeById(deps.db, id);
      if (!found?.crypto) throw notFound(`charge_id: charge ${id} not found`);
      const fresh = await readCryptoCharge({ ...deps, ...crypto }, found);
      return {
        success: true as const,
        data: cryptoView(fresh, baseUrlOf(deps, req), { public: !who }),
      };
    },
  );

  r.get(
    "/api/crypto/charge/qr",
    {
      config: { auth: "none" },
      schema: {
        summary: "PNG QR code of a Bitcoin charge's payment URI (public)",
        tags,
        querystring: ChargeIdSchema,
      },
    },
    async (req, reply) => {
      const row = await findChargeById(deps.db, req.query.charge_id);
      if (!row?.crypto) throw notFound(`charge_id: charge ${req.query.charge_id} not found`);
      return reply
        .type("image/png")
        .header("Cache-Control", "public, max-age=86400")
        .send(renderQrPng(row.crypto.payUri));
    },
  );

  r.get(
    "/api/crypto/charges",
    {
      config: { auth: "required" },
      schema: {
        summary: "Recent Bitcoin charges, newest first",
        tags,
        querystring: ListChargesQuerySchema,
        response: { 200: okEnvelope(z.object({ charges: z.array(CryptoStatusSchema) })) },
      },
    },
    async (req) => {
      const who = principalOf(req);
      const rows = await listCharges(deps.db, { ...who, method: "crypto", limit: req.query.limit });
      return {
        success: true as const,
        data: {
          charges: rows.map((row) => cryptoView(row, baseUrlOf(deps, req), { public: false })),
        },
      };
    },
  );
}

/**
 * The public checkout has no token: the product names the account and mode (and its price is
 * the amount), so a product id is required.
 */
async function checkoutOwner(deps: AppDeps, productId: string | undefined): Promise<Principal> {
  if (!productId) {
    throw badRequest("product_id: is required without an Authorization token (public checkout)");
  }
  const product = await findProductById(deps.db, productId);
  if (!product) throw notFound(`product_id: product ${productId} not found`);
  return { accountId: product.accountId, mode: product.mode, tokenId: "public-checkout" };
}

function findOwn(deps: AppDeps, who: Principal, id: string) {
  return findCharge(deps.db, { accountId: who.accountId, mode: who.mode, id });
}
