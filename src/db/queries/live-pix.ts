import type { Db } from "../../kernel/db.ts";
import { type ChargeRow, chargeColumns } from "./charges.ts";

// SQL of live PIX charges (issue 12): approval by a confirmed PSP payment, refund state, the
// reconciliation work list and the cob attempts journal. Every statement is conditional or
// claims its rows with SKIP LOCKED, so any number of instances may run them at once.

/** A live charge's PSP-side facts, beside its ChargeRow. */
export type LivePixState = {
  pspE2eid: string | null;
  refundId: string | null;
  refundStatus: string | null;
  refundReason: string | null;
};

export async function liveState(
  db: Db,
  k: { accountId: string; id: string },
): Promise<LivePixState | undefined> {
  const rows = await db.query<LivePixState>(
    `SELECT psp_e2eid AS "pspE2eid", refund_id AS "refundId", refund_status AS "refundStatus",
       refund_reason AS "refundReason"
     FROM charges WHERE id = $1 AND account_id = $2 AND mode = 'live'`,
    [k.id, k.accountId],
  );
  return rows[0];
}

/**
 * Approves a live charge paid by the PSP payment `e2eid`, once: only if the charge is not
 * approved (or refunded) yet and no charge already holds this end-to-end id. A payment that
 * lands after our expiry or cancel still wins (money was received), marked paid late.
 */
export async function approveByPayment(
  db: Db,
  k: {
    accountId: string;
    id: string;
    e2eid: string;
    at: Date;
    /** A due-date charge (cobv): what the payer paid on the day (migration 0017). */
    amountPaidCents?: number;
  },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<ChargeRow>(
    `UPDATE charges SET status = 'approved', updated_at = $4, approved_at = $4, psp_e2eid = $3,
       paid_late = paid_late OR status <> 'pending',
       amount_paid_cents = coalesce($5, amount_paid_cents)
     WHERE id = $1 AND account_id = $2 AND mode = 'live' AND method = 'pix'
       AND status IN ('pending', 'expired', 'canceled')
       AND NOT EXISTS (SELECT 1 FROM charges o WHERE o.psp_e2eid = $3)
     RETURNING ${chargeColumns()}`,
    [k.id, k.accountId, k.e2eid, k.at, k.amountPaidCents ?? null],
  );
  return rows[0];
}

/**
 * Records the refund we asked for (its id) and what the PSP said of it. Returns whether this
 * changed anything: a status already recorded (a notification and a reconciliation pass both
 * reporting it) is not news, and its event is not written twice.
 */
export async function setRefundState(
  db: Db,
  k: { accountId: string; id: string; refundId: string; status: string; reason: string | null },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE charges SET refund_id = $3, refund_status = $4, refund_reason = $5
     WHERE id = $1 AND account_id = $2 AND mode = 'live'
       AND (refund_id IS DISTINCT FROM $3 OR refund_status IS DISTINCT FROM $4)
     RETURNING 1`,
    [k.id, k.accountId, k.refundId, k.status, k.reason],
  );
  return rows.length === 1;
}

// The next check of a charge the PSP was asked about: `base` doubled per check already made,
// at most `max` (milliseconds). Parameters $b and $m of the statement that uses it.
const nextCheck = (at: string, b: string, m: string) =>
  `${at}::timestamptz + least(${b}::float8 * power(2, least(c.psp_check_count, 20)), ${m}::float8) * interval '1 millisecond'`;

/**
 * Claims up to `limit` live PIX charges of an account whose refund is in progress
 * (EM_PROCESSAMENTO) and whose next check is due: the PSP is asked about each refund, and its
 * next check moves back (`baseMs` doubled per check, at most `maxMs`) in the same statement, so
 * a refund the PSP keeps reporting in progress is asked less and less often, and a second
 * instance running the same pass takes other rows. Pending charges are not polled one by one:
 * reconciliation reads the PSP's list of Pix received instead (live-reconcile.ts).
 */
export async function claimOpenLiveCharges(
  db: Db,
  k: { accountId: string; at: Date; baseMs: number; maxMs: number; limit: number },
): Promise<Array<ChargeRow & LivePixState>> {
  return db.query<ChargeRow & LivePixState>(
    `WITH due AS (
       SELECT id FROM charges
       WHERE account_id = $1 AND mode = 'live' AND method = 'pix'
         AND refund_status = 'EM_PROCESSAMENTO' AND status = 'approved'
         AND (psp_next_check_at IS NULL OR psp_next_check_at <= $2)
       ORDER BY psp_next_check_at NULLS FIRST LIMIT $5 FOR UPDATE SKIP LOCKED
     )
     UPDATE charges c SET psp_checked_at = $2, psp_next_check_at = ${nextCheck("$2", "$3", "$4")},
       psp_check_count = c.psp_check_count + 1
     FROM due WHERE c.id = due.id
     RETURNING ${chargeColumns("c.")}, c.psp_e2eid AS "pspE2eid", c.refund_id AS "refundId",
       c.refund_status AS "refundStatus", c.refund_reason AS "refundReason"`,
    [k.accountId, k.at, k.baseMs, k.maxMs, k.limit],
  );
}

/**
 * Claims overdue pending live PIX charges of an account for the expiry pass (their cobs are
 * removed at the PSP before they expire), with the same per-charge back-off: a charge whose
 * removal failed (the PSP down, the cob still ATIVA) is tried again later and later, never on
 * every pass. Underpaid charges (received_cents > 0) are not claimed: their cob is CONCLUIDA,
 * there is nothing to remove (expireUnderpaid). A subscription period's charge is not a cob but
 * a cobr, whose end the PSP reports (domain/subscriptions-live): never claimed here.
 */
export async function claimOverdueLiveCharges(
  db: Db,
  k: { accountId: string; at: Date; baseMs: number; maxMs: number; limit: number },
): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(
    `WITH due AS (
       SELECT id FROM charges
       WHERE account_id = $1 AND mode = 'live' AND method = 'pix' AND status = 'pending'
         AND expires_at <= $2 AND received_cents = 0 AND subscription_id IS NULL
         AND (psp_next_check_at IS NULL OR psp_next_check_at <= $2)
       ORDER BY expires_at LIMIT $5 FOR UPDATE SKIP LOCKED
     )
     UPDATE charges c SET psp_next_check_at = ${nextCheck("$2", "$3", "$4")},
       psp_check_count = c.psp_check_count + 1
     FROM due WHERE c.id = due.id
     RETURNING ${chargeColumns("c.")}`,
    [k.accountId, k.at, k.baseMs, k.maxMs, k.limit],
  );
}

/**
 * Overdue pending live PIX charges paid for less than their value: their cob is CONCLUIDA (it
 * can be paid no more), so they expire without asking the PSP, keeping amountReceived.
 */
export async function overdueUnderpaid(db: Db, at: Date): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(
    `SELECT ${chargeColumns()} FROM charges
     WHERE mode = 'live' AND method = 'pix' AND status = 'pending' AND received_cents > 0
       AND expires_at <= $1
     ORDER BY expires_at LIMIT 500`,
    [at],
  );
}

/**
 * Records that a live charge's cob was paid for less than its value (CONCLUIDA, underpaid):
 * the charge stays pending with what was received. Returns the row only when this is news
 * (the amount was not recorded yet), so its charge.updated event is written once.
 */
export async function recordUnderpaid(
  db: Db,
  k: { accountId: string; id: string; receivedCents: number; at: Date },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<ChargeRow>(
    `UPDATE charges SET received_cents = $3, updated_at = $4
     WHERE id = $1 AND account_id = $2 AND mode = 'live' AND method = 'pix' AND status = 'pending'
       AND received_cents <> $3
     RETURNING ${chargeColumns()}`,
    [k.id, k.accountId, k.receivedCents, k.at],
  );
  return rows[0];
}

/** Up to `limit` pending live PIX charges of an account (ids), oldest first. */
export async function pendingLiveChargeIds(
  db: Db,
  k: { accountId: string; limit: number },
): Promise<{ ids: string[]; total: number }> {
  const rows = await db.query<{ id: string; total: string | number }>(
    `SELECT id, count(*) OVER () AS total FROM charges
     WHERE account_id = $1 AND mode = 'live' AND method = 'pix' AND status = 'pending'
     ORDER BY created_at LIMIT $2`,
    [k.accountId, k.limit],
  );
  return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
}

/**
 * The live charges of an account holding these txids (reconciliation's batch lookup), each with
 * the id of the payment that approved it (null while unpaid; a placeholder when the PSP listed
 * none: live-payment-ids.ts), so a Pix seen again can be told from a second payment.
 */
export async function chargesByTxids(
  db: Db,
  k: { accountId: string; txids: string[] },
): Promise<Array<ChargeRow & { pspE2eid: string | null }>> {
  if (k.txids.length === 0) return [];
  return db.query<ChargeRow & { pspE2eid: string | null }>(
    // The txids alone in the scan, so charges_by_txid serves it whatever the statistics (see
    // oneCharge in charges.ts); the owner is checked on the few rows found.
    `WITH found AS MATERIALIZED (SELECT * FROM charges WHERE txid = ANY($2::text[]))
     SELECT ${chargeColumns()}, psp_e2eid AS "pspE2eid" FROM found
     WHERE account_id = $1 AND mode = 'live'`,
    [k.accountId, k.txids],
  );
}

// ---- the cob attempts journal -------------------------------------------------------------

export type CobAttempt = {
  txid: string;
  accountId: string;
  keyHash: string | null;
  generation: number;
  state: "open" | "done" | "removed" | "paid_orphan";
  createdAt: Date;
};

/** How many candidate txids keyTxidState checks at once (live-create.ts asks for this many). */
export const TXID_CANDIDATES = 4;

/**
 * What choosing a key's txid needs, in one round trip: the newest attempt made under the
 * Idempotency-Key (its hash), if any, and which of the `candidates` txids (at most
 * TXID_CANDIDATES) a live charge of the account already holds. The candidates are found by txid
 * alone (a materialised CTE), so no index led by other columns can be picked for it (a plan
 * made while charges was nearly empty may still scan it, until autoanalyze replans). They
 * travel as four parameters, not one array: with `txid = ANY($3)` PostgreSQL cannot tell how
 * many values a generic plan will meet, and in the bench it planned the statement again on most
 * calls (3,610 plannings in 4,499 calls, ~0.4 ms each, for 40 µs of execution); a fixed list
 * gets the same estimate generic or custom, and its generic plan is kept. The account's live
 * connection revision comes along (one more index probe, not one more statement), so a cached
 * connection can be reused without a read of its own (clients.ts: forAccountAt).
 */
export async function keyTxidState(
  db: Db,
  k: { accountId: string; keyHash: string; candidates: string[] },
): Promise<{
  latest: CobAttempt | undefined;
  taken: Set<string>;
  /** The revision of the account's live PSP connection (undefined: none), read in passing. */
  connectionRevision: number | undefined;
}> {
  const first = k.candidates[0];
  if (first === undefined || k.candidates.length > TXID_CANDIDATES) {
    throw new RangeError(`keyTxidState takes 1 to ${TXID_CANDIDATES} candidates`);
  }
  // Short lists repeat their first txid: a repeated value finds nothing more.
  const four = Array.from({ length: TXID_CANDIDATES }, (_, i) => k.candidates[i] ?? first);
  const rows = await db.query<{
    latest: (CobAttempt & { createdAt: string }) | null;
    taken: string[];
    revision: number | null;
  }>(
    `WITH found AS MATERIALIZED (SELECT txid, account_id, mode FROM charges
       WHERE txid IN ($3, $4, $5, $6))
     SELECT (SELECT json_build_object('txid', txid, 'accountId', account_id, 'keyHash', key_hash,
               'generation', generation, 'state', state, 'createdAt', created_at)
             FROM pix_cob_attempts WHERE account_id = $1 AND key_hash = $2
             ORDER BY generation DESC LIMIT 1) AS latest,
       ARRAY(SELECT txid FROM found WHERE account_id = $1 AND mode = 'live') AS taken,
       (SELECT revision FROM pix_psp_connections WHERE account_id = $1 AND mode = 'live')
         AS revision`,
    [k.accountId, k.keyHash, ...four],
  );
  const row = rows[0];
  const latest = row?.latest
    ? { ...row.latest, createdAt: new Date(row.latest.createdAt) }
    : undefined;
  return {
    latest,
    taken: new Set(row?.taken ?? []),
    connectionRevision: row?.revision ?? undefined,
  };
}

/** A cob about to be PUT, for the journal (its txid is written before the PUT is sent). */
export type AttemptToOpen = {
  txid: string;
  accountId: string;
  keyHash: string | null;
  generation: number;
  at: Date;
};

/**
 * SQL, two CTEs: journals the cobs listed in `param` (a jsonb array, attemptsJson) as open, for
 * accounts whose live PSP connection is there; a retry of the same txid reopens nothing done, it
 * only moves an open attempt's time. One txid must not be listed twice (ON CONFLICT cannot touch
 * a row twice in one statement). `attempt_conn` holds those connections FOR KEY SHARE until the
 * commit: a connection delete locks its row FOR UPDATE before its guard looks for open attempts
 * (domain/live-pix/live-delete-guard.ts), so an attempt is either committed before the guard looks
 * (and refuses the delete) or waits for the delete and finds no connection (no row, and the
 * create stops before its PUT). The lock writes nothing but the row's lock marker, once per batch
 * per account. Part of the charge creations' batch (queries/insert-charges.ts) or a statement of
 * its own (openAttempts).
 */
export const openAttemptsCtes = (param: string) =>
  `attempt_conn AS (
     SELECT account_id FROM pix_psp_connections
     WHERE mode = 'live' AND account_id IN (
       SELECT account_id FROM jsonb_to_recordset(${param}::jsonb) AS t(account_id text))
     FOR KEY SHARE
   ), a AS (
     INSERT INTO pix_cob_attempts (txid, account_id, mode, key_hash, generation, state, created_at)
     SELECT txid, account_id, 'live', key_hash, generation, 'open', created_at
     FROM jsonb_to_recordset(${param}::jsonb) AS t(txid text, account_id text, key_hash text,
       generation integer, created_at timestamptz)
     WHERE account_id IN (SELECT account_id FROM attempt_conn)
     ON CONFLICT (txid) DO UPDATE SET created_at = EXCLUDED.created_at
       WHERE pix_cob_attempts.state = 'open'
   )`;

/** A column for the SELECT after openAttemptsCtes: the accounts journalled (connection there). */
export const CONNECTED_COLUMN = `(SELECT coalesce(json_agg(account_id), '[]') FROM attempt_conn)::text
    AS connected`;

/** The JSON parameter of openAttemptsCtes. */
export const attemptsJson = (attempts: AttemptToOpen[]) =>
  JSON.stringify(
    attempts.map((a) => ({
      txid: a.txid,
      account_id: a.accountId,
      key_hash: a.keyHash,
      generation: a.generation,
      created_at: a.at.toISOString(),
    })),
  );

/**
 * Journals cobs about to be PUT, in one statement (the service batches them: insert-charges.ts).
 * Returns the accounts whose attempts were journalled: one missing has no live connection (it
 * was deleted), and its cobs must not be PUT.
 */
export async function openAttempts(db: Db, attempts: AttemptToOpen[]): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const rows = await db.query<{ connected: string }>(
    `WITH ${openAttemptsCtes("$1")} SELECT ${CONNECTED_COLUMN}`,
    [attemptsJson(attempts)],
  );
  return new Set(JSON.parse(rows[0]?.connected ?? "[]") as string[]);
}

/**
 * Open attempts of the account whose charge was not stored: a live create between its journal
 * row and its charge, or a cob the reconciliation's sweep has yet to remove. Counted, and the
 * first `limit` listed, for the connection delete's guard.
 */
export async function unsettledAttempts(
  db: Db,
  k: { accountId: string; limit: number },
): Promise<{ txids: string[]; total: number }> {
  const rows = await db.query<{ txid: string; total: number }>(
    `SELECT a.txid, count(*) OVER ()::int AS total FROM pix_cob_attempts a
     WHERE a.account_id = $1 AND a.state = 'open'
       AND NOT EXISTS (SELECT 1 FROM charges c WHERE c.txid = a.txid)
     ORDER BY a.created_at LIMIT $2`,
    [k.accountId, k.limit],
  );
  return { txids: rows.map((r) => r.txid), total: rows[0]?.total ?? 0 };
}

export async function closeAttempt(
  db: Db,
  k: { txid: string; state: "done" | "removed" | "paid_orphan"; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE pix_cob_attempts SET state = $2, checked_at = $3 WHERE txid = $1 AND state = 'open'`,
    [k.txid, k.state, k.at],
  );
}

/**
 * Claims open attempts older than `before` (their cob's fate is unknown): attempts whose charge
 * was stored are closed as done on the way; the rest come back for a look at the PSP.
 */
export async function claimStaleAttempts(
  db: Db,
  k: { accountId: string; before: Date; at: Date; limit: number },
): Promise<CobAttempt[]> {
  // The charges are found by txid alone (a materialised CTE), so charges_by_txid serves the lookup
  // whatever the statistics; an owner-led index would read the account's whole history.
  await db.query(
    `WITH found AS MATERIALIZED (
       SELECT txid, account_id, mode FROM charges
       WHERE txid = ANY (ARRAY(SELECT txid FROM pix_cob_attempts
         WHERE account_id = $1 AND state = 'open')))
     UPDATE pix_cob_attempts a SET state = 'done', checked_at = $2
     FROM found f
     WHERE a.txid = f.txid AND a.state = 'open' AND f.account_id = $1 AND f.mode = 'live'`,
    [k.accountId, k.at],
  );
  return db.query<CobAttempt>(
    `WITH due AS (
       SELECT txid FROM pix_cob_attempts
       WHERE account_id = $1 AND state = 'open' AND created_at <= $2
         AND (checked_at IS NULL OR checked_at <= $2)
       ORDER BY created_at LIMIT $4 FOR UPDATE SKIP LOCKED
     )
     UPDATE pix_cob_attempts a SET checked_at = $3 FROM due WHERE a.txid = due.txid
     RETURNING a.txid, a.account_id AS "accountId", a.key_hash AS "keyHash", a.generation,
       a.state, a.created_at AS "createdAt"`,
    [k.accountId, k.before, k.at, k.limit],
  );
}

/** Whether a payment (end-to-end id) already settled a charge: a repeated notification. */
export async function paymentKnown(db: Db, e2eid: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM charges WHERE psp_e2eid = $1", [e2eid]);
  return rows.length > 0;
}

/**
 * Forgets settled attempts older than `before` (past the Idempotency-Key retention, no retry can
 * ask for their txid again). Open and paid-orphan attempts stay.
 */
export async function pruneAttempts(db: Db, before: Date): Promise<void> {
  await db.query(
    `DELETE FROM pix_cob_attempts WHERE state IN ('done', 'removed') AND created_at < $1`,
    [before],
  );
}
