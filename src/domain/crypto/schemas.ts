import { z } from "zod";
import {
  Brl,
  ChargePageFields,
  ChargeViewSchema,
  Cpf,
  Email,
  ListChargesArgsSchema,
  ListChargesQuerySchema,
  ReceiptUrlField,
} from "../charges/schemas.ts";

export const ActivateWalletSchema = z.strictObject({
  key: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(400, "must be at most 400 characters")
    .describe(
      "An account-level extended public key (xpub, zpub; tpub, vpub for test networks) or a wpkh(...) descriptor.",
    ),
  network: z
    .enum(["testnet", "signet"])
    .optional()
    .describe("For tpub/vpub keys: which test network (default testnet)."),
});

export const CreateCryptoChargeSchema = z.strictObject({
  value: Brl.optional().describe(
    "Amount in BRL; with product_id it may be omitted (the product's value is used), except for a pay-what-you-want product (within its open_amount bounds).",
  ),
  product_name: z.string().trim().max(140, "must be at most 140 characters").optional(),
  product_id: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(64, "must be at most 64 characters")
    .optional(),
  customer_name: z.string().trim().max(200, "must be at most 200 characters").optional(),
  customer_email: Email.optional(),
  customer_cpf: Cpf.optional().describe(
    "The payer's CPF (valid check digits; stored as 11 digits), as on PIX charges.",
  ),
});
export type CreateCryptoCharge = z.output<typeof CreateCryptoChargeSchema>;

export const QuoteQuerySchema = z.strictObject({
  brl: z.coerce
    .number()
    .positive("must be greater than 0")
    .max(10_000_000_000, "is too large")
    .optional(),
});

export const WalletViewSchema = z.object({
  network: z.enum(["mainnet", "testnet", "signet"]),
  fingerprint: z.string(),
  descriptor: z.string(),
  nextIndex: z.number(),
  generated: z.boolean(),
  livemode: z.boolean(),
  unpaidAddresses: z.number(),
  gapWarning: z.string().nullable(),
  reusedAddresses: z
    .number()
    .describe(
      "How many times this key's addresses were handed out again: an address whose charge expired unpaid, unused on the chain, went to a later charge instead of a new index.",
    ),
  pooledAddresses: z.number().describe("Addresses waiting in the pool to be handed out again."),
  unmatchedPayments: z
    .number()
    .describe(
      "Payments to addresses handed out again that matched no charge's amount (payment.unmatched events).",
    ),
});

export const CryptoChargeCreatedSchema = z.object({
  chargeId: z.string(),
  status: z.string(),
  statusCode: z.string(),
  amountBrl: z.number(),
  amountCrypto: z.string(),
  address: z.string(),
  copyAddress: z.string(),
  payUri: z.string(),
  qrCodeImage: z.string(),
  expiresAt: z.string(),
  provider: z.literal("crypto"),
  livemode: z.boolean(),
  paymentUrl: z
    .string()
    .describe("The charge's hosted payment page (QR, address, live status) to send a payer to."),
  lightningInvoice: z
    .string()
    .nullable()
    .optional()
    .describe(
      "The BOLT11 invoice of the same amount (also in payUri as lightning=), or null when the charge has none.",
    ),
  lightning: z
    .enum(["included", "lightning_only", "simulated", "not_connected", "unavailable"])
    .optional()
    .describe(
      "Lightning on this charge: included (unified QR), lightning_only (below the on-chain dust limit), simulated (sandbox invoice, no node), not_connected, unavailable (the node did not answer: on-chain only).",
    ),
  lightningNote: z
    .string()
    .optional()
    .describe("Why the charge is Lightning-only or on-chain only."),
});

export const CryptoStatusSchema = CryptoChargeCreatedSchema.omit({
  paymentUrl: true,
  lightning: true,
  lightningNote: true,
}).extend({
  paymentMethod: z
    .enum(["lightning", "onchain"])
    .nullable()
    .optional()
    .describe("How an approved charge was paid (null while unpaid)."),
  amountReceived: z.string(),
  paidLate: z.boolean(),
  simulated: z.boolean(),
  network: z.string(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  updatedAt: z.string(),
  product_id: z.string().nullable().optional(),
  product_name: z.string().nullable().optional(),
  customer_name: z.string().nullable().optional(),
  customer_email: z.string().nullable().optional(),
  customer_cpf: z.string().nullable().optional(),
});
/** A Bitcoin charge's status read: the list item's fields, and once paid its receipt page. */
export const CryptoStatusViewSchema = CryptoStatusSchema.extend({ receiptUrl: ReceiptUrlField });

export const QuoteSchema = z.object({
  pair: z.literal("BTC/BRL"),
  price: z.number().describe("BRL per BTC."),
  brl: z.number().nullable(),
  btc: z.string().nullable().describe("BTC for `brl`, 8 decimals."),
  sources: z.array(
    z.object({
      name: z.string(),
      price: z.number().nullable(),
      ok: z.boolean(),
      error: z.string().optional(),
    }),
  ),
  updatedAt: z.string(),
  validUntil: z.string(),
});

/** Any charge in its own kind of view (simulate-pay answers a PIX or a Bitcoin charge). */
export const AnyChargeViewSchema = z.union([ChargeViewSchema, CryptoStatusSchema]);
export const CryptoChargeListSchema = z.object({
  charges: z.array(CryptoStatusSchema),
  ...ChargePageFields,
});
/** The Bitcoin list takes the PIX list's paging and filters. */
export const ListCryptoChargesQuerySchema = ListChargesQuerySchema;
export const ListCryptoChargesArgsSchema = ListChargesArgsSchema;
