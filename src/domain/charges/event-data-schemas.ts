import { z } from "zod";
import type { ChargeEventType } from "./charge-status.ts";
import { ChargeViewSchema, RefundViewSchema } from "./schemas.ts";

// The `data` of every event about a charge or a payment, one schema per event type. The charge's
// own folder keeps them, beside the view they are drawn from, so a charge event is written
// (charge-events.ts) without the catalogue of every resource's events (events/event-data.ts),
// which takes them from here.

/** The `data` of a charge event: the spec's webhook data object (charge-view.ts chargeData). */
export const ChargeEventDataSchema = ChargeViewSchema.omit({
  brCode: true,
  expiresAt: true,
  updatedAt: true,
});

/**
 * The `data` of charge.disputed (live-dispute.ts): the charge, still approved, and the MED
 * devolução the payer's bank made on its payment.
 */
export const ChargeDisputedDataSchema = ChargeEventDataSchema.extend({
  dispute: z.object({
    id: z.string().describe("The devolução's id at the PSP."),
    endToEndId: z.string().describe("The payment it claws back."),
    nature: z
      .string()
      .describe("MED_OPERACIONAL (an operational failure) or MED_FRAUDE (suspected fraud)."),
    status: z
      .string()
      .describe("The devolução's status: EM_PROCESSAMENTO, DEVOLVIDO or NAO_REALIZADO."),
    value: z.number().describe("The amount clawed back, in BRL."),
    reason: z.string().nullable().describe("The PSP's words (motivo), when it gives them."),
  }),
});

/** The `data` of payment.unmatched (live-unmatched.ts): a Pix received for no charge. */
export const UnmatchedPaymentDataSchema = z.object({
  kind: z.literal("pix"),
  id: z.string().describe("The unmatched payment's id (upm_...)."),
  endToEndId: z.string(),
  txid: z
    .string()
    .nullable()
    .describe("The cob's txid the payer paid: one no charge holds, or chargeId's."),
  chargeId: z
    .string()
    .nullable()
    .optional()
    .describe(
      "A second payment to a charge already paid (its txid): that charge. Absent or null when no charge holds the txid.",
    ),
  value: z.number().describe("Amount received, in BRL."),
  paidAt: z.string().nullable(),
  source: z.enum(["notification", "reconciliation", "sweep"]),
  livemode: z.literal(true),
});

/** charge.refund: the refund that was made (absent on events written before refunds had ids). */
export const ChargeRefundEventDataSchema = ChargeEventDataSchema.extend({
  refund: RefundViewSchema.optional().describe(
    "The refund this event is about (each refund, partial or whole, fires its own charge.refund).",
  ),
});

/** charge.updated about a refund the PSP did not make (live-refund.ts) says why. */
export const ChargeUpdatedEventDataSchema = ChargeEventDataSchema.extend({
  refund: z
    .object({
      status: z.literal("failed"),
      reason: z.string(),
      id: z.string().optional().describe("The refund's id (rfd_...)."),
      value: z.number().optional().describe("The refund's amount, in BRL."),
    })
    .optional()
    .describe("Present when the update is a refund the PSP did not make."),
});

/**
 * payment.unmatched of a Bitcoin address: money seen on an address that more than one charge has
 * held, whose amount matches none of them that can still be paid
 * (docs/decisions/0005-bitcoin-address-reuse.md).
 */
export const UnmatchedBitcoinPaymentDataSchema = z.object({
  kind: z.literal("bitcoin"),
  address: z.string(),
  txid: z.string(),
  amountSats: z.number(),
  amountCrypto: z.string(),
  network: z.enum(["mainnet", "testnet", "signet"]),
  chargeIds: z.array(z.string()).describe("The charges that have held the address, oldest first."),
  livemode: z.boolean(),
  seenAt: z.string(),
});

/**
 * payment.unmatched: money that reached the merchant for no charge, a Pix for a txid no charge
 * holds (live-unmatched.ts) or Bitcoin on a reused address (address-reuse.ts); `kind` tells them
 * apart.
 */
export const UnmatchedPaymentEventDataSchema = z.discriminatedUnion("kind", [
  UnmatchedPaymentDataSchema,
  UnmatchedBitcoinPaymentDataSchema,
]);

/** charge.approved of a Bitcoin charge says how it was paid (docs/lightning.md). */
export const ChargeApprovedEventDataSchema = ChargeEventDataSchema.extend({
  paymentMethod: z
    .enum(["lightning", "onchain"])
    .optional()
    .describe("Bitcoin charges: paid over Lightning (the invoice) or on-chain (the address)."),
});

/** Each charge or payment event's data schema: what chargeEvent writes its payload through. */
export const CHARGE_EVENT_DATA_SCHEMAS = {
  "charge.created": ChargeEventDataSchema,
  "charge.pending": ChargeEventDataSchema,
  "charge.approved": ChargeApprovedEventDataSchema,
  "charge.declined": ChargeEventDataSchema,
  "charge.refund": ChargeRefundEventDataSchema,
  "charge.updated": ChargeUpdatedEventDataSchema,
  "charge.disputed": ChargeDisputedDataSchema,
  "payment.unmatched": UnmatchedPaymentEventDataSchema,
} satisfies Record<ChargeEventType, z.ZodType>;
