import type { Mode } from "../../domain/mode.ts";
import type { Db } from "../db.ts";

export type NewEvent = {
  id: string;
  accountId: string;
  mode: Mode;
  type: string;
  chargeId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
};
export type EventRow = NewEvent & { seq: number };

export const DELIVERY_CHANNEL = "tostao_deliveries";

/**
 * The deliveries of the events a CTE named `e` just wrote (columns id, account_id, mode, type,
 * created_at): one per event per matching webhook (same account and mode, enabled, subscribed
 * to the type or to *).
 */
export const DELIVERIES_CTE = `d AS (
        INSERT INTO deliveries (id, webhook_id, account_id, mode, event_id, event_type, status,
          next_attempt_at, created_at)
        SELECT 'dlv_' || substr(md5(e.id || w.id), 1, 26), w.id, e.account_id, e.mode, e.id,
          e.type, 'pending', e.created_at, e.created_at
        FROM e JOIN webhooks w ON w.account_id = e.account_id AND w.mode = e.mode
          AND w.disabled_at IS NULL AND w.deleted_at IS NULL
          AND (e.type = ANY (w.events) OR ('*' = ANY (w.events) AND e.type <> 'webhook.test'))
        RETURNING 1
      )`;

/** A scalar subquery for the final SELECT: wakes the delivery workers (LISTEN) at commit if `d` made deliveries. */
export const NOTIFY_DELIVERIES = `(SELECT count(*) FROM (SELECT pg_notify('${DELIVERY_CHANNEL}', '') FROM (SELECT 1 FROM d LIMIT 1) one) n)`;

/**
 * Common table expressions that write events and, in the same statement, one webhook delivery
 * per event per matching webhook (same account and mode, enabled, subscribed to the type or
 * to *). Because the deliveries are born with the event, a crash cannot leave an event whose
 * deliveries were never created. Parameters start at $first; with `onlyIf` (a SQL condition)
 * nothing is written unless it holds. `notify` is a scalar subquery to put in the statement's
 * final SELECT: it wakes the delivery workers (LISTEN) at commit when deliveries were made.
 */
export function eventCtes(
  events: NewEvent[],
  first: number,
  onlyIf = "true",
): { sql: string; params: unknown[]; notify: string } {
  const params: unknown[] = [];
  const tuples = events.map((e) => {
    const b = first + params.length;
    params.push(
      e.id,
      e.accountId,
      e.mode,
      e.type,
      e.chargeId,
      JSON.stringify(e.payload),
      e.createdAt,
    );
    return `($${b}::text, $${b + 1}::text, $${b + 2}::text, $${b + 3}::text, $${b + 4}::text, $${b + 5}::json, $${b + 6}::timestamptz)`;
  });
  return {
    sql: `e AS (
        INSERT INTO events (id, account_id, mode, type, charge_id, payload, created_at)
        SELECT * FROM (VALUES ${tuples.join(", ")}) AS v WHERE ${onlyIf}
        RETURNING id, account_id, mode, type, created_at
      ), ${DELIVERIES_CTE}`,
    params,
    notify: NOTIFY_DELIVERIES,
  };
}

/** Writes events (and their webhook deliveries) in one statement. */
export async function insertEvents(db: Db, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const ev = eventCtes(events, 1);
  await db.query(`WITH ${ev.sql} SELECT ${ev.notify} AS notified`, ev.params);
}

export function listEvents(
  db: Db,
  k: { accountId: string; mode: Mode; chargeId?: string; limit: number },
): Promise<EventRow[]> {
  const byCharge = k.chargeId !== undefined;
  return db.query<EventRow>(
    `SELECT seq, id, account_id AS "accountId", mode, type, charge_id AS "chargeId", payload,
       created_at AS "createdAt"
     FROM events WHERE account_id = $1 AND mode = $2 ${byCharge ? "AND charge_id = $4" : ""}
     ORDER BY seq ${byCharge ? "ASC" : "DESC"} LIMIT $3`,
    byCharge ? [k.accountId, k.mode, k.limit, k.chargeId] : [k.accountId, k.mode, k.limit],
  );
}
