import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";
import {
  type SubscriptionKey as Key,
  SUBSCRIPTION_COLUMNS,
  type SubscriptionRow,
  type SubscriptionStatusText,
} from "./subscription-row.ts";

// The subscriptions table (migration 0019): create, read, list, and the moves a use case makes.
// Every query names its account and mode, but for the public authorisation page's read by id.

export async function insertSubscription(db: Db, s: SubscriptionRow): Promise<void> {
  await db.query(
    `INSERT INTO subscriptions (id, account_id, mode, status, title, external_id, details,
       periodicity, start_date, end_date, value_cents, max_value_cents, first_payment_cents,
       retry_policy, provider, rec_id, br_code, first_charge_id, next_period, next_issue_at,
       next_amount_cents, fail_debits, canceled_by, expires_at, created_at, updated_at,
       approved_at, canceled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
       $19, $20, $21, $22, $23, $24, $25, $26, $27, $28)`,
    [
      s.id,
      s.accountId,
      s.mode,
      s.status,
      s.title,
      s.externalId,
      JSON.stringify(s.details),
      s.periodicity,
      s.startDate,
      s.endDate,
      s.valueCents,
      s.maxValueCents,
      s.firstPaymentCents,
      s.retryPolicy,
      s.provider,
      s.recId,
      s.brCode,
      s.firstChargeId,
      s.nextPeriod,
      s.nextIssueAt,
      s.nextAmountCents,
      s.failDebits,
      s.canceledBy,
      s.expiresAt,
      s.createdAt,
      s.updatedAt,
      s.approvedAt,
      s.canceledAt,
    ],
  );
}

/** The subscription `where` picks (one row: a key, or a unique id), if any. */
async function findOne(
  db: Db,
  where: string,
  params: readonly unknown[],
): Promise<SubscriptionRow | undefined> {
  const rows = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE ${where}`,
    params,
  );
  return rows[0];
}

export function findSubscription(db: Db, k: Key): Promise<SubscriptionRow | undefined> {
  return findOne(db, "id = $1 AND account_id = $2 AND mode = $3", [k.id, k.accountId, k.mode]);
}

/** A subscription by its recorrência id (a live PSP's notification names idRec). */
export function findSubscriptionByRec(
  db: Db,
  k: { accountId: string; mode: Mode; recId: string },
): Promise<SubscriptionRow | undefined> {
  return findOne(db, "rec_id = $1 AND account_id = $2 AND mode = $3", [
    k.recId,
    k.accountId,
    k.mode,
  ]);
}

/** A subscription by id in any account (the hosted authorisation page, which is public). */
export function findSubscriptionById(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  return findOne(db, "id = $1", [id]);
}

export function listSubscriptions(
  db: Db,
  k: { accountId: string; mode: Mode; limit: number; offset: number },
): Promise<SubscriptionRow[]> {
  return db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE account_id = $1 AND mode = $2
     ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [k.accountId, k.mode, k.limit, k.offset],
  );
}

export async function countActiveSubscriptions(
  db: Db,
  k: { accountId: string; mode: Mode },
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM subscriptions WHERE account_id = $1 AND mode = $2 AND status = 'approved'`,
    [k.accountId, k.mode],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Moves a subscription into `to` from one of `from`, setting the given fields: a conditional
 * UPDATE, so two moves of one subscription cannot both succeed.
 */
export async function moveSubscription(
  db: Db,
  k: Key,
  move: {
    from: readonly string[];
    to: SubscriptionStatusText;
    at: Date;
    nextIssueAt?: Date | null;
    canceledBy?: "merchant" | "payer";
  },
): Promise<SubscriptionRow | undefined> {
  const rows = await db.query<SubscriptionRow>(
    `UPDATE subscriptions SET status = $4, updated_at = $5,
       approved_at = CASE WHEN $4 = 'approved' THEN $5 ELSE approved_at END,
       canceled_at = CASE WHEN $4 = 'canceled' THEN $5 ELSE canceled_at END,
       canceled_by = CASE WHEN $4 = 'canceled' THEN $6 ELSE canceled_by END,
       next_issue_at = CASE WHEN $8 THEN $9::timestamptz ELSE next_issue_at END
     WHERE id = $1 AND account_id = $2 AND mode = $3 AND status = ANY($7::text[])
     RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [
      k.id,
      k.accountId,
      k.mode,
      move.to,
      move.at,
      move.canceledBy ?? null,
      move.from,
      move.nextIssueAt !== undefined,
      move.nextIssueAt ?? null,
    ],
  );
  return rows[0];
}

/** Sets a subscription's sandbox debit failure flag or its next variable amount. */
export async function updateSubscriptionFields(
  db: Db,
  k: Key,
  f: { failDebits?: boolean; nextAmountCents?: number; at: Date },
): Promise<SubscriptionRow | undefined> {
  const rows = await db.query<SubscriptionRow>(
    `UPDATE subscriptions SET updated_at = $4,
       fail_debits = coalesce($5, fail_debits),
       next_amount_cents = coalesce($6, next_amount_cents)
     WHERE id = $1 AND account_id = $2 AND mode = $3
     RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [k.id, k.accountId, k.mode, f.at, f.failDebits ?? null, f.nextAmountCents ?? null],
  );
  return rows[0];
}
