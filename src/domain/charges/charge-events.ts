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
 * row when read (event-data-of.ts). A charge created in another state (none is today), or with a
 * field that drawing leaves out (a decline reason), has its data stored, once, shared by both.
 */
export function creationEvents(deps: Deps, row: ChargeRow) {
  // That the data drawn from the row is exactly chargeData(row) is proven by the tests, not on
  // every create (it cost a second chargeData and two JSON.stringify, ~9 % of a sandbox create's
  // CPU): under strict payloads, as every test runs, it is checked here and a difference throws
  // (a field a later feature adds to the data object but not to what is drawn), and
  // test/property/creation-events.prop.test.ts checks it over rows of every shape.
  const drawable =
    row.status === "pending" &&
    row.approvedAt === null &&
    row.receivedCents === 0 &&
    row.details.decline_reason === undefined;
  if (drawable && deps.strictPayloads === true) assertDrawnBack(row);
  const payload = drawable
    ? null
    : eventPayload(deps, CHARGE_EVENT_DATA_SCHEMAS["charge.created"], chargeData(row));
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

/** Throws unless a creation event's data drawn from `row` is chargeData(row), field by field. */
export function assertDrawnBack(row: ChargeRow): void {
  const drawn = JSON.stringify(creationChargeData(originOfRow(row)));
  const data = JSON.stringify(chargeData(row));
  if (drawn !== data) {
    throw new Error(`charge ${row.id}: its creation data drawn back differs:\n${drawn}\n${data}`);
  }
}
