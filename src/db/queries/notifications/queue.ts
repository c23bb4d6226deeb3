import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";

// The mail outbox as the queue loop sees it (workers/mail-worker.ts): claim due rows with
// SKIP LOCKED under a lease, give them back, record what came of them, and say when the next is
// due. A worker that dies leaves its claims to lapse; a mail in flight then is sent again, so a
// crash sends at most the few that were in flight twice, and loses none.

export type ClaimedNotification = {
  id: string;
  accountId: string;
  mode: Mode;
  kind: string;
  chargeId: string | null;
  subscriptionId: string | null;
  recipient: string;
  dedupeKey: string;
  /** Attempts before this one. */
  attempts: number;
  /** On the account's clock for its mode: the day a reminder is about. */
  scheduledFor: Date;
  createdAt: Date;
};

/** What one attempt came to. `pending` is a retry at nextAttemptAt. */
export type MailOutcome = {
  id: string;
  status: "pending" | "sent" | "failed" | "not_sent";
  attemptedAt: Date;
  /** Counted when a relay was spoken to (or could not be reached); not for `not_sent`. */
  counted: boolean;
  nextAttemptAt?: Date;
  subject?: string | null;
  error?: string | null;
};

const COLUMNS = `n.id, n.account_id AS "accountId", n.mode, n.kind, n.charge_id AS "chargeId",
  n.subscription_id AS "subscriptionId", n.recipient, n.dedupe_key AS "dedupeKey", n.attempts,
  n.scheduled_for AS "scheduledFor", n.created_at AS "createdAt"`;

/**
 * Claims up to `limit` due notifications of one mode until `lockUntil`, at most `perAccount` of
 * one account's in this worker (less what `inFlight` already runs), so one account's batch of
 * bills cannot hold up another's receipt; each mode has its own claims (workers/mail-worker.ts),
 * read from its own part of the pending index (notifications_due_by_mode, migration 0042).
 */
export async function claimDueNotifications(
  db: Db,
  input: {
    now: Date;
    limit: number;
    lockUntil: Date;
    worker: string;
    perAccount: number;
    inFlight: ReadonlyMap<string, number>;
    mode: Mode;
  },
): Promise<ClaimedNotification[]> {
  const full: string[] = [];
  for (const [id, n] of input.inFlight) if (n >= input.perAccount) full.push(id);
  return db.query<ClaimedNotification>(
    `WITH candidates AS (
       SELECT id, account_id, next_attempt_at FROM notifications
       WHERE status = 'pending' AND mode = $7 AND next_attempt_at <= $1
         AND (locked_until IS NULL OR locked_until <= $1)
         AND account_id <> ALL ($5::text[])
       ORDER BY next_attempt_at LIMIT $2 * 4
     ), ranked AS (
       SELECT id, next_attempt_at,
         row_number() OVER (PARTITION BY account_id ORDER BY next_attempt_at, id) AS rn
       FROM candidates
     ), locked AS (
       -- By id (an array computed once), and the status test wrapped in IS TRUE, which the
       -- planner cannot match to the partial index on pending rows: with statistics from
       -- when few were pending it would otherwise walk every pending row for each claim.
       SELECT n.id FROM notifications n
       WHERE n.id = ANY (ARRAY(SELECT id FROM ranked WHERE rn <= $6 ORDER BY next_attempt_at LIMIT $2))
         AND (n.status = 'pending') IS TRUE
         AND (n.locked_until IS NULL OR n.locked_until <= $1)
       FOR UPDATE SKIP LOCKED
     )
     UPDATE notifications n SET locked_until = $3, locked_by = $4
     FROM locked WHERE n.id = locked.id
     RETURNING ${COLUMNS}`,
    [input.now, input.limit, input.lockUntil, input.worker, full, input.perAccount, input.mode],
  );
}

export async function releaseNotifications(db: Db, ids: string[], worker: string): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE notifications SET locked_until = NULL, locked_by = NULL
     WHERE id = ANY ($1::text[]) AND locked_by = $2 AND status = 'pending'`,
    [ids, worker],
  );
}

/**
 * Records attempts, each only if this worker still holds its claim (a claim that lapsed was
 * taken by another worker, whose record wins). Returns the ids recorded.
 *
 * The rows are found by id (`id = ANY` of the batch's ids, estimated as the batch's size), and
 * the statement says nothing of `status`: a claim is only taken on a pending row and every
 * status change clears `locked_by` in this same statement, so `locked_by = $2` already means
 * pending. With `status = 'pending'` in it, statistics taken while few mails were pending (a
 * burst of bills right after an ANALYZE; the bench's create row) made PostgreSQL walk the whole
 * pending index (then notifications_due) or the table for each batch: 6-9 ms a batch at 15,000 pending
 * against about 0.1 ms by id (docs/performance.md, "Session 17").
 */
export async function recordMailOutcomes(
  db: Db,
  worker: string,
  batch: readonly MailOutcome[],
): Promise<string[]> {
  if (batch.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `UPDATE notifications n SET status = o.status,
       attempts = n.attempts + CASE WHEN o.counted THEN 1 ELSE 0 END,
       next_attempt_at = coalesce(o.next_attempt_at, n.next_attempt_at),
       subject = coalesce(o.subject, n.subject), last_error = o.error,
       sent_at = CASE WHEN o.status = 'sent' THEN o.attempted_at ELSE n.sent_at END,
       updated_at = o.attempted_at, locked_until = NULL, locked_by = NULL
     FROM jsonb_to_recordset($1::jsonb) AS o(id text, status text, counted boolean,
       attempted_at timestamptz, next_attempt_at timestamptz, subject text, error text)
     WHERE n.id = ANY ($3::text[]) AND n.id = o.id AND n.locked_by = $2
     RETURNING n.id`,
    [
      JSON.stringify(
        batch.map((o) => ({
          id: o.id,
          status: o.status,
          counted: o.counted,
          attempted_at: o.attemptedAt.toISOString(),
          next_attempt_at: o.nextAttemptAt?.toISOString() ?? null,
          subject: o.subject ?? null,
          error: o.error ?? null,
        })),
      ),
      worker,
      batch.map((o) => o.id),
    ],
  );
  return rows.map((r) => r.id);
}

/** When a mode's next pending notification no worker holds is due (the deliveries' rule). */
export async function nextNotificationDueAt(
  db: Db,
  now: Date,
  mode: Mode,
): Promise<Date | undefined> {
  const rows = await db.query<{ at: Date }>(
    `SELECT next_attempt_at AS at FROM notifications
     WHERE status = 'pending' AND mode = $2 AND (locked_until IS NULL OR locked_until <= $1)
     ORDER BY next_attempt_at LIMIT 1`,
    [now, mode],
  );
  return rows[0]?.at;
}
