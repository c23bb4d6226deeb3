import { z } from "zod";
import { AccountSecurityDataSchema } from "../audit/schemas.ts";
import type { EventType } from "../charges/charge-status.ts";
import { CHARGE_EVENT_DATA_SCHEMAS } from "../charges/event-data-schemas.ts";
import type { EventPayloadDeps } from "../event-payload.ts";
import { NotificationFailedDataSchema } from "../notifications/schemas.ts";
import { serializerFor } from "../schema-serializer.ts";
import { SubscriptionDataSchema } from "../subscriptions/schemas.ts";
import { TestEventDataSchema } from "../webhooks/schemas.ts";

// The catalogue of every event's `data` schema, gathered from the folders that own the events
// (each writes its payloads through its own schema, event-payload.ts), and what reads it: the
// webhook bodies, GET /api/events' items and the OpenAPI document's webhooks.

const charge = CHARGE_EVENT_DATA_SCHEMAS;

export const EVENT_DATA_SCHEMAS = {
  "charge.created": charge["charge.created"],
  "charge.pending": charge["charge.pending"],
  "charge.approved": charge["charge.approved"],
  "charge.declined": charge["charge.declined"],
  "charge.refund": charge["charge.refund"],
  "charge.updated": charge["charge.updated"],
  "charge.disputed": charge["charge.disputed"],
  "webhook.test": TestEventDataSchema,
  "payment.unmatched": charge["payment.unmatched"],
  "subscription.created": SubscriptionDataSchema,
  "subscription.approved": SubscriptionDataSchema,
  "subscription.rejected": SubscriptionDataSchema,
  "subscription.canceled": SubscriptionDataSchema,
  "subscription.expired": SubscriptionDataSchema,
  "notification.failed": NotificationFailedDataSchema,
  "account.security": AccountSecurityDataSchema,
} satisfies Record<EventType, z.ZodType>;

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
 * strict payloads (tests), where it is the error, and except data that was never written through
 * its schema (`unwritten`: a creation event's, drawn from its charge), which throws too, as its
 * writing through the schema did before.
 */
export function webhookBody(
  deps: EventPayloadDeps,
  e: { id: string; event: string; timestamp: string; data: unknown },
  /** The data was never written through its schema (drawn from a charge): never sent as is. */
  opts: { unwritten?: boolean } = {},
): string {
  const schema = BODY_SCHEMAS[e.event as EventType];
  const mustFit = deps.strictPayloads === true || opts.unwritten === true;
  if (!schema) {
    if (opts.unwritten) throw new Error(`event ${e.id}: no schema for ${e.event}`);
    return JSON.stringify(e);
  }
  try {
    return serializerFor(schema, { strict: deps.strictPayloads === true })(e);
  } catch (err) {
    if (mustFit) throw err;
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
