import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import type { ChargeDetails } from "./charges.ts";
import { MAILS_OF_EVENTS_CTE, NOTIFY_MAILS } from "./notifications/outbox-sql.ts";

export type NewEvent = {
  id: string;
  accountId: string;
  mode: Mode;
  type: string;
  chargeId: string | null;
  /**
   * The event's data, or null for a charge's creation events (charge.created, charge.pending),
   * whose data is the charge as created: its row still holds every field they show, so it is
   * drawn from there when read (`origin`) instead of stored twice per charge (migration 0022).
   */
  payload: Record<string, unknown> | null;
  createdAt: Date;
  /**
   * When its webhook deliveries are due, on the real clock; absent, createdAt. They differ
   * under an account's sandbox test clock: the event is dated by that clock, days ahead, while
   * the delivery worker reads the real time, so deliveries due at createdAt would wait for the
   * real time to catch up (deliverAtOf).
   */
  deliverAt?: Date;
};

/** An event's deliverAt for one made on `clock`: the real time when that clock is not it. */
export const deliverAtOf = (clock: Clock): { deliverAt?: Date } =>
  clock.real ? { deliverAt: clock.real.now() } : {};

/** What a creation event's data is drawn from: its charge's fields that never change. */
export type ChargeOrigin = {
  id: string;
  mode: Mode;
  externalId: string | null;
  valueCents: number;
  title: string | null;
  productId: string | null;
  details: ChargeDetails;
  provider: string;
  createdAt: Date;
  /** A due-date charge's terms (migration 0017): its creation data shows the amount due then. */
  dueTerms?: object | null;
  /** A subscription period's charge (migration 0019). */
  subscriptionId?: string | null;
};

/** An event as read: a stored payload, or (payload null) the charge its data is drawn from. */
export type EventRow = NewEvent & { seq: number; origin: ChargeOrigin | null };

/**
 * For a SELECT over events aliased `e`: the charge fields of an event stored without payload,
 * as one JSON column "origin" (NULL for an event with its payload). One primary-key look-up per
 * such event; the caller turns it into a ChargeOrigin with originOf.
 */
export const ORIGIN_COLUMN = `CASE WHEN e.payload IS NULL THEN (
    SELECT json_build_object('id', oc.id, 'mode', oc.mode, 'externalId', oc.external_id,
      'valueCents', oc.value_cents, 'title', oc.title, 'productId', oc.product_id,
      'details', oc.details, 'provider', oc.provider, 'createdAt', oc.created_at,
      'dueTerms', oc.due_terms, 'subscriptionId', oc.subscription_id)
    FROM charges oc WHERE oc.id = e.charge_id) END AS origin`;

export type OriginJson = Omit<ChargeOrigin, "createdAt"> & { createdAt: string };

/** ORIGIN_COLUMN's JSON as a ChargeOrigin (dates come back as ISO text). */
export function originOf(j: OriginJson | null): ChargeOrigin | null {
  if (j === null) return null;
  if (!Number.isSafeInteger(j.valueCents)) {
    throw new RangeError(`charge ${j.id}: an amount exceeds 2^53`);
  }
  return { ...j, createdAt: new Date(j.createdAt) };
}

export const DELIVERY_CHANNEL = "tostao_deliveries";

/**
 * The deliveries of the events a CTE named `e` just wrote (columns id, account_id, mode, type,
 * deliver_at: when their deliveries are due, on the real clock): one per event per matching
 * webhook (same account and mode, enabled, subscribed to the type or to *). A delivery is made,
 * and due, at that real time, whatever date its event carries.
 */
export const DELIVERIES_CTE = `d AS (
        INSERT INTO deliveries (id, webhook_id, account_id, mode, event_id, event_type, status,
          next_attempt_at, created_at)
        SELECT 'dlv_' || substr(md5(e.id || w.id), 1, 26), w.id, e.account_id, e.mode, e.id,
          e.type, 'pending', e.deliver_at, e.deliver_at
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
  let lastText: string | null = null;
  return events.map((e, n) => {
    if (e.payload !== last) {
      last = e.payload;
      lastText = e.payload === null ? null : JSON.stringify(e.payload);
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
      // Only when it differs from created_at (a test clock's event); read as NULL otherwise.
      ...(e.deliverAt ? { deliver_at: e.deliverAt.toISOString() } : {}),
    };
  });
}

/** The record type of eventsJson's objects, for jsonb_to_recordset(...) AS ev(...). */
export const EVENT_RECORD = `n integer, id text, account_id text, mode text, type text,
  charge_id text, payload text, created_at timestamptz, deliver_at timestamptz`;

// One statement text for any number of events (a parameter list per event would make every
// batch size its own prepared statement on every connection). An INSERT's RETURNING sees only
// the table's columns, so each event's deliver_at is joined back from the input by id.
const INSERT_EVENTS = `WITH ev AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS ev(${EVENT_RECORD})
  ), stored AS (
    INSERT INTO events (id, account_id, mode, type, charge_id, payload, created_at)
    SELECT ev.id, ev.account_id, ev.mode, ev.type, ev.charge_id, ev.payload::json, ev.created_at
    FROM ev ORDER BY ev.n
    RETURNING id, account_id, mode, type, charge_id, created_at
  ), e AS (
    SELECT s.id, s.account_id, s.mode, s.type, s.charge_id, s.created_at,
      coalesce(ev.deliver_at, s.created_at) AS deliver_at
    FROM stored s JOIN ev ON ev.id = s.id
  ), ${DELIVERIES_CTE}, ${MAILS_OF_EVENTS_CTE}
  SELECT ${NOTIFY_DELIVERIES} AS notified, ${NOTIFY_MAILS} AS mailed`;

/**
 * Writes events, in order, and in the same statement one webhook delivery per event per
 * matching webhook and the payer's mails they call for (notifications/outbox-sql.ts), so a crash
 * cannot leave an event whose deliveries or mails were never created.
 */
export async function insertEvents(db: Db, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.query(INSERT_EVENTS, [JSON.stringify(eventsJson(events))]);
}

export async function listEvents(
  db: Db,
  k: { accountId: string; mode: Mode; chargeId?: string; limit: number; offset: number },
): Promise<EventRow[]> {
  const byCharge = k.chargeId !== undefined;
  const rows = await db.query<Omit<EventRow, "origin"> & { origin: OriginJson | null }>(
    `SELECT e.seq, e.id, e.account_id AS "accountId", e.mode, e.type, e.charge_id AS "chargeId",
       e.payload, e.created_at AS "createdAt", ${ORIGIN_COLUMN}
     FROM events e WHERE e.account_id = $1 AND e.mode = $2 ${byCharge ? "AND e.charge_id = $5" : ""}
     ORDER BY e.seq ${byCharge ? "ASC" : "DESC"} LIMIT $3 OFFSET $4`,
    byCharge
      ? [k.accountId, k.mode, k.limit, k.offset, k.chargeId]
      : [k.accountId, k.mode, k.limit, k.offset],
  );
  return rows.map((r) => ({ ...r, origin: originOf(r.origin) }));
}
