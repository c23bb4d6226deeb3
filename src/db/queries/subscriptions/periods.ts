import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";
import { CHARGE_COLUMNS, type ChargeRow } from "../charges.ts";
import { insertEvents, type NewEvent } from "../events.ts";
import type { SubscriptionKey as Key } from "./subscription-row.ts";

// A subscription's periods (subscription_periods) and its charges, one row at a time: the
// billing pass's batch writes of the same rows are in billing-batches.ts.

export type PeriodRow = {
  subscriptionId: string;
  period: number;
  accountId: string;
  mode: Mode;
  dueDate: string;
  amountCents: number | null;
  chargeId: string | null;
  status: "issued" | "paid" | "declined" | "skipped" | "canceled";
  attempts: number;
  nextAttemptAt: Date | null;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const PERIOD_COLUMNS = `p.subscription_id AS "subscriptionId", p.period, p.account_id AS "accountId",
  p.mode, to_char(p.due_date, 'YYYY-MM-DD') AS "dueDate", p.amount_cents AS "amountCents",
  p.charge_id AS "chargeId", p.status, p.attempts, p.next_attempt_at AS "nextAttemptAt",
  p.reason, p.created_at AS "createdAt", p.updated_at AS "updatedAt"`;

/**
 * Stores a period (and, when it has one, its charge with its events) unless the period is already
 * there: the primary key (subscription_id, period) is the guarantee that no period is charged
 * twice, whichever instance or restart gets here. Returns whether this call stored it.
 */
export async function insertPeriod(
  db: Db,
  p: PeriodRow,
  charge?: { row: ChargeRow; events: NewEvent[] },
): Promise<boolean> {
  const stored = await db.query<{ period: number }>(
    `INSERT INTO subscription_periods (subscription_id, period, account_id, mode, due_date,
       amount_cents, charge_id, status, attempts, next_attempt_at, reason, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (subscription_id, period) DO NOTHING RETURNING period`,
    [
      p.subscriptionId,
      p.period,
      p.accountId,
      p.mode,
      p.dueDate,
      p.amountCents,
      p.chargeId,
      p.status,
      p.attempts,
      p.nextAttemptAt,
      p.reason,
      p.createdAt,
      p.updatedAt,
    ],
  );
  if (stored.length === 0) return false;
  if (charge) await insertSubscriptionCharge(db, charge.row, charge.events);
  return true;
}

/** A charge that belongs to a subscription (a period's, or the journey's immediate one). */
export async function insertSubscriptionCharge(
  db: Db,
  r: ChargeRow,
  events: NewEvent[],
): Promise<void> {
  await db.query(
    `INSERT INTO charges (id, account_id, mode, method, status, value_cents, title, description,
       product_id, external_id, details, provider, txid, br_code, simulated, expires_at,
       created_at, updated_at, approved_at, subscription_id)
     VALUES ($1, $2, $3, 'pix', $4, $5, $6, $7, NULL, $8, $9, $10, $11, $12, false, $13, $14, $15,
       NULL, $16)`,
    [
      r.id,
      r.accountId,
      r.mode,
      r.status,
      r.valueCents,
      r.title,
      r.description,
      r.externalId,
      JSON.stringify(r.details),
      r.provider,
      r.txid,
      r.brCode,
      r.expiresAt,
      r.createdAt,
      r.updatedAt,
      r.subscriptionId ?? null,
    ],
  );
  await insertEvents(db, events);
}

export async function updatePeriod(
  db: Db,
  k: { subscriptionId: string; period: number },
  u: {
    status: PeriodRow["status"];
    attempts: number;
    nextAttemptAt: Date | null;
    reason: string | null;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `UPDATE subscription_periods SET status = $3, attempts = $4, next_attempt_at = $5,
       reason = $6, updated_at = $7 WHERE subscription_id = $1 AND period = $2`,
    [k.subscriptionId, k.period, u.status, u.attempts, u.nextAttemptAt, u.reason, u.at],
  );
}

/** One period of a subscription (a debit notice's, when it is sent). */
export async function findPeriod(
  db: Db,
  k: { accountId: string; mode: Mode; subscriptionId: string; period: number },
): Promise<PeriodRow | undefined> {
  const rows = await db.query<PeriodRow>(
    `SELECT ${PERIOD_COLUMNS} FROM subscription_periods p
     WHERE p.subscription_id = $1 AND p.period = $2 AND p.account_id = $3 AND p.mode = $4`,
    [k.subscriptionId, k.period, k.accountId, k.mode],
  );
  return rows[0];
}

/** A period by its charge (simulate-pay on a period's charge, a live cobr notification). */
export async function findPeriodByCharge(
  db: Db,
  k: { accountId: string; mode: Mode; chargeId: string },
): Promise<PeriodRow | undefined> {
  const rows = await db.query<PeriodRow>(
    `SELECT ${PERIOD_COLUMNS} FROM subscription_periods p
     WHERE p.charge_id = $1 AND p.account_id = $2 AND p.mode = $3`,
    [k.chargeId, k.accountId, k.mode],
  );
  return rows[0];
}

/** Periods still waiting on their debit, to stop when a subscription is canceled. */
export async function cancelOpenPeriods(db: Db, k: Key, at: Date): Promise<PeriodRow[]> {
  return db.query<PeriodRow>(
    `UPDATE subscription_periods p SET status = 'canceled', next_attempt_at = NULL, updated_at = $4
     WHERE p.subscription_id = $1 AND p.account_id = $2 AND p.mode = $3 AND p.status = 'issued'
     RETURNING ${PERIOD_COLUMNS}`,
    [k.id, k.accountId, k.mode, at],
  );
}

export function listPeriods(db: Db, k: Key, limit = 200): Promise<PeriodRow[]> {
  return db.query<PeriodRow>(
    `SELECT ${PERIOD_COLUMNS} FROM subscription_periods p
     WHERE p.subscription_id = $1 AND p.account_id = $2 AND p.mode = $3
     ORDER BY p.period DESC LIMIT $4`,
    [k.id, k.accountId, k.mode, limit],
  );
}

/** The charges of a subscription, newest first. */
export function listSubscriptionCharges(db: Db, k: Key, limit = 200): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(
    `SELECT ${CHARGE_COLUMNS} FROM charges
     WHERE subscription_id = $1 AND account_id = $2 AND mode = $3 ORDER BY id DESC LIMIT $4`,
    [k.id, k.accountId, k.mode, limit],
  );
}
