import { moveCharge } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import { cancelOpenPeriods } from "../../db/queries/subscriptions/periods.ts";
import type { SubscriptionRow } from "../../db/queries/subscriptions/subscription-row.ts";
import {
  findSubscription,
  listSubscriptions as listRows,
  moveSubscription,
  updateSubscriptionFields,
} from "../../db/queries/subscriptions/subscriptions.ts";
import type { Principal } from "../../kernel/mode.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { forbidden, notFound, unprocessable } from "../errors.ts";
import { pageOf } from "../list-limit.ts";
import { brlToCents, centsToBrl } from "../money.ts";
import { clockFor } from "./account-clock.ts";
import { issueAt, periodDate } from "./calendar.ts";
import { railOf, type SubscriptionDeps } from "./create-subscription.ts";
import { SUBSCRIPTION_DISPLAY_STATUS } from "./subscription-status.ts";
import { subscriptionEvent, subscriptionFullView, subscriptionView } from "./subscription-view.ts";

// The subscription operations after creation: read, list, cancel, set a variable period's amount,
// and the sandbox's authorisation (its test clock is domain/test-clock/).

export async function loadSubscription(deps: SubscriptionDeps, who: Principal, id: string) {
  const s = await findSubscription(deps.db, { accountId: who.accountId, mode: who.mode, id });
  if (!s) throw notFound(`subscription_id: subscription ${id} not found`);
  return s;
}

export async function subscriptionStatus(
  deps: SubscriptionDeps,
  who: Principal,
  id: string,
  baseUrl: string,
) {
  return subscriptionFullView(await loadSubscription(deps, who, id), baseUrl);
}

export async function listSubscriptions(
  deps: SubscriptionDeps,
  who: Principal,
  page: { limit: number; offset: number },
  baseUrl: string,
) {
  const rows = await listRows(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    limit: page.limit + 1,
    offset: page.offset,
  });
  const { items, hasMore } = pageOf(rows, page.limit);
  return { subscriptions: items.map((s) => subscriptionView(s, baseUrl)), hasMore };
}

const cannot = (what: string, s: SubscriptionRow) =>
  unprocessable(
    `subscription_id: cannot ${what} a subscription that is ${s.status} (${SUBSCRIPTION_DISPLAY_STATUS[s.status]})`,
  );

/**
 * Ends a subscription (subscription.canceled): no period is issued after it, and the charges of
 * periods still waiting on their debit are canceled (charge.updated). By the merchant here; by the
 * payer in their bank when a live PSP's notification says so (`canceledBy: "payer"`).
 */
export async function cancelSubscription(
  deps: SubscriptionDeps,
  who: Principal,
  id: string,
  baseUrl: string,
  by: "merchant" | "payer" = "merchant",
) {
  const current = await loadSubscription(deps, who, id);
  if (current.status === "canceled") return subscriptionView(current, baseUrl);
  if (current.status !== "created" && current.status !== "approved")
    throw cannot("cancel", current);
  if (by === "merchant") await railOf(deps, who).cancel(current);
  const clock = await clockFor(deps, who);
  const d = { ...deps, clock };
  const after = await deps.db.transaction(async (db) => {
    const moved = await moveSubscription(db, current, {
      from: ["created", "approved"],
      to: "canceled",
      at: clock.now(),
      nextIssueAt: null,
      canceledBy: by,
    });
    if (!moved) return undefined;
    const events = [subscriptionEvent(d, moved)];
    for (const p of await cancelOpenPeriods(db, current, clock.now())) {
      if (!p.chargeId) continue;
      const c = await moveCharge(
        db,
        { ...who, id: p.chargeId },
        { from: ["pending"], to: "canceled", at: clock.now() },
      );
      if (c) events.push(chargeEvent(d, "charge.updated", c));
    }
    await insertEvents(db, events);
    return moved;
  });
  if (!after) {
    const now = await loadSubscription(deps, who, id);
    if (now.status !== "canceled") throw cannot("cancel", now);
    return subscriptionView(now, baseUrl);
  }
  return subscriptionView(after, baseUrl);
}

/** A variable subscription's amount for its next period, refused above max_value (422). */
export async function setNextAmount(
  deps: SubscriptionDeps,
  who: Principal,
  input: { subscription_id: string; value: number },
  baseUrl: string,
) {
  const s = await loadSubscription(deps, who, input.subscription_id);
  if (s.maxValueCents === null) {
    throw unprocessable(
      "subscription_id: this subscription has a fixed value; only a variable one (max_value) takes a period's amount",
    );
  }
  if (s.status !== "approved" && s.status !== "created") throw cannot("charge", s);
  const cents = brlToCents(input.value) ?? 0;
  if (cents > s.maxValueCents) {
    throw unprocessable(
      `value: must be at most the subscription's max_value (${centsToBrl(s.maxValueCents)})`,
    );
  }
  const clock = await clockFor(deps, who);
  const after = await updateSubscriptionFields(deps.db, s, {
    nextAmountCents: cents,
    at: clock.now(),
  });
  return subscriptionView(after ?? s, baseUrl);
}

/**
 * Sandbox: the payer answers in their bank (approve or reject). Approving also pays the
 * journey's immediate charge, as the one QR does both. `fail_debits` makes this subscription's
 * debits fail (or succeed again) from now on; on an approved subscription it is all that changes.
 */
export async function simulateAuthorize(
  deps: SubscriptionDeps,
  who: Principal,
  input: {
    subscription_id: string;
    decision: "approve" | "reject";
    fail_debits?: boolean | undefined;
  },
  baseUrl: string,
) {
  if (who.mode !== "test") {
    throw forbidden(
      "simulate-authorize is for test tokens only; live payers authorise in their bank",
    );
  }
  let s = await loadSubscription(deps, who, input.subscription_id);
  const clock = await clockFor(deps, who);
  if (input.fail_debits !== undefined) {
    s =
      (await updateSubscriptionFields(deps.db, s, {
        failDebits: input.fail_debits,
        at: clock.now(),
      })) ?? s;
  }
  const to = input.decision === "approve" ? "approved" : "rejected";
  if (s.status === to) return subscriptionView(s, baseUrl);
  if (s.status !== "created") throw cannot(input.decision, s);
  const after = await recordAuthorization({ ...deps, clock }, s, to, { simulated: true });
  if (!after)
    throw cannot(input.decision, await loadSubscription(deps, who, input.subscription_id));
  return subscriptionView(after, baseUrl);
}

/**
 * The payer's answer, however it arrives (the sandbox's simulate-authorize; live, the PSP's
 * `webhookrec` notification confirmed by GET /rec): created -> approved (its first period then
 * scheduled, and the pay-now journey's immediate charge approved) or -> rejected, with the
 * events, in one transaction. Undefined when the subscription was no longer created.
 */
export async function recordAuthorization(
  deps: SubscriptionDeps,
  s: SubscriptionRow,
  to: "approved" | "rejected",
  opts: { simulated?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const now = deps.clock.now();
  return deps.db.transaction(async (db) => {
    const first = periodDate(s.startDate, s.periodicity, 0);
    const moved = await moveSubscription(db, s, {
      from: ["created"],
      to,
      at: now,
      nextIssueAt: to === "approved" ? issueAt(first) : null,
    });
    if (!moved) return undefined;
    const events = [subscriptionEvent(deps, moved)];
    if (to === "approved" && moved.firstChargeId) {
      const c = await moveCharge(
        db,
        { accountId: s.accountId, mode: s.mode, id: moved.firstChargeId },
        { from: ["pending"], to: "approved", at: now, simulated: opts.simulated ?? false },
      );
      if (c) events.push(chargeEvent(deps, "charge.approved", c));
    }
    await insertEvents(db, events);
    return moved;
  });
}
