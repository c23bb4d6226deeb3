import type { ChargeOrigin } from "../../db/queries/events.ts";
import { type EventPayloadDeps, eventPayload } from "../event-payload.ts";
import { chargeData } from "./charge-view.ts";
import { CHARGE_EVENT_DATA_SCHEMAS } from "./event-data-schemas.ts";

// A charge's creation events (charge.created, charge.pending) are stored without their data
// (migration 0022): it is the charge as created, which the charge's row still holds, since the
// fields it shows never change after creation and the ones that do are fixed for these events
// (status pending, approvedAt null, no amountReceived). Drawn here, through the same schema as
// when it was stored, it is the same object, so webhook bodies and GET /api/events are
// byte-for-byte what they were when the data was stored (test/db/thin-events.test.ts).

/** The data object (before its event's schema) of a creation event of the charge `origin`. */
export function creationChargeData(origin: ChargeOrigin) {
  // A period's debit declined later writes its reason into details: not part of the charge as
  // created.
  const { decline_reason: _later, ...details } = origin.details;
  return chargeData(
    {
      ...origin,
      details,
      status: "pending",
      approvedAt: null,
      receivedCents: 0,
      amountPaidCents: null,
    },
    origin.createdAt,
  );
}

/** The data of a creation event of the charge whose fields are `origin`. */
export function creationData(deps: EventPayloadDeps, origin: ChargeOrigin) {
  return eventPayload(
    deps,
    CHARGE_EVENT_DATA_SCHEMAS["charge.created"],
    creationChargeData(origin),
  );
}

/** The fields of a charge's row that its creation data is drawn from. */
export function originOfRow(row: ChargeOrigin): ChargeOrigin {
  return {
    id: row.id,
    mode: row.mode,
    externalId: row.externalId,
    valueCents: row.valueCents,
    title: row.title,
    productId: row.productId,
    details: row.details,
    provider: row.provider,
    createdAt: row.createdAt,
    dueTerms: row.dueTerms ?? null,
    subscriptionId: row.subscriptionId ?? null,
  };
}

/**
 * An event's data before its schema is applied: its stored payload, else its charge as created
 * (creationChargeData). For a writer that writes it through the event's schema anyway (a webhook
 * body, whose schema holds the data's): one pass through the schema instead of two, the same
 * bytes (test/db/thin-events.test.ts).
 */
export function eventDataToWrite(e: {
  id: string;
  payload: Record<string, unknown> | null;
  origin: ChargeOrigin | null;
}): Record<string, unknown> {
  if (e.payload !== null) return e.payload;
  if (e.origin === null) throw new Error(`event ${e.id}: no payload and no charge to draw it from`);
  return creationChargeData(e.origin);
}

/** An event's data as read: its stored payload, else drawn from its charge (creation events). */
export function eventDataOf(
  deps: EventPayloadDeps,
  e: { id: string; payload: Record<string, unknown> | null; origin: ChargeOrigin | null },
): Record<string, unknown> {
  if (e.payload !== null) return e.payload;
  // Charges are never deleted (retention keeps them), so an event without payload has its charge.
  if (e.origin === null) throw new Error(`event ${e.id}: no payload and no charge to draw it from`);
  return creationData(deps, e.origin);
}
