import type { Db } from "../../kernel/db.ts";

// Retention (TOSTAO_RETENTION_DAYS): history older than a cut is deleted a small batch per
// statement, each its own transaction, so no lock is held for long and autovacuum reuses the
// space as it goes. Rows are claimed with FOR UPDATE SKIP LOCKED, so instances running the pass
// at once share the work instead of waiting on each other. Charges are never deleted.
//
// Events and deliveries have no index on their age (one would cost every row ~40 bytes): a batch
// walks their primary key from the oldest (deliveries by seq, in insertion order; events by id,
// which begins with the creation time, domain/ids.ts), and deletes the rows older than the cut.
// A pass stops at the first batch that deletes nothing, that is, when the oldest rows left are
// inside the window; a row written a moment out of order just waits for a later pass.
//
// Rows that must stay (a pending delivery, the event it points at) are stepped over, not counted
// in the batch: a batch made of the oldest rows as they come would, if all of them had to stay
// (an endpoint down for days leaves hundreds of pending deliveries at the old end), delete
// nothing and end every pass there, and history would grow without bound behind them. Pending
// deliveries are few, so stepping over them costs little; events are walked only below the cut's
// id (`$3`, the id an event created at the cut would begin with), so the walk never reaches the
// window, however many of the events in it have deliveries.

export type PruneTable = "deliveries" | "events" | "idempotency_keys" | "dashboard_sessions";

/** Deliveries done (succeeded or failed) and created before the cut, with their attempts. */
const PRUNE_DELIVERIES = `WITH gone AS (
    DELETE FROM deliveries WHERE seq = ANY (ARRAY(
      SELECT seq FROM deliveries
      WHERE seq = ANY (ARRAY(SELECT seq FROM deliveries WHERE status <> 'pending'
          ORDER BY seq LIMIT $2))
        AND created_at < $1 AND status <> 'pending'
      FOR UPDATE SKIP LOCKED))
    RETURNING id
  ), attempts AS (
    DELETE FROM delivery_attempts WHERE delivery_id IN (SELECT id FROM gone) RETURNING 1
  )
  SELECT (SELECT count(*) FROM gone)::int AS n, (SELECT count(*) FROM attempts)::int AS attempts`;

/**
 * Events before the cut that no delivery still points at (deliveries go first, in the same
 * pass; one left pending keeps its event, which the delivery worker reads).
 */
const PRUNE_EVENTS = `WITH gone AS (
    DELETE FROM events WHERE id = ANY (ARRAY(
      SELECT e.id FROM events e
      WHERE e.id < $3 AND e.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event_id = e.id)
      ORDER BY e.id LIMIT $2
      FOR UPDATE SKIP LOCKED))
    RETURNING 1
  )
  SELECT count(*)::int AS n, 0 AS attempts FROM gone`;

/** Rows of a table with an index on their age column, before the cut, oldest first. */
const pruneByAge = (table: string, ageColumn: string) => `WITH gone AS (
    DELETE FROM ${table} WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM ${table} WHERE ${ageColumn} < $1
      ORDER BY ${ageColumn} LIMIT $2 FOR UPDATE SKIP LOCKED))
    RETURNING 1
  )
  SELECT count(*)::int AS n, 0 AS attempts FROM gone`;

const PRUNE: Record<PruneTable, string> = {
  deliveries: PRUNE_DELIVERIES,
  events: PRUNE_EVENTS,
  // Idempotency records by their age index (most go after 24 h anyway).
  idempotency_keys: pruneByAge("idempotency_keys", "created_at"),
  // Dashboard sessions that ended before the cut (every session ends by its expires_at).
  dashboard_sessions: pruneByAge("dashboard_sessions", "expires_at"),
};

/**
 * Deletes one batch of `table`'s rows older than `cut`; returns how many (and attempts).
 * `eventIdCut`: the id prefix of an event created at the cut (events are walked below it).
 */
export async function pruneBatch(
  db: Db,
  table: PruneTable,
  k: { cut: Date; batch: number; eventIdCut: string },
): Promise<{ n: number; attempts: number }> {
  const params = table === "events" ? [k.cut, k.batch, k.eventIdCut] : [k.cut, k.batch];
  const [row] = await db.query<{ n: number; attempts: number }>(PRUNE[table], params);
  return row ?? { n: 0, attempts: 0 };
}

export type PruneCounts = {
  events: number;
  deliveries: number;
  delivery_attempts: number;
  idempotency_keys: number;
  dashboard_sessions: number;
};

/**
 * What a pass at `cut` would delete, per table (`tostao prune --dry-run`). It counts every old
 * row, so it reads the whole of events and deliveries: an operator's question, not a hot path.
 */
export async function countPrunable(db: Db, cut: Date): Promise<PruneCounts> {
  const [row] = await db.query<PruneCounts>(
    `WITH d AS (SELECT id FROM deliveries WHERE created_at < $1 AND status <> 'pending')
    SELECT
      (SELECT count(*) FROM events e WHERE e.created_at < $1 AND NOT EXISTS (
         SELECT 1 FROM deliveries k WHERE k.event_id = e.id
           AND NOT (k.created_at < $1 AND k.status <> 'pending')))::int AS events,
      (SELECT count(*) FROM d)::int AS deliveries,
      (SELECT count(*) FROM delivery_attempts a WHERE a.delivery_id IN (SELECT id FROM d))::int
        AS delivery_attempts,
      (SELECT count(*) FROM idempotency_keys WHERE created_at < $1)::int AS idempotency_keys,
      (SELECT count(*) FROM dashboard_sessions WHERE expires_at < $1)::int AS dashboard_sessions`,
    [cut],
  );
  return (
    row ?? {
      events: 0,
      deliveries: 0,
      delivery_attempts: 0,
      idempotency_keys: 0,
      dashboard_sessions: 0,
    }
  );
}
