import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import type { ChargeRow } from "./charges.ts";
import { CHARGE_COLUMNS, chargeColumns } from "./charges.ts";
import { insertEvents, type NewEvent } from "./events.ts";

// Subscriptions, their periods and the sandbox test clocks (migration 0019). Every query names
// its account and mode, except the scheduler's claims, which work across accounts and hand each
// row's owner on.

export type SubscriptionStatusText = "created" | "approved" | "rejected" | "expired" | "canceled";

export type SubscriptionRow = {
  id: string;
  accountId: string;
  mode: Mode;
  status: SubscriptionStatusText;
  title: string;
  externalId: string | null;
  details: Record<string, string>;
  periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
  startDate: string;
  endDate: string | null;
  valueCents: number | null;
  maxValueCents: number | null;
  firstPaymentCents: number | null;
  retryPolicy: "none" | "up_to_3_in_7_days";
  provider: string;
  recId: string;
  brCode: string;
  firstChargeId: string | null;
  nextPeriod: number;
  nextIssueAt: Date | null;
  nextAmountCents: number | null;
  failDebits: boolean;
  canceledBy: "merchant" | "payer" | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  canceledAt: Date | null;
};

const COLUMNS: Array<[string, keyof SubscriptionRow]> = [
  ["id", "id"],
  ["account_id", "accountId"],
  ["mode", "mode"],
  ["status", "status"],
  ["title", "title"],
  ["external_id", "externalId"],
  ["details", "details"],
  ["periodicity", "periodicity"],
  ["to_char(start_date, 'YYYY-MM-DD')", "startDate"],
  ["to_char(end_date, 'YYYY-MM-DD')", "endDate"],
  ["value_cents", "valueCents"],
  ["max_value_cents", "maxValueCents"],
  ["first_payment_cents", "firstPaymentCents"],
  ["retry_policy", "retryPolicy"],
  ["provider", "provider"],
  ["rec_id", "recId"],
  ["br_code", "brCode"],
  ["first_charge_id", "firstChargeId"],
  ["next_period", "nextPeriod"],
  ["next_issue_at", "nextIssueAt"],
  ["next_amount_cents", "nextAmountCents"],
  ["fail_debits", "failDebits"],
  ["canceled_by", "canceledBy"],
  ["expires_at", "expiresAt"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
  ["approved_at", "approvedAt"],
  ["canceled_at", "canceledAt"],
];
const cols = (alias = "") =>
  COLUMNS.map(
    ([c, f]) => `${c.includes("(") ? c.replace("(", `(${alias}`) : alias + c} AS "${f}"`,
  ).join(", ");
export const SUBSCRIPTION_COLUMNS = cols();

type Key = { accountId: string; mode: Mode; id: string };

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

export async function findSubscription(db: Db, k: Key): Promise<SubscriptionRow | undefined> {
  const rows = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE id = $1 AND account_id = $2 AND mode = $3`,
    [k.id, k.accountId, k.mode],
  );
  return rows[0];
}

/** A subscription by its recorrência id (a live PSP's notification names idRec). */
export async function findSubscriptionByRec(
  db: Db,
  k: { accountId: string; mode: Mode; recId: string },
): Promise<SubscriptionRow | undefined> {
  const rows = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE rec_id = $1 AND account_id = $2 AND mode = $3`,
    [k.recId, k.accountId, k.mode],
  );
  return rows[0];
}

/** A subscription by id in any account (the hosted authorisation page, which is public). */
export async function findSubscriptionById(
  db: Db,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE id = $1`,
    [id],
  );
  return rows[0];
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

/**
 * The scheduler's claim: approved subscriptions whose next period is due for its charge, locked
 * for this transaction (SKIP LOCKED: another instance takes the others). `accountId` narrows the
 * claim to one account's test mode (its test clock runs ahead of `at`'s real time).
 */
export function claimDueSubscriptions(
  db: Db,
  c: { at: Date; limit: number; testAccountId?: string },
): Promise<SubscriptionRow[]> {
  const one = c.testAccountId !== undefined;
  return db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions
     WHERE status = 'approved' AND next_issue_at <= $1
       ${one ? "AND account_id = $3 AND mode = 'test'" : ""}
     ORDER BY next_issue_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
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
export function claimUnanswered(
  db: Db,
  c: { at: Date; limit: number; testAccountId?: string },
): Promise<SubscriptionRow[]> {
  const one = c.testAccountId !== undefined;
  return db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions
     WHERE status = 'created' AND expires_at <= $1
       ${one ? "AND account_id = $3 AND mode = 'test'" : ""}
     ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    one ? [c.at, c.limit, c.testAccountId] : [c.at, c.limit],
  );
}

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

const PERIOD_COLUMNS = `p.subscription_id AS "subscriptionId", p.period, p.account_id AS "accountId",
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

/** Issued periods whose sandbox debit is due, locked (SKIP LOCKED), with their subscription. */
export function claimDueDebits(
  db: Db,
  c: { at: Date; limit: number; testAccountId?: string },
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

/** How far an account's sandbox clock runs ahead of the real one (0: not moved). */
export async function testClockOffset(db: Db, accountId: string): Promise<number> {
  const rows = await db.query<{ ms: string | number }>(
    "SELECT advanced_ms AS ms FROM test_clocks WHERE account_id = $1",
    [accountId],
  );
  return Number(rows[0]?.ms ?? 0);
}

export async function advanceTestClock(
  db: Db,
  accountId: string,
  byMs: number,
  at: Date,
): Promise<number> {
  const rows = await db.query<{ ms: string | number }>(
    `INSERT INTO test_clocks (account_id, advanced_ms, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (account_id) DO UPDATE SET advanced_ms = test_clocks.advanced_ms + $2, updated_at = $3
     RETURNING advanced_ms AS ms`,
    [accountId, byMs, at],
  );
  return Number(rows[0]?.ms ?? 0);
}

/** Accounts whose sandbox clock has been moved (the scheduler runs each at its own time). */
export async function testClockAccounts(db: Db): Promise<Array<{ accountId: string; ms: number }>> {
  const rows = await db.query<{ accountId: string; ms: string | number }>(
    `SELECT account_id AS "accountId", advanced_ms AS ms FROM test_clocks WHERE advanced_ms > 0`,
  );
  return rows.map((r) => ({ accountId: r.accountId, ms: Number(r.ms) }));
}

// The billing pass's batch writes: one statement per kind of row for a whole claimed batch, the
// batch travelling as one jsonb parameter (as insert-charges.ts does), so a billing day of
// 100,000 periods is a few hundred statements, not half a million.

const PERIOD_RECORD = `subscription_id text, period integer, account_id text, mode text,
  due_date date, amount_cents bigint, charge_id text, status text, attempts integer,
  next_attempt_at timestamptz, reason text, created_at timestamptz, updated_at timestamptz`;

/** Stores periods not stored yet; answers the `${subscriptionId}:${period}` of those it stored. */
export async function insertPeriods(db: Db, periods: PeriodRow[]): Promise<Set<string>> {
  if (periods.length === 0) return new Set();
  const rows = await db.query<{ k: string }>(
    `INSERT INTO subscription_periods (subscription_id, period, account_id, mode, due_date,
       amount_cents, charge_id, status, attempts, next_attempt_at, reason, created_at, updated_at)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(${PERIOD_RECORD})
     ON CONFLICT (subscription_id, period) DO NOTHING
     RETURNING subscription_id || ':' || period AS k`,
    [
      JSON.stringify(
        periods.map((p) => ({
          subscription_id: p.subscriptionId,
          period: p.period,
          account_id: p.accountId,
          mode: p.mode,
          due_date: p.dueDate,
          amount_cents: p.amountCents,
          charge_id: p.chargeId,
          status: p.status,
          attempts: p.attempts,
          next_attempt_at: p.nextAttemptAt?.toISOString() ?? null,
          reason: p.reason,
          created_at: p.createdAt.toISOString(),
          updated_at: p.updatedAt.toISOString(),
        })),
      ),
    ],
  );
  return new Set(rows.map((r) => r.k));
}

/** Subscription charges (pending, no QR) with their events, in two statements. */
export async function insertSubscriptionCharges(
  db: Db,
  charges: Array<{ row: ChargeRow; events: NewEvent[] }>,
): Promise<void> {
  if (charges.length === 0) return;
  await db.query(
    `INSERT INTO charges (id, account_id, mode, method, status, value_cents, title, description,
       external_id, details, provider, txid, br_code, simulated, expires_at, created_at,
       updated_at, subscription_id)
     SELECT id, account_id, mode, 'pix', status, value_cents, title, description, external_id,
       details, provider, txid, br_code, false, expires_at, created_at, updated_at, subscription_id
     FROM jsonb_to_recordset($1::jsonb) AS t(id text, account_id text, mode text, status text,
       value_cents bigint, title text, description text, external_id text, details jsonb,
       provider text, txid text, br_code text, expires_at timestamptz, created_at timestamptz,
       updated_at timestamptz, subscription_id text)`,
    [
      JSON.stringify(
        charges.map(({ row: r }) => ({
          id: r.id,
          account_id: r.accountId,
          mode: r.mode,
          status: r.status,
          value_cents: r.valueCents,
          title: r.title,
          description: r.description,
          external_id: r.externalId,
          details: r.details,
          provider: r.provider,
          txid: r.txid,
          br_code: r.brCode,
          expires_at: r.expiresAt.toISOString(),
          created_at: r.createdAt.toISOString(),
          updated_at: r.updatedAt.toISOString(),
          subscription_id: r.subscriptionId ?? null,
        })),
      ),
    ],
  );
  await insertEvents(
    db,
    charges.flatMap((c) => c.events),
  );
}

export type Advance = {
  id: string;
  accountId: string;
  mode: Mode;
  nextPeriod: number;
  nextIssueAt: Date | null;
  clearAmount: boolean;
};

/** Each subscription's next period and when to look at it again, for a batch. */
export async function advanceSubscriptions(db: Db, advances: Advance[], at: Date): Promise<void> {
  if (advances.length === 0) return;
  await db.query(
    `UPDATE subscriptions s SET next_period = t.next_period, next_issue_at = t.next_issue_at,
       updated_at = $2,
       next_amount_cents = CASE WHEN t.clear THEN NULL ELSE s.next_amount_cents END
     FROM jsonb_to_recordset($1::jsonb) AS t(id text, account_id text, mode text,
       next_period integer, next_issue_at timestamptz, clear boolean)
     WHERE s.id = t.id AND s.account_id = t.account_id AND s.mode = t.mode`,
    [
      JSON.stringify(
        advances.map((a) => ({
          id: a.id,
          account_id: a.accountId,
          mode: a.mode,
          next_period: a.nextPeriod,
          next_issue_at: a.nextIssueAt?.toISOString() ?? null,
          clear: a.clearAmount,
        })),
      ),
      at,
    ],
  );
}

/** Approves pending charges of a batch (the sandbox's successful debits); answers those moved. */
export function approveCharges(
  db: Db,
  keys: Array<{ accountId: string; mode: Mode; id: string }>,
  at: Date,
): Promise<ChargeRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.query<ChargeRow>(
    `UPDATE charges c SET status = 'approved', updated_at = $2, approved_at = $2, simulated = true
     FROM jsonb_to_recordset($1::jsonb) AS t(id text, account_id text, mode text)
     WHERE c.id = t.id AND c.account_id = t.account_id AND c.mode = t.mode AND c.status = 'pending'
     RETURNING ${chargeColumns("c.")}`,
    [JSON.stringify(keys.map((k) => ({ id: k.id, account_id: k.accountId, mode: k.mode }))), at],
  );
}

export type PeriodUpdate = {
  subscriptionId: string;
  period: number;
  status: PeriodRow["status"];
  attempts: number;
  nextAttemptAt: Date | null;
  reason: string | null;
};

export async function updatePeriods(db: Db, updates: PeriodUpdate[], at: Date): Promise<void> {
  if (updates.length === 0) return;
  await db.query(
    `UPDATE subscription_periods p SET status = t.status, attempts = t.attempts,
       next_attempt_at = t.next_attempt_at, reason = t.reason, updated_at = $2
     FROM jsonb_to_recordset($1::jsonb) AS t(subscription_id text, period integer, status text,
       attempts integer, next_attempt_at timestamptz, reason text)
     WHERE p.subscription_id = t.subscription_id AND p.period = t.period`,
    [
      JSON.stringify(
        updates.map((u) => ({
          subscription_id: u.subscriptionId,
          period: u.period,
          status: u.status,
          attempts: u.attempts,
          next_attempt_at: u.nextAttemptAt?.toISOString() ?? null,
          reason: u.reason,
        })),
      ),
      at,
    ],
  );
}
