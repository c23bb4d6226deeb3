import { advanceTestClock, testClockOffset } from "../../db/queries/subscriptions/test-clocks.ts";
import { claimOverdueOf, expireDueOf } from "../../db/queries/test-clock-claims.ts";
import type { Principal } from "../../kernel/mode.ts";
import { EVENT_FOR_STATUS } from "../charges/charge-status.ts";
import { announceClaimed } from "../charges/claimed-events-pass.ts";
import { forbidden } from "../errors.ts";
import type { MailPass } from "../notifications/mail-pass.ts";
import { offsetClock } from "../subscriptions/account-clock.ts";
import { billingPassFor, emptyTally } from "../subscriptions/billing.ts";
import type { SubscriptionDeps } from "../subscriptions/create-subscription.ts";

// The sandbox test clock (docs/pix.md, "Test clock"): an account's test mode runs ahead of
// the real clock by whole days, and moving it runs, day by day, everything in test mode that
// depends on the date, as the background jobs would have on those days: due-date charges
// becoming overdue and charges expiring, the subscription billing pass, and the payer mail due.
// Only the account that asked is touched, and only its test mode; live mode never moves.

export type TestClockDeps = SubscriptionDeps & { mailPass?: MailPass };

const DAY_MS = 86_400_000;

// An advance finishes each day's work before the next day starts: a day's claims are not cut
// short by the background passes' few-second budget.
const WHOLE_DAY = { budgetMs: Number.POSITIVE_INFINITY };

const testOnly = () => forbidden("the test clock is for test tokens only");

/** This account's sandbox clock: its now, and how many days it runs ahead. */
export async function readTestClock(
  deps: { db: SubscriptionDeps["db"]; clock: SubscriptionDeps["clock"] },
  who: Principal,
) {
  if (who.mode !== "test") throw testOnly();
  const ms = await testClockOffset(deps.db, who.accountId);
  return { now: offsetClock(deps.clock, ms).now().toISOString(), advancedDays: ms / DAY_MS };
}

/**
 * Moves this account's test clock `days` forward, one day at a time. Each day: the clock moves
 * one day, then, on the moved clock, (a) the account's due-date test charges that became overdue
 * get their charge.updated (with that day's amount) and its pending test charges past their
 * expiry expire (charge.declined); (b) the subscription billing pass runs for the account; (c)
 * the payer mail due that day is sent. The claims are the background jobs' own conditions, so
 * what a day did here is not done again by those jobs, nor by a second advance.
 */
export async function advanceAccountClock(deps: TestClockDeps, who: Principal, days: number) {
  if (who.mode !== "test") throw testOnly();
  const owner = { accountId: who.accountId, mode: "test" as const };
  const subscriptions = emptyTally();
  let overdue = 0;
  let expired = 0;
  let ms = 0;
  for (let i = 0; i < days; i++) {
    ms = await advanceTestClock(deps.db, who.accountId, DAY_MS, deps.clock.now());
    const clock = offsetClock(deps.clock, ms);
    const day = { ...deps, clock };
    overdue += await announceClaimed(
      day,
      WHOLE_DAY,
      (db, c) => claimOverdueOf(db, { ...c, accountId: who.accountId }),
      "charge.updated",
    );
    expired += await announceClaimed(
      day,
      WHOLE_DAY,
      (db, c) => expireDueOf(db, { ...c, accountId: who.accountId }),
      EVENT_FOR_STATUS.expired,
    );
    await billingPassFor(deps, clock, who.accountId, subscriptions);
    await deps.mailPass?.(owner, clock, deps.db);
  }
  return {
    now: offsetClock(deps.clock, ms).now().toISOString(),
    advancedDays: ms / DAY_MS,
    overdue,
    expired,
    subscriptions,
  };
}
