import { claimOverdue } from "../../db/queries/due-charges.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { announceClaimed, type ClaimedEventsPass } from "./claimed-events-pass.ts";

/**
 * One pass of the overdue job: each pending charge with a due date that became overdue (the day
 * after its due date, moved to a business day, began in Brazil) gets one charge.updated, its
 * data showing overdue true and the amount due with fine and interest. The claim and the events
 * share a transaction, so a charge is announced once: never twice, never lost. Returns how many.
 */
export function notifyOverdueCharges(
  deps: { db: Db; clock: Clock; random: Random },
  pass: ClaimedEventsPass = {},
): Promise<number> {
  return announceClaimed(deps, pass, claimOverdue, "charge.updated");
}
