import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { budgetSpent, drainBatches } from "../batch-drain.ts";
import { chargeEvent } from "./charge-events.ts";
import type { ChargeEventType } from "./charge-status.ts";

export type ClaimedEventsPass = {
  /** Charges claimed per transaction (one statement, and one bulk INSERT of their events). */
  batch?: number;
  /** A pass stops taking new batches after this long (the next pass carries on). */
  budgetMs?: number;
};

/**
 * The pass the expiry and overdue jobs share: `claim` takes a batch of charges (moving them, or
 * marking them announced) and each gets one `type` event, in the claim's transaction, so a
 * charge is announced once: never twice, never lost. Safe to run in every instance at once
 * when the claim uses SKIP LOCKED. Returns how many charges it claimed.
 */
export function announceClaimed(
  deps: { db: Db; clock: Clock; random: Random },
  pass: ClaimedEventsPass,
  claim: (db: Db, c: { at: Date; limit: number }) => Promise<ChargeRow[]>,
  type: ChargeEventType,
): Promise<number> {
  const batch = pass.batch ?? 1000;
  return drainBatches(deps.db, batch, budgetSpent(pass.budgetMs ?? 4000), async (db) => {
    const rows = await claim(db, { at: deps.clock.now(), limit: batch });
    await insertEvents(
      db,
      rows.map((r) => chargeEvent(deps, type, r)),
    );
    return rows.length;
  });
}
