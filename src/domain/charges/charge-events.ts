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
): NewEvent {
  return {
    id: newId("evt", deps),
    accountId: row.accountId,
    mode: row.mode,
    type,
    chargeId: row.id,
    payload: chargeData(row),
    createdAt: deps.clock.now(),
  };
}
