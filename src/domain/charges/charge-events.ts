import type { ChargeRow } from "../../db/queries/charges.ts";
import type { NewEvent } from "../../db/queries/events.ts";
import type { Clock, Random } from "../deps.ts";
import { newId } from "../ids.ts";
import type { EventType } from "./charge-status.ts";
import { chargeData } from "./charge-view.ts";

/** An outbox event about a charge; its payload is the spec's webhook `data` object. */
export function chargeEvent(
  deps: { clock: Clock; random: Random },
  type: EventType,
  row: ChargeRow,
  payload: NewEvent["payload"] = chargeData(row),
): NewEvent {
  return {
    id: newId("evt", deps),
    accountId: row.accountId,
    mode: row.mode,
    type,
    chargeId: row.id,
    payload,
    createdAt: deps.clock.now(),
  };
}

/**
 * A new charge's charge.created and charge.pending, in that order. Both describe the same
 * state, so they share one payload object (which the writer then serialises once).
 */
export function creationEvents(deps: { clock: Clock; random: Random }, row: ChargeRow) {
  const payload = chargeData(row);
  return [
    chargeEvent(deps, "charge.created", row, payload),
    chargeEvent(deps, "charge.pending", row, payload),
  ];
}
