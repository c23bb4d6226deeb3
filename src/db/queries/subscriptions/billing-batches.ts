import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";
import { type ChargeRow, chargeColumns } from "../charges.ts";
import { insertEvents, type NewEvent } from "../events.ts";
import type { PeriodRow } from "./periods.ts";

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
