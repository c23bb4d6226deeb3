import { findCharge } from "../../db/queries/charges.ts";
import type { ClaimedNotification } from "../../db/queries/notifications/queue.ts";
import { findPeriod, findPeriodByCharge } from "../../db/queries/subscriptions/periods.ts";
import type { SubscriptionRow } from "../../db/queries/subscriptions/subscription-row.ts";
import { findSubscription } from "../../db/queries/subscriptions/subscriptions.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { debitAt } from "../subscriptions/calendar.ts";
import { periodOfNoticeKey } from "../subscriptions/debit-notices.ts";
import { subscriptionUrl } from "../subscriptions/subscription-view.ts";
import type { MailContext } from "./mail-context.ts";

// A subscription's part of a mail's context (mail-context-of.ts: ContextDeps.subscriptionContext),
// read when the mail is sent, so it shows the subscription as it stands then; or why the mail no
// longer goes, kept as its record's reason: a request for a subscription the payer already
// answered (or that ended), a notice for a period no longer waiting on its debit, a cancellation
// notice for a subscription that is not cancelled. A receipt of a period's charge goes whatever
// became of the subscription since: the payment happened.

export type SubscriptionMail = NonNullable<MailContext["subscription"]>;

export type SubscriptionContextDeps = {
  db: Db;
  /**
   * The account's clock for a mode (its sandbox test clock in test mode). Given, a notice whose
   * debit date has come (the relay was down until then) is not sent: it would announce the past.
   */
  clockOf?: (who: { accountId: string; mode: Mode }) => Promise<Clock>;
};

export function makeSubscriptionContext(deps: SubscriptionContextDeps) {
  return async (n: ClaimedNotification, base: string): Promise<SubscriptionMail | string> => {
    const who = { accountId: n.accountId, mode: n.mode };
    const id = n.subscriptionId;
    const s = id ? await findSubscription(deps.db, { ...who, id }) : undefined;
    if (!s) return "its subscription no longer exists";
    const ctx = subscriptionPart(s, base);
    switch (n.kind) {
      case "subscription_request":
        return s.status === "created"
          ? ctx
          : `the subscription is ${s.status}: no authorisation request`;
      case "subscription_canceled":
        return s.status === "canceled" ? ctx : `the subscription is ${s.status}: not cancelled`;
      case "subscription_debit_notice":
        return noticeOf(deps, n, s, ctx);
      case "subscription_debit_failed":
        return failedDebitOf(deps, n, ctx);
      default:
        return ctx;
    }
  };
}

function subscriptionPart(s: SubscriptionRow, base: string): SubscriptionMail {
  return {
    id: s.id,
    title: s.title,
    periodicity: s.periodicity,
    // As stored: a variable subscription (maxValueCents set) may also have a default value.
    valueCents: s.valueCents,
    maxValueCents: s.maxValueCents,
    authorizationUrl: subscriptionUrl(base, s.id),
  };
}

async function noticeOf(
  deps: SubscriptionContextDeps,
  n: ClaimedNotification,
  s: SubscriptionRow,
  ctx: SubscriptionMail,
): Promise<SubscriptionMail | string> {
  const key = periodOfNoticeKey(n.dedupeKey);
  if (!key || key.subscriptionId !== s.id) return "its period is not known";
  if (s.status !== "approved") return `the subscription is ${s.status}: no debit notice`;
  const p = await findPeriod(deps.db, {
    accountId: n.accountId,
    mode: n.mode,
    subscriptionId: s.id,
    period: key.period,
  });
  if (!p) return "its period no longer exists";
  if (p.status !== "issued" || p.attempts > 0) {
    return `the period's debit is ${p.attempts > 0 && p.status === "issued" ? "under way" : p.status}: no debit notice`;
  }
  if (deps.clockOf) {
    const now = (await deps.clockOf({ accountId: n.accountId, mode: n.mode })).now();
    if (now >= debitAt(p.dueDate)) return "its debit date came before it could be sent";
  }
  return { ...ctx, debit: { date: p.dueDate, amountCents: p.amountCents } };
}

async function failedDebitOf(
  deps: SubscriptionContextDeps,
  n: ClaimedNotification,
  ctx: SubscriptionMail,
): Promise<SubscriptionMail | string> {
  if (!n.chargeId) return "its charge is not known";
  const k = { accountId: n.accountId, mode: n.mode, chargeId: n.chargeId };
  const [p, charge] = await Promise.all([
    findPeriodByCharge(deps.db, k),
    findCharge(deps.db, { accountId: n.accountId, mode: n.mode, id: n.chargeId }),
  ]);
  if (!charge) return "its charge no longer exists";
  if (charge.status !== "declined") return `the period's charge is ${charge.status}: no failure`;
  const reason = charge.details.decline_reason;
  return {
    ...ctx,
    ...(p ? { debit: { date: p.dueDate, amountCents: p.amountCents ?? charge.valueCents } } : {}),
    declineReason: p?.reason ?? (typeof reason === "string" ? reason : null),
  };
}
