import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertEvents, type NewEvent } from "../../db/queries/events.ts";
import {
  type Advance,
  advanceSubscriptions,
  insertPeriods,
  insertSubscriptionCharges,
} from "../../db/queries/subscriptions/billing-batches.ts";
import type { PeriodRow } from "../../db/queries/subscriptions/periods.ts";
import type { SubscriptionRow } from "../../db/queries/subscriptions/subscription-row.ts";
import { moveSubscription } from "../../db/queries/subscriptions/subscriptions.ts";
import type { Db } from "../../kernel/db.ts";
import { mapLimited } from "../../kernel/map-limited.ts";
import { creationEvents } from "../charges/charge-events.ts";
import { newChargeRow } from "../charges/new-charge-row.ts";
import { newId } from "../ids.ts";
import {
  debitAt,
  ISSUE_DAYS_BEFORE,
  issueAt,
  issueDeadline,
  midnightOf,
  periodDate,
  RETRY_DAYS_AFTER,
} from "./calendar.ts";
import type { SubscriptionDeps } from "./create-subscription.ts";
import { planDebitNotices } from "./debit-notices.ts";
import { oneAtATime } from "./in-flight.ts";
import type { PeriodIssuer, SubscriptionRail } from "./rail.ts";
import { subscriptionEvent } from "./subscription-view.ts";

// The billing pass's issue step (billing.ts): each claimed subscription whose next period's
// window has opened gets that period's charge through its rail, a catch-up issues every period
// still in its window, and a period whose window shut is stored as skipped.

/** What the issue step counts (a BillingTally's fields). */
export type IssueTally = { issued: number; skipped: number; expired: number; railFailed?: number };

/** Claimed subscriptions issued at once (live: PUT /cobr round trips in flight). */
const ISSUE_CONCURRENCY = 16;
/** Planned subscriptions written together, while the batch's other round trips go on. */
const WRITE_EVERY = 100;

/** How soon a subscription whose rail failed is looked at again. */
const RAIL_RETRY_MS = 5 * 60_000;

export async function expireSubscription(
  deps: SubscriptionDeps,
  db: Db,
  s: SubscriptionRow,
  from: string[],
) {
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

/**
 * Issues a claimed batch: each subscription's due periods are sent through its rail, several at
 * once, and what they give is written a slice at a time on the batch's connection while the
 * other round trips go on. Written at the batch's end, the writes (a third of a live batch's
 * time) stopped every PSP call, and the whole batch's rows, charges and events waited for them.
 * All of it is one transaction still: a failure anywhere rolls the batch back, and a repeat of
 * its PUT /cobr lands on the same cobr (live-rail.ts: the txid is the subscription's and period's).
 */
export async function issueBatch(
  deps: SubscriptionDeps,
  db: Db,
  subs: SubscriptionRow[],
  tally: IssueTally,
) {
  // The rails' reads and the slices' writes share the transaction's connection, one statement
  // at a time. Each rail's issuer serves the whole batch, so what it reads per account is read
  // once.
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
  let slice = emptyBatch();
  const write = () => {
    const done = slice;
    slice = emptyBatch();
    return writeIssued(deps, one, done, tally);
  };
  await mapLimited(subs, ISSUE_CONCURRENCY, async (s) => {
    // Planned apart and added whole, so a slice written meanwhile never takes half a plan.
    const mine = emptyBatch();
    await planIssue(deps, issuerOf, s, mine);
    addTo(slice, mine);
    if (slice.subscriptions >= WRITE_EVERY) await write();
  });
  await write();
}

/** What the issue step writes for a slice of a batch, in one statement per kind of row. */
type IssueBatch = {
  /** Subscriptions planned into it. */
  subscriptions: number;
  periods: PeriodRow[];
  charges: Map<string, { row: ChargeRow; events: NewEvent[] }>;
  advances: Advance[];
  expired: SubscriptionRow[];
  /** Subscriptions whose rail failed this pass (live: the PSP down or refusing). */
  railFailed: number;
};

const emptyBatch = (): IssueBatch => ({
  subscriptions: 0,
  periods: [],
  charges: new Map(),
  advances: [],
  expired: [],
  railFailed: 0,
});

function addTo(b: IssueBatch, one: IssueBatch) {
  b.subscriptions++;
  b.periods.push(...one.periods);
  for (const [k, c] of one.charges) b.charges.set(k, c);
  b.advances.push(...one.advances);
  b.expired.push(...one.expired);
  b.railFailed += one.railFailed;
}

async function writeIssued(deps: SubscriptionDeps, db: Db, b: IssueBatch, tally: IssueTally) {
  if (b.railFailed > 0) tally.railFailed = (tally.railFailed ?? 0) + b.railFailed;
  const stored = await insertPeriods(db, b.periods);
  for (const p of b.periods) {
    if (!stored.has(`${p.subscriptionId}:${p.period}`)) continue;
    if (p.status === "skipped") tally.skipped++;
    else tally.issued++;
  }
  // A period another instance stored first keeps its own charge: ours is not written.
  const mine = [...b.charges].filter(([k]) => stored.has(k)).map(([, c]) => c);
  await insertSubscriptionCharges(db, mine);
  // Each period issued here plans its payer's debit notice, in the same transaction.
  const chargeOf = new Map(mine.map((c) => [c.row.id, c.row]));
  await planDebitNotices(
    { db, clock: deps.clock },
    b.periods.flatMap((p) => {
      const charge = p.chargeId ? chargeOf.get(p.chargeId) : undefined;
      return charge ? [{ period: p, charge }] : [];
    }),
  );
  await advanceSubscriptions(db, b.advances, deps.clock.now());
  for (const s of b.expired) await expireSubscription(deps, db, s, ["approved"]);
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
    const charge = periodCharge(s, k, chargeId, issued, amount, due, now);
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
  index: number,
  id: string,
  issued: { txid: string; brCode: string | null },
  amountCents: number,
  due: string,
  now: Date,
): ChargeRow {
  return newChargeRow(s, {
    id,
    method: "pix",
    valueCents: amountCents,
    title: s.title,
    description: `Pix Automático ${due}`,
    externalId: s.externalId,
    // Which period and its date, for the charge's view (charge-view.ts: subscriptionPeriod).
    details: { ...s.details, due_date: due, subscription_period: String(index + 1) },
    provider: s.provider,
    txid: issued.txid,
    brCode: issued.brCode,
    // Payable until its last retry is over (the expiry job leaves it alone until then).
    expiresAt: midnightOf(due, Math.max(...RETRY_DAYS_AFTER[s.retryPolicy], 0) + 2),
    createdAt: now,
    subscriptionId: s.id,
  });
}
