import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";
import { MAIL_CHANNEL } from "./outbox-sql.ts";

export type PlannedRow = {
  kind: string;
  chargeId: string | null;
  subscriptionId: string | null;
  recipient: string;
  dedupeKey: string;
  /** On the account's clock for its mode. */
  scheduledFor: Date;
  /** On the real clock: when the worker may take it. */
  nextAttemptAt: Date;
};

/**
 * Adds notifications that are not there yet (by dedupe key), in one statement, and wakes the
 * mail workers if any was added. Returns how many were added.
 */
export async function insertPlannedNotifications(
  db: Db,
  who: { accountId: string; mode: Mode },
  rows: readonly PlannedRow[],
  at: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const added = await db.query<{ n: number }>(
    `WITH x AS (
       INSERT INTO notifications (id, account_id, mode, kind, charge_id, subscription_id,
         recipient, dedupe_key, status, scheduled_for, next_attempt_at, created_at, updated_at)
       SELECT 'ntf_' || substr(md5($1 || $2 || r.dedupe_key), 1, 26), $1, $2, r.kind, r.charge_id,
         r.subscription_id, r.recipient, r.dedupe_key, 'pending', r.scheduled_for,
         r.next_attempt_at, $4, $4
       FROM jsonb_to_recordset($3::jsonb) AS r(kind text, charge_id text, subscription_id text,
         recipient text, dedupe_key text, scheduled_for timestamptz, next_attempt_at timestamptz)
       ON CONFLICT (account_id, mode, dedupe_key) DO NOTHING
       RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM x) AS n,
       (SELECT count(*) FROM (SELECT pg_notify('${MAIL_CHANNEL}', $2) FROM (SELECT 1 FROM x LIMIT 1) o) w) AS woke`,
    [
      who.accountId,
      who.mode,
      JSON.stringify(
        rows.map((r) => ({
          kind: r.kind,
          charge_id: r.chargeId,
          subscription_id: r.subscriptionId,
          recipient: r.recipient,
          dedupe_key: r.dedupeKey,
          scheduled_for: r.scheduledFor.toISOString(),
          next_attempt_at: r.nextAttemptAt.toISOString(),
        })),
      ),
      at,
    ],
  );
  return added[0]?.n ?? 0;
}

/**
 * The sandbox test clock moved: this account's test-mode notifications now due by `testNow`
 * are made due at the real `realNow` (they were planned for a real time days ahead).
 */
export async function bringForwardDue(
  db: Db,
  accountId: string,
  testNow: Date,
  realNow: Date,
): Promise<number> {
  const rows = await db.query(
    `UPDATE notifications SET next_attempt_at = $3
     WHERE account_id = $1 AND mode = 'test' AND status = 'pending'
       AND scheduled_for <= $2 AND next_attempt_at > $3
     RETURNING 1`,
    [accountId, testNow, realNow],
  );
  return rows.length;
}
