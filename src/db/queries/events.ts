import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

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
 * The JSON form of events for a statement that unpacks them with jsonb_to_recordset (columns as
 * in EVENT_RECORD). Payloads travel as strings, so the stored `json` keeps the exact text and key
 * order they were serialised with; dates as ISO text, which JSON.stringify writes fastest. Events
 * that share a payload object (a charge's creation events) share its text.
 */
export function eventsJson(events: NewEvent[]) {
  let last: NewEvent["payload"] | undefined;
  let lastText = "";
  return events.map((e, n) => {
    if (e.payload !== last) {
      last = e.payload;
      lastText = JSON.stringify(e.payload);
    }
    return {
      n,
      id: e.id,
      account_id: e.accountId,
      mode: e.mode,
      type: e.type,
      charge_id: e.chargeId,
      payload: lastText,
      created_at: e.createdAt.toISOString(),
    };
  });
}

/** The record type of eventsJson's objects, for jsonb_to_recordset(...) AS ev(...). */
export const EVENT_RECORD = `n integer, id text, account_id text, mode text, type text,
  charge_id text, payload text, created_at timestamptz`;

// One statement text for any number of events (a parameter list per event would make every
// batch size its own prepared statement on every connection).
const INSERT_EVENTS = `WITH e AS (
    INSERT INTO events (id, account_id, mode, type, charge_id, payload, created_at)
    SELECT ev.id, ev.account_id, ev.mode, ev.type, ev.charge_id, ev.payload::json, ev.created_at
    FROM jsonb_to_recordset($1::jsonb) AS ev(${EVENT_RECORD})
    ORDER BY ev.n
    RETURNING id, account_id, mode, type, created_at
  ), ${DELIVERIES_CTE}
  SELECT ${NOTIFY_DELIVERIES} AS notified`;

/**
 * Writes events, in order, and in the same statement one webhook delivery per event per
 * matching webhook, so a crash cannot leave an event whose deliveries were never created.
 */
export async function insertEvents(db: Db, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.query(INSERT_EVENTS, [JSON.stringify(eventsJson(events))]);
}

export function listEvents(
  db: Db,
  k: { accountId: string; mode: Mode; chargeId?: string; limit: number; offset: number },
): Promise<EventRow[]> {
  const byCharge = k.chargeId !== undefined;
  return db.query<EventRow>(
    `SELECT seq, id, account_id AS "accountId", mode, type, charge_id AS "chargeId", payload,
       created_at AS "createdAt"
     FROM events WHERE account_id = $1 AND mode = $2 ${byCharge ? "AND charge_id = $5" : ""}
     ORDER BY seq ${byCharge ? "ASC" : "DESC"} LIMIT $3 OFFSET $4`,
    byCharge
      ? [k.accountId, k.mode, k.limit, k.offset, k.chargeId]
      : [k.accountId, k.mode, k.limit, k.offset],
  );
}
