import type { ChargeRow } from "../../db/queries/charges.ts";
import { deliverAtOf, type NewEvent } from "../../db/queries/events.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import { type EventPayloadDeps, eventPayload } from "../event-payload.ts";
import { newId } from "../ids.ts";
import type { ChargeEventType } from "./charge-status.ts";
import { chargeData } from "./charge-view.ts";
import { creationChargeData, originOfRow } from "./event-data-of.ts";
import { CHARGE_EVENT_DATA_SCHEMAS } from "./event-data-schemas.ts";

type Deps = { clock: Clock; random: Random } & EventPayloadDeps;

/**
 * An outbox event about a charge; its payload is the spec's webhook `data` object, written
 * through the event's schema (event-data-schemas.ts).
 */
export function chargeEvent(
  deps: Deps,
  type: ChargeEventType,
  row: ChargeRow,
  data: unknown = chargeData(row),
): NewEvent {
  return {
    id: newId("evt", deps),
    accountId: row.accountId,
    mode: row.mode,
    type,
    chargeId: row.id,
    payload: eventPayload(deps, CHARGE_EVENT_DATA_SCHEMAS[type], data),
    createdAt: deps.clock.now(),
    ...deliverAtOf(deps.clock),
  };
}

/**
 * A new charge's charge.created and charge.pending, in that order. Both describe the charge as
 * created, which its row keeps: they are stored without payload and their data is drawn from the
 * row when read (event-data-of.ts). A charge created in another state (none is today)
 * would have its data stored, once, shared by both events.
 */
export function creationEvents(deps: Deps, row: ChargeRow) {
  const data = chargeData(row);
  // Stored without payload only when the data drawn from the row is exactly this one: a field a
  // later feature adds to the data object but not to what is drawn (ChargeOrigin) makes the
  // event keep its payload, never read back different. Compared before the event's schema
  // writes them (the same function of equal objects), so the usual create serialises nothing.
  const asCreated = row.status === "pending" && row.approvedAt === null && row.receivedCents === 0;
  const drawable =
    asCreated && JSON.stringify(creationChargeData(originOfRow(row))) === JSON.stringify(data);
  const payload = drawable
    ? null
    : eventPayload(deps, CHARGE_EVENT_DATA_SCHEMAS["charge.created"], data);
  const event = (type: ChargeEventType): NewEvent => ({
    id: newId("evt", deps),
    accountId: row.accountId,
    mode: row.mode,
    type,
    chargeId: row.id,
    payload,
    createdAt: deps.clock.now(),
    ...deliverAtOf(deps.clock),
  });
  return [event("charge.created"), event("charge.pending")];
}
