import { z } from "zod";
import { ChargeIdSchema } from "../domain/charges/schemas.ts";
import { startCryptoCharge } from "../domain/crypto/create-crypto-charge.ts";
import { quoteView } from "../domain/crypto/quote.ts";
import { cryptoChargeStatus, listCryptoCharges } from "../domain/crypto/read-crypto-charges.ts";
import {
  ActivateWalletSchema,
  CreateCryptoChargeSchema,
  CryptoChargeCreatedSchema,
  CryptoChargeListSchema,
  CryptoStatusViewSchema,
  ListCryptoChargesArgsSchema,
  ListCryptoChargesQuerySchema,
  QuoteQuerySchema,
  QuoteSchema,
  WalletViewSchema,
} from "../domain/crypto/schemas.ts";
import { activateWallet, getWallet } from "../domain/crypto/wallets.ts";
import { exportCharges } from "../domain/exports/export-charges.ts";
import { ExportChargesQuerySchema } from "../domain/exports/export-schema.ts";
import { keyActor, operation } from "./operation.ts";

const tags = ["crypto"];

export const CRYPTO_OPERATIONS = [
  operation({
    id: "activateCryptoWallet",
    method: "POST",
    path: "/api/crypto/wallet",
    auth: "required",
    scope: "wallet:write",
    summary: "Activate the Bitcoin wallet (watch-only) of this mode",
    tags,
    input: ActivateWalletSchema,
    output: WalletViewSchema,
    stored: "plain",
    run: (c, input) => activateWallet(c.deps, c.principal, input, keyActor(c)),
  }),
  operation({
    id: "getCryptoWallet",
    method: "GET",
    path: "/api/crypto/wallet",
    auth: "required",
    scope: "wallet:read",
    summary: "The wallet: network, fingerprint, next index, gap warning",
    tags,
    output: WalletViewSchema,
    run: (c) => getWallet(c.deps, c.principal, c.deps.crypto.testNetwork),
  }),
  operation({
    id: "getCryptoQuote",
    method: "GET",
    path: "/api/crypto/quote",
    auth: "none",
    summary: "BTC/BRL quotation (public)",
    tags,
    input: QuoteQuerySchema,
    output: QuoteSchema,
    run: (c, input) => quoteView(c.deps.crypto, input),
    tool: {
      name: "get_crypto_quote",
      description:
        "BTC/BRL quotation: price in BRL per BTC, each source's answer, and with brl what that amount is in BTC.",
    },
  }),
  operation({
    id: "createCryptoCharge",
    method: "POST",
    path: "/api/crypto/charge/create",
    // The public checkout: without a token, by product_id.
    auth: "optional",
    publicCheckout: true,
    scope: "charges:write",
    summary: "Create a Bitcoin charge; without a token, product_id is required (public checkout)",
    tags,
    input: CreateCryptoChargeSchema,
    output: CryptoChargeCreatedSchema,
    stored: "plain",
    // The quote and the chain are asked before the write's transaction.
    prepare: (c, input) => startCryptoCharge(c.deps, c.principal, input, c.baseUrl),
    run: (c, _input, create) => create(c.deps.db),
    tool: {
      name: "create_crypto_charge",
      description:
        "Create a Bitcoin charge paid to the merchant's own wallet: address, payUri (BIP21), QR image URL and paymentUrl (a hosted page to send the payer to).",
    },
  }),
  operation({
    id: "getCryptoChargeStatus",
    method: "GET",
    path: "/api/crypto/charge/status",
    // Without a token (the payment page), the public view without customer data.
    auth: "optional",
    scope: "charges:read",
    summary: "Status of a Bitcoin charge; without a token, no customer data",
    tags,
    input: ChargeIdSchema,
    output: CryptoStatusViewSchema,
    // The same use case, and so the same ownership check, for the tool and the route.
    run: (c, input) => cryptoChargeStatus(c.deps, c.caller, input.charge_id, c.baseUrl),
    tool: {
      name: "get_crypto_charge_status",
      description: "Status of a Bitcoin charge (asks the chain while pending).",
    },
  }),
  operation({
    id: "listCryptoCharges",
    method: "GET",
    path: "/api/crypto/charges",
    auth: "required",
    scope: "charges:read",
    summary: "Recent Bitcoin charges, newest first",
    tags,
    input: ListCryptoChargesQuerySchema,
    args: ListCryptoChargesArgsSchema,
    output: CryptoChargeListSchema,
    run: (c, input) => listCryptoCharges(c.deps, c.principal, input, c.baseUrl),
    tool: {
      name: "list_crypto_charges",
      description:
        "Recent Bitcoin charges of this account and mode, newest first, as stored (limit 1..200, default 50; offset; filters status, created_from, created_to, external_id, customer_email).",
    },
  }),
  operation({
    id: "exportCryptoCharges",
    method: "GET",
    path: "/api/crypto/charges/export",
    auth: "required",
    scope: "exports:read",
    summary:
      "Bitcoin charges as a CSV file (the list's filters; every matching row, streamed, newest first)",
    tags,
    input: ExportChargesQuerySchema,
    output: z.string(),
    streamed: {
      contentType: "text/csv; charset=utf-8; header=present",
      filename: "crypto-charges.csv",
    },
    run: async (c, input) => exportCharges(c.deps, c.principal, "crypto", input),
  }),
];
