import type { z } from "zod";
import { serializerFor } from "./schema-serializer.ts";

// Every event's payload (its webhook `data`, and what GET /api/events shows) is written through
// its event's schema before it is stored: a field the schema does not declare never goes out,
// and under strict payloads (the tests) it is an error naming the field. The caller hands in the
// schema, from the folder that owns the event (charges/event-data-schemas.ts,
// subscriptions/schemas.ts, webhooks/schemas.ts), so this file knows no resource and any folder
// can write its events; events/event-data.ts gathers those schemas into the one catalogue that
// webhook bodies, GET /api/events and the OpenAPI document read.

export type EventPayloadDeps = {
  /** Undeclared or misfit fields throw instead of being dropped (tests). */
  strictPayloads?: boolean;
};

/** An event's payload as it is stored and sent: `data` written through its event's schema. */
export function eventPayload(
  deps: EventPayloadDeps,
  schema: z.ZodType,
  data: unknown,
): Record<string, unknown> {
  const write = serializerFor(schema, { strict: deps.strictPayloads === true });
  return JSON.parse(write(data)) as Record<string, unknown>;
}
