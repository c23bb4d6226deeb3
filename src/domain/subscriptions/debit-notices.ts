import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertPlannedNotifications } from "../../db/queries/notifications/insert-planned.ts";
import type { PeriodRow } from "../../db/queries/subscriptions/periods.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { midnightOf } from "./calendar.ts";

// A subscription's payer hears of each debit a few days before it (docs/subscriptions.md,
// "Payer mail"). The notice is planned as an outbox row when the period's charge is issued, in
// the same transaction (issue-periods.ts), so a period issued is a notice planned and a period
// refused (another instance stored it first) plans none. Its dedupe key makes a second planning
// add nothing, whichever instance or pass makes it.

/** How many days before the debit date the notice goes. */
export const DEBIT_NOTICE_DAYS_BEFORE = 3;
/** The hour in Brazil it goes at: a morning, not the midnight the period's dates fall on. */
const NOTICE_HOUR_MS = 9 * 3_600_000;

/** The notice of a period: `period` is its index as subscription_periods stores it (0 first). */
export const debitNoticeKey = (subscriptionId: string, period: number) =>
  `subscription_debit_notice:${subscriptionId}:${period}`;

/** The period a notice's dedupe key names, or undefined when it is not a notice's key. */
export function periodOfNoticeKey(
  key: string,
): { subscriptionId: string; period: number } | undefined {
  const m = /^subscription_debit_notice:(.+):(\d{1,9})$/.exec(key);
  return m?.[1] && m[2] ? { subscriptionId: m[1], period: Number(m[2]) } : undefined;
}

/**
 * When a period's notice goes, on the account's clock: 09:00 in Brazil three days before its
 * debit date, or right away when that is past (a period issued late, a first period close to
 * the approval).
 */
export function debitNoticeAt(dueDate: string, now: Date): Date {
  const at = new Date(midnightOf(dueDate, -DEBIT_NOTICE_DAYS_BEFORE).getTime() + NOTICE_HOUR_MS);
  return at > now ? at : now;
}

/**
 * Plans the notices of periods just issued whose charge has a customer_email (copied from its
 * subscription). Each is due on the real clock at the instant its time comes on the account's:
 * under a sandbox test clock running days ahead, that is as many days sooner, and the clock's
 * advance brings it forward once its time has come (insert-planned.ts: bringForwardDue).
 */
export async function planDebitNotices(
  deps: { db: Db; clock: Clock },
  issued: ReadonlyArray<{ period: PeriodRow; charge: ChargeRow }>,
): Promise<number> {
  const now = deps.clock.now();
  const ahead = now.getTime() - (deps.clock.real?.now() ?? now).getTime();
  const byOwner = new Map<
    string,
    { who: { accountId: string; mode: Mode }; rows: PlannedNotice[] }
  >();
  for (const { period: p, charge } of issued) {
    const email = charge.details.customer_email;
    if (typeof email !== "string" || email === "" || p.status !== "issued") continue;
    const owner = `${p.accountId}\u0000${p.mode}`;
    let group = byOwner.get(owner);
    if (!group) {
      group = { who: { accountId: p.accountId, mode: p.mode }, rows: [] };
      byOwner.set(owner, group);
    }
    const at = debitNoticeAt(p.dueDate, now);
    group.rows.push({
      kind: "subscription_debit_notice",
      chargeId: null,
      subscriptionId: p.subscriptionId,
      recipient: email,
      dedupeKey: debitNoticeKey(p.subscriptionId, p.period),
      scheduledFor: at,
      nextAttemptAt: new Date(at.getTime() - ahead),
    });
  }
  let added = 0;
  for (const { who, rows } of byOwner.values()) {
    added += await insertPlannedNotifications(deps.db, who, rows, now);
  }
  return added;
}

type PlannedNotice = Parameters<typeof insertPlannedNotifications>[2][number];
