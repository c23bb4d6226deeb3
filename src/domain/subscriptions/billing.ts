import { type ChargeRow, findCharge, moveCharge } from "../../db/queries/charges.ts";
import { insertEvents, type NewEvent } from "../../db/queries/events.ts";
import {
  type Advance,
  advanceSubscriptions,
  approveCharges,
  claimDueDebits,
  claimDueSubscriptions,
  claimUnanswered,
  insertPeriods,
  insertSubscriptionCharges,
  moveSubscription,
  type PeriodRow,
  type PeriodUpdate,
  type SubscriptionRow,
  testClockAccounts,
  updatePeriods,
} from "../../db/queries/subscriptions.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { chargeEvent, creationEvents } from "../charges/charge-events.ts";
import { newId } from "../ids.ts";
import { offsetClock } from "./account-clock.ts";
import {
  brazilToday,
  debitAt,
  ISSUE_DAYS_BEFORE,
  issueAt,
  issueDeadline,
  midnightOf,
  periodDate,
  RETRY_DAYS_AFTER,
  retryAt,
} from "./calendar.ts";
import type { SubscriptionDeps } from "./create-subscription.ts";
import type { PeriodIssuer, SubscriptionRail } from "./rail.ts";
import { subscriptionEvent } from "./subscription-view.ts";

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
const emptyTally = (): BillingTally => ({
  issued: 0,
  skipped: 0,
  paid: 0,
  retried: 0,
  declined: 0,
  expired: 0,
});

/** Claimed subscriptions issued at once (live: PUT /cobr round trips in flight). */
const ISSUE_CONCURRENCY = 16;

/**
 * Runs `fn` over `items`, at most `n` at a time. Every started call is awaited before a
 * failure is thrown, so no query is left running when the caller's transaction ends.
 */
async function eachLimited<T>(items: readonly T[], n: number, fn: (t: T) => Promise<void>) {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  if (failure) throw failure.err;
}

/**
 * The transaction's connection for the rails' reads while several plans are in flight: its
 * queries are queued here, one after another, since a connection runs one statement at a time
 * (node-postgres deprecates queueing them itself).
 */
function oneAtATime(db: Db): Db {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    kind: db.kind,
    query<T>(sql: string, params?: readonly unknown[]) {
      const run = tail.then(() => db.query<T>(sql, params));
      tail = run.catch(() => undefined);
      return run;
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    listen: (channel, on) => db.listen(channel, on),
    close: () => db.close(),
  };
}

/** How soon a subscription whose rail failed is looked at again. */
const RAIL_RETRY_MS = 5 * 60_000;

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
  const over = () => performance.now() - started >= budgetMs;
  // Each step drains its backlog a batch per transaction.
  for (;;) {
    const n = await deps.db.transaction(async (db) => {
      const rows = await claimUnanswered(db, { at: clock.now(), limit: batch, ...scope });
      for (const s of rows) await expire(d, db, s, ["created"]);
      tally.expired += rows.length;
      return rows.length;
    });
    if (n < batch || over()) break;
  }
  for (;;) {
    const n = await deps.db.transaction(async (db) => {
      const rows = await claimDueSubscriptions(db, { at: clock.now(), limit: batch, ...scope });
      await issueBatch(d, db, rows, tally);
      return rows.length;
    });
    if (n < batch || over()) break;
  }
  for (;;) {
    const n = await deps.db.transaction(async (db) => {
      const rows = await claimDueDebits(db, { at: clock.now(), limit: batch, ...scope });
      await debitBatch(d, db, rows, tally);
      return rows.length;
    });
    if (n < batch || over()) break;
  }
}

async function expire(deps: SubscriptionDeps, db: Db, s: SubscriptionRow, from: string[]) {
  const moved = await moveSubscription(db, s, {
    from,
    to: "expired",
    at: deps.clock.now(),
    nextIssueAt: null,
  });
  if (moved) await insertEvents(db, [subscriptionEvent(deps, moved)]);
}

function railFor(deps: SubscriptionDeps, s: SubscriptionRow): SubscriptionRail | undefined {
  return s.mode === "live" ? deps.subscriptionRails.live : deps.subscriptionRails.test;
}

/** What the issue step writes for a claimed batch, in one statement per kind of row. */
type IssueBatch = {
  periods: PeriodRow[];
  charges: Map<string, { row: ChargeRow; events: NewEvent[] }>;
  advances: Advance[];
  expired: SubscriptionRow[];
  /** Subscriptions whose rail failed this pass (live: the PSP down or refusing). */
  railFailed: number;
};

async function issueBatch(
  deps: SubscriptionDeps,
  db: Db,
  subs: SubscriptionRow[],
  tally: BillingTally,
) {
  const b: IssueBatch = {
    periods: [],
    charges: new Map(),
    advances: [],
    expired: [],
    railFailed: 0,
  };
  // Live, each period's charge is a PSP round trip: several are in flight at once (the
  // transaction's queries still run one after another on its connection). Each rail's issuer
  // serves the whole batch, so what it reads per account is read once.
  const one = oneAtATime(db);
  const issuers = new Map<SubscriptionRail, PeriodIssuer>();
  const issuerOf = (rail: SubscriptionRail) => {
    let issue = issuers.get(rail);
    if (!issue) {
      issue = rail.periodIssuer(one);
      issuers.set(rail, issue);
    }
    return issue;
  };
  await eachLimited(subs, ISSUE_CONCURRENCY, (s) => planIssue(deps, issuerOf, s, b));
  if (b.railFailed > 0) tally.railFailed = (tally.railFailed ?? 0) + b.railFailed;
  const stored = await insertPeriods(db, b.periods);
  for (const p of b.periods) {
    if (!stored.has(`${p.subscriptionId}:${p.period}`)) continue;
    if (p.status === "skipped") tally.skipped++;
    else tally.issued++;
  }
  // A period another instance stored first keeps its own charge: ours is not written.
  await insertSubscriptionCharges(
    db,
    [...b.charges].filter(([k]) => stored.has(k)).map(([, c]) => c),
  );
  await advanceSubscriptions(db, b.advances, deps.clock.now());
  for (const s of b.expired) await expire(deps, db, s, ["approved"]);
  tally.expired += b.expired.length;
}

/**
 * Plans every period of a claimed subscription whose window has opened by now (a catch-up after
 * downtime plans them all), and when to look at it next.
 */
async function planIssue(
  deps: SubscriptionDeps,
  issuerOf: (rail: SubscriptionRail) => PeriodIssuer,
  s: SubscriptionRow,
  b: IssueBatch,
) {
  const now = deps.clock.now();
  const rail = railFor(deps, s);
  if (!rail) return;
  let k = s.nextPeriod;
  let amountLeft = s.nextAmountCents;
  const advance = (nextIssueAt: Date | null, clearAmount: boolean) =>
    b.advances.push({
      id: s.id,
      accountId: s.accountId,
      mode: s.mode,
      nextPeriod: k,
      nextIssueAt,
      clearAmount,
    });
  for (;;) {
    const due = periodDate(s.startDate, s.periodicity, k);
    if (s.endDate !== null && due > s.endDate) {
      // No period left: once the last one's retries are over, the subscription has run its term.
      const last = k === 0 ? s.startDate : periodDate(s.startDate, s.periodicity, k - 1);
      const endsAt = midnightOf(last, Math.max(...RETRY_DAYS_AFTER[s.retryPolicy], 0) + 1);
      advance(now >= endsAt ? null : endsAt, false);
      if (now >= endsAt) b.expired.push(s);
      return;
    }
    if (now < issueAt(due)) {
      advance(issueAt(due), amountLeft === null);
      return;
    }
    const base = {
      subscriptionId: s.id,
      period: k,
      accountId: s.accountId,
      mode: s.mode,
      dueDate: due,
      attempts: 0,
      nextAttemptAt: null,
      createdAt: now,
      updatedAt: now,
    };
    // A variable subscription takes the amount set for this period, else its default value.
    const amount = amountLeft ?? s.valueCents;
    const lastDay = midnightOf(due, -ISSUE_DAYS_BEFORE.latest);
    if (now >= issueDeadline(due) || (amount === null && now >= lastDay)) {
      const reason =
        amount === null
          ? "no_amount: no amount was set for this period before its window shut"
          : "window_missed: the service was down past the last day this period's charge could be sent";
      b.periods.push({ ...base, amountCents: amount, chargeId: null, status: "skipped", reason });
      k++;
      continue;
    }
    if (amount === null) {
      // Wait for POST /api/pix/subscriptions/charge until the window's last day.
      advance(lastDay, false);
      return;
    }
    const chargeId = newId("pix", deps);
    let issued: { txid: string; brCode: string | null };
    try {
      issued = await issuerOf(rail)(s, { index: k, dueDate: due, amountCents: amount, chargeId });
    } catch {
      // A live PSP down or refusing: this subscription is looked at again in a few minutes
      // (its window is days long; past it the period is skipped above), and the batch's other
      // subscriptions go on. A repeat lands on the same cobr (live-rail.ts: the txid is the
      // subscription's and the period's).
      advance(new Date(now.getTime() + RAIL_RETRY_MS), false);
      b.railFailed++;
      return;
    }
    const charge = periodCharge(s, chargeId, issued, amount, due, now);
    b.periods.push({
      ...base,
      amountCents: amount,
      chargeId,
      status: "issued",
      reason: null,
      nextAttemptAt: s.mode === "test" ? debitAt(due) : null,
    });
    b.charges.set(`${s.id}:${k}`, { row: charge, events: creationEvents(deps, charge) });
    amountLeft = null;
    k++;
  }
}

function periodCharge(
  s: SubscriptionRow,
  id: string,
  issued: { txid: string; brCode: string | null },
  amountCents: number,
  due: string,
  now: Date,
): ChargeRow {
  return {
    id,
    accountId: s.accountId,
    mode: s.mode,
    method: "pix",
    status: "pending",
    valueCents: amountCents,
    title: s.title,
    description: `Pix Automático ${due}`,
    productId: null,
    externalId: s.externalId,
    details: { ...s.details, due_date: due },
    provider: s.provider,
    txid: issued.txid,
    brCode: issued.brCode,
    simulated: false,
    // Payable until its last retry is over (the expiry job leaves it alone until then).
    expiresAt: midnightOf(due, Math.max(...RETRY_DAYS_AFTER[s.retryPolicy], 0) + 2),
    createdAt: now,
    updatedAt: now,
    approvedAt: null,
    crypto: null,
    receivedSats: 0,
    receivedCents: 0,
    paidLate: false,
    subscriptionId: s.id,
  };
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
  await db.query(
    `UPDATE charges SET details = details || jsonb_build_object('decline_reason', $4::text)
     WHERE id = $1 AND account_id = $2 AND mode = $3`,
    [key.id, key.accountId, key.mode, reason],
  );
  const moved = await moveCharge(db, key, { from: ["pending"], to: "declined", at: now });
  if (moved) await insertEvents(db, [chargeEvent(deps, "charge.declined", moved)]);
  updates.push({ ...p, status: "declined", attempts, nextAttemptAt: null, reason });
  tally.declined++;
}
