import type { Db } from "../../../kernel/db.ts";
import { PERIOD_COLUMNS, type PeriodRow } from "./periods.ts";
import {
  type SubscriptionKey as Key,
  SUBSCRIPTION_COLUMNS,
  type SubscriptionRow,
} from "./subscription-row.ts";

// The billing scheduler's claims, which work across accounts (each row names its owner, which
// the pass hands on), and the subscription's advance after a period. Every claim locks its rows
// with SKIP LOCKED, so instances share the work.

/** A claim's time and size; `testAccountId` narrows it to one account's test mode. */
type Claim = { at: Date; limit: number; testAccountId?: string };

/**
 * The scheduler's claim: approved subscriptions whose next period is due for its charge, locked
 * for this transaction (SKIP LOCKED: another instance takes the others). `accountId` narrows the
 * claim to one account's test mode (its test clock runs ahead of `at`'s real time).
 */
export function claimDueSubscriptions(db: Db, c: Claim): Promise<SubscriptionRow[]> {
  return claimSubscriptions(db, c, "status = 'approved' AND next_issue_at <= $1", "next_issue_at");
}

/**
 * Subscriptions matching `due` ($1 is the claim's time), oldest `by` first, locked for this
 * transaction (SKIP LOCKED), across accounts or in one account's test mode.
 */
function claimSubscriptions(
  db: Db,
  c: Claim,
  due: string,
  by: "next_issue_at" | "expires_at",
): Promise<SubscriptionRow[]> {
  const one = c.testAccountId !== undefined;
  return db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions
     WHERE ${due}
       ${one ? "AND account_id = $3 AND mode = 'test'" : ""}
     ORDER BY ${by} LIMIT $2 FOR UPDATE SKIP LOCKED`,
    one ? [c.at, c.limit, c.testAccountId] : [c.at, c.limit],
  );
}

/** After a period is issued or skipped: the next period and when to look at it (null: none). */
export async function advanceSubscription(
  db: Db,
  k: Key,
  a: { nextPeriod: number; nextIssueAt: Date | null; at: Date; clearAmount: boolean },
): Promise<void> {
  await db.query(
    `UPDATE subscriptions SET next_period = $4, next_issue_at = $5, updated_at = $6,
       next_amount_cents = CASE WHEN $7 THEN NULL ELSE next_amount_cents END
     WHERE id = $1 AND account_id = $2 AND mode = $3`,
    [k.id, k.accountId, k.mode, a.nextPeriod, a.nextIssueAt, a.at, a.clearAmount],
  );
}

/** Created subscriptions past their authorisation deadline, locked (SKIP LOCKED). */
export function claimUnanswered(db: Db, c: Claim): Promise<SubscriptionRow[]> {
  return claimSubscriptions(db, c, "status = 'created' AND expires_at <= $1", "expires_at");
}

/** Issued periods whose sandbox debit is due, locked (SKIP LOCKED), with their subscription. */
export function claimDueDebits(
  db: Db,
  c: Claim,
): Promise<
  Array<
    PeriodRow & {
      retryPolicy: SubscriptionRow["retryPolicy"];
      failDebits: boolean;
      chargeStatus: string | null;
    }
  >
> {
  const one = c.testAccountId !== undefined;
  return db.query(
    // The periods are claimed alone (their partial index, LIMIT, SKIP LOCKED), then joined by
    // key: joined in the claim, the planner hashed both other tables whole for every batch.
    `WITH p AS (
       SELECT * FROM subscription_periods
       WHERE status = 'issued' AND next_attempt_at <= $1 AND mode = 'test'
         ${one ? "AND account_id = $3" : ""}
       ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     SELECT ${PERIOD_COLUMNS}, s.retry_policy AS "retryPolicy", s.fail_debits AS "failDebits",
       c.status AS "chargeStatus"
     FROM p JOIN subscriptions s ON s.id = p.subscription_id
       LEFT JOIN charges c ON c.id = p.charge_id`,
    one ? [c.at, c.limit, c.testAccountId] : [c.at, c.limit],
  );
}
