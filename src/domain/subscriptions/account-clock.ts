import { testClockOffset } from "../../db/queries/subscriptions/test-clocks.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

// The sandbox test clock: an account's test mode may run ahead of the real clock (never behind),
// moved by POST /api/test-clock/advance (domain/test-clock/). Subscriptions read time through it,
// and so do a sandbox due-date charge's dates at creation; live mode always runs on the real
// clock. It lives here, where subscriptions first needed it, below the floors that read it.

export const offsetClock = (clock: Clock, ms: number): Clock =>
  ms === 0 ? clock : { now: () => new Date(clock.now().getTime() + ms), real: clock.real ?? clock };

export async function clockFor(
  deps: { db: Db; clock: Clock },
  who: { accountId: string; mode: Mode },
): Promise<Clock> {
  if (who.mode !== "test") return deps.clock;
  return offsetClock(deps.clock, await testClockOffset(deps.db, who.accountId));
}
