import { z } from "zod";
import type { EventType } from "../charges/charge-status.ts";
import { serializerFor } from "../schema-serializer.ts";
import { SubscriptionDataSchema } from "../subscriptions/schemas.ts";
import {
  ChargeDisputedDataSchema,
  ChargeEventDataSchema,
  TestEventDataSchema,
  UnmatchedPaymentDataSchema,
} from "../webhooks/schemas.ts";

// Every event's payload (its webhook `data`, and what GET /api/events shows) is written through
// its event's schema here, before it is stored: a field the schema does not declare never goes
// out, and under strict payloads (the tests) it is an error naming the field.

/** charge.updated about a refund the PSP did not make (live-confirm.ts) says why. */
export const ChargeUpdatedEventDataSchema = ChargeEventDataSchema.extend({
  refund: z
    .object({
      status: z.literal("failed"),
      reason: z.string(),
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

export const EVENT_DATA_SCHEMAS = {
  "charge.created": ChargeEventDataSchema,
  "charge.pending": ChargeEventDataSchema,
  "charge.approved": ChargeApprovedEventDataSchema,
  "charge.declined": ChargeEventDataSchema,
  "charge.refund": ChargeEventDataSchema,
  "charge.updated": ChargeUpdatedEventDataSchema,
  "charge.disputed": ChargeDisputedDataSchema,
  "webhook.test": TestEventDataSchema,
  "payment.unmatched": UnmatchedPaymentEventDataSchema,
  "subscription.created": SubscriptionDataSchema,
  "subscription.approved": SubscriptionDataSchema,
  "subscription.rejected": SubscriptionDataSchema,
  "subscription.canceled": SubscriptionDataSchema,
  "subscription.expired": SubscriptionDataSchema,
} satisfies Record<EventType, z.ZodType>;

export type EventPayloadDeps = {
  /** Undeclared or misfit fields throw instead of being dropped (tests). */
  strictPayloads?: boolean;
};

/** An event's payload as it is stored and sent: written through its event's schema. */
export function eventPayload(
  deps: EventPayloadDeps,
  type: EventType,
  data: unknown,
): Record<string, unknown> {
  const write = serializerFor(EVENT_DATA_SCHEMAS[type], { strict: deps.strictPayloads === true });
  return JSON.parse(write(data)) as Record<string, unknown>;
}

/** The body POSTed to a webhook for one event. */
export function webhookBodySchema<D extends z.ZodType>(event: string, data: D) {
  return z.object({
    id: z.string().describe("The event's id: the same on every retry, so discard repeats by it."),
    event: z.literal(event),
    timestamp: z.string().describe("When the event happened (ISO 8601)."),
    data,
  });
}

const BODY_SCHEMAS = Object.fromEntries(
  Object.entries(EVENT_DATA_SCHEMAS).map(([event, data]) => [
    event,
    webhookBodySchema(event, data),
  ]),
) as unknown as Record<EventType, z.ZodType>;

/**
 * A webhook body, written through its event's body schema. The payload was written through the
 * same schema when the event was stored; one this version cannot write (an event type or shape
 * from another version, during an upgrade) goes out as stored rather than never, except under
 * strict payloads (tests), where it is the error.
 */
export function webhookBody(
  deps: EventPayloadDeps,
  e: { id: string; event: string; timestamp: string; data: unknown },
): string {
  const schema = BODY_SCHEMAS[e.event as EventType];
  const strict = deps.strictPayloads === true;
  if (!schema) return JSON.stringify(e);
  try {
    return serializerFor(schema, { strict })(e);
  } catch (err) {
    if (strict) throw err;
    return JSON.stringify(e);
  }
}

/** GET /api/events' items: one shape per event type, told apart by `event`. */
export const EventViewSchema = z.discriminatedUnion(
  "event",
  (Object.keys(EVENT_DATA_SCHEMAS) as EventType[]).map((event) =>
    z.object({
      id: z.string(),
      event: z.literal(event),
      chargeId: z.string().nullable(),
      createdAt: z.string(),
      data: EVENT_DATA_SCHEMAS[event],
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
);
