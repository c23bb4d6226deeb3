import { findCharge, moveCharge, setDeclineReason } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import {
  approveCharges,
  type PeriodUpdate,
  updatePeriods,
} from "../../db/queries/subscriptions/billing-batches.ts";
import type { PeriodRow } from "../../db/queries/subscriptions/periods.ts";
import {
  claimDueDebits,
  claimDueSubscriptions,
  claimUnanswered,
} from "../../db/queries/subscriptions/scheduler-claims.ts";
import type { SubscriptionRow } from "../../db/queries/subscriptions/subscription-row.ts";
import { testClockAccounts } from "../../db/queries/subscriptions/test-clocks.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { budgetSpent, drainBatches } from "../batch-drain.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { offsetClock } from "./account-clock.ts";
import { brazilToday, retryAt } from "./calendar.ts";
import type { SubscriptionDeps } from "./create-subscription.ts";
import { expireSubscription, issueBatch } from "./issue-periods.ts";

// The billing scheduler's pass (workers/jobs/bill-subscriptions.ts runs it in every instance):
// 1. subscriptions nobody authorised in time expire;
// 2. each approved subscription whose next period's window has opened gets that period's charge
//    (a row in charges, charge.created), 10 days before its date; a period whose window shut
//    while the service was down is skipped (a PSP refuses a cobr sent late), and a catch-up
//    issues every period still in its window;
// 3. sandbox only: on a period's date the sandbox payer's bank debits it (charge.approved), or,
//    with fail_debits, fails it, retried on the policy's days, then charge.declined with reason.
// Several instances share the work: each claim locks its rows (FOR UPDATE SKIP LOCKED) and the
// period's primary key (subscription_id, period) refuses a second charge of a period outright.

export type BillingTally = {
  /** Periods a rail could not send this pass (live: the PSP down or refusing); tried again. */
  railFailed?: number;
  issued: number;
  skipped: number;
  paid: number;
  retried: number;
  declined: number;
  expired: number;
};
/** A tally with nothing counted yet (a pass, or the test clock's days summed into one). */
export const emptyTally = (): BillingTally => ({
  issued: 0,
  skipped: 0,
  paid: 0,
  retried: 0,
  declined: 0,
  expired: 0,
});

export type BillingOptions = { batch?: number; budgetMs?: number };

/** One pass: real time for every account, then each moved test clock at its own time. */
export async function billingPass(
  deps: SubscriptionDeps,
  opts: BillingOptions = {},
): Promise<BillingTally> {
  const tally = emptyTally();
  const started = performance.now();
  await passAt(deps, deps.clock, undefined, opts, tally, started);
  for (const c of await testClockAccounts(deps.db)) {
    await passAt(deps, offsetClock(deps.clock, c.ms), c.accountId, opts, tally, started);
  }
  return tally;
}

/** One pass over one account's test mode at its test clock's time (the clock's advance). */
export async function billingPassFor(
  deps: SubscriptionDeps,
  clock: Clock,
  accountId: string,
  tally: BillingTally = emptyTally(),
): Promise<BillingTally> {
  await passAt(deps, clock, accountId, {}, tally, performance.now());
  return tally;
}

async function passAt(
  deps: SubscriptionDeps,
  clock: Clock,
  testAccountId: string | undefined,
  opts: BillingOptions,
  tally: BillingTally,
  started: number,
) {
  const batch = opts.batch ?? 500;
  const budgetMs = opts.budgetMs ?? Number.POSITIVE_INFINITY;
  const d = { ...deps, clock };
  const scope = testAccountId === undefined ? {} : { testAccountId };
  const spent = budgetSpent(budgetMs, started);
  // Each step drains its backlog a batch per transaction.
  await drainBatches(deps.db, batch, spent, async (db) => {
    const rows = await claimUnanswered(db, { at: clock.now(), limit: batch, ...scope });
    for (const s of rows) await expireSubscription(d, db, s, ["created"]);
    tally.expired += rows.length;
    return rows.length;
  });
  await drainBatches(deps.db, batch, spent, async (db) => {
    const rows = await claimDueSubscriptions(db, { at: clock.now(), limit: batch, ...scope });
    await issueBatch(d, db, rows, tally);
    return rows.length;
  });
  await drainBatches(deps.db, batch, spent, async (db) => {
    const rows = await claimDueDebits(db, { at: clock.now(), limit: batch, ...scope });
    await debitBatch(d, db, rows, tally);
    return rows.length;
  });
}

type DuePeriod = PeriodRow & {
  retryPolicy: SubscriptionRow["retryPolicy"];
  failDebits: boolean;
  chargeStatus: string | null;
};

/**
 * The sandbox payer's bank on a batch of periods' dates (or retries' dates): a debit that
 * succeeds approves its charge (charge.approved); one that fails is retried on the policy's days,
 * then declined with its reason (charge.declined). A charge already paid (simulate-pay) or ended
 * elsewhere takes its period with it.
 */
async function debitBatch(deps: SubscriptionDeps, db: Db, due: DuePeriod[], tally: BillingTally) {
  const now = deps.clock.now();
  const updates: PeriodUpdate[] = [];
  const toPay: DuePeriod[] = [];
  for (const p of due) {
    if (p.chargeStatus !== "pending") {
      const status = p.chargeStatus === "approved" ? "paid" : "canceled";
      updates.push({ ...p, status, nextAttemptAt: null });
    } else if (!p.failDebits) toPay.push(p);
    else await failDebit(deps, db, p, tally, updates);
  }
  const paid = await approveCharges(
    db,
    toPay.map((p) => ({ accountId: p.accountId, mode: p.mode, id: p.chargeId ?? "" })),
    now,
  );
  await insertEvents(
    db,
    paid.map((c) => chargeEvent(deps, "charge.approved", c)),
  );
  for (const p of toPay) {
    updates.push({
      ...p,
      status: "paid",
      attempts: p.attempts + 1,
      nextAttemptAt: null,
      reason: null,
    });
  }
  tally.paid += paid.length;
  await updatePeriods(db, updates, now);
}

async function failDebit(
  deps: SubscriptionDeps,
  db: Db,
  p: DuePeriod,
  tally: BillingTally,
  updates: PeriodUpdate[],
) {
  const now = deps.clock.now();
  const key = { accountId: p.accountId, mode: p.mode, id: p.chargeId ?? "" };
  const attempts = p.attempts + 1;
  const next = retryAt(p.dueDate, p.retryPolicy, attempts - 1);
  if (next !== null) {
    const charge = await findCharge(db, key);
    if (charge) await deps.subscriptionRails.test.requestRetry(charge, brazilToday(next));
    const reason = "insufficient_funds: the payer's account had no funds";
    updates.push({ ...p, status: "issued", attempts, nextAttemptAt: next, reason });
    tally.retried++;
    return;
  }
  const reason = `insufficient_funds: the debit failed ${attempts} time${attempts === 1 ? "" : "s"} (retry policy ${p.retryPolicy})`;
  await setDeclineReason(db, key, reason, { whilePending: false });
  const moved = await moveCharge(db, key, { from: ["pending"], to: "declined", at: now });
  if (moved) await insertEvents(db, [chargeEvent(deps, "charge.declined", moved)]);
  updates.push({ ...p, status: "declined", attempts, nextAttemptAt: null, reason });
  tally.declined++;
}
