import type { Db } from "../../kernel/db.ts";
import { createBatcher } from "../write-batcher.ts";
import type { ChargeRow } from "./charges.ts";
import {
  DELIVERIES_CTE,
  EVENT_RECORD,
  eventsJson,
  type NewEvent,
  NOTIFY_DELIVERIES,
} from "./events.ts";
import { type KeyToStore, keyLockName, storeKeysSql } from "./idempotency.ts";
import {
  type AttemptToOpen,
  attemptsJson,
  CONNECTED_COLUMN,
  openAttempts,
  openAttemptsCtes,
} from "./live-pix/cob-attempts.ts";
import { BILLS_OF_NEW_CHARGES_CTE, NOTIFY_MAILS } from "./notifications/outbox-sql.ts";

/**
 * One charge to create: its row, its creation events and, optionally, its Idempotency-Key row
 * (the charge is written only if the key's row is).
 */
export type ChargeWrite = { row: ChargeRow; events: NewEvent[]; key?: KeyToStore };

// The whole batch travels as one jsonb parameter and is unpacked by jsonb_to_recordset, so the
// statement's text (and its prepared plan) is the same for one charge or sixty, and the batch is
// serialised once, by JSON.stringify. jsonb (not json) because PostgreSQL then parses the text
// once; event payloads travel as strings inside it, so the stored `json` payload keeps the exact
// text and key order it was serialised with. Data-modifying CTEs run atomically: a charge is
// never stored without its events, their webhook deliveries, its payer's bill (when it has a
// customer_email) and its key's stored response, and a charge whose key was not stored is not
// written at all.
//
// The keys are stored as every path stores them (storeKeysSql, queries/idempotency.ts): under the
// key's advisory lock (not taken: a request with this key is executing now), replacing only an
// expired row. Two writes of one key must not share a batch (ON CONFLICT cannot touch a row twice
// in one statement); the batcher (makeChargeWriter, below) keeps them apart.
//
// The charges created here (the API, the batch, the checkout) are made on the real clock, so
// their events' deliveries are due at the events' created_at; a test clock's events, whose
// deliverAt differs, go through insertEvents (events.ts).
const CHARGE_CTES = `input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(
      id text, account_id text, mode text, method text, status text, value_cents bigint,
      title text, description text, product_id text, external_id text, details jsonb,
      provider text, txid text, br_code text, simulated boolean,
      expires_at timestamptz, created_at timestamptz, updated_at timestamptz,
      approved_at timestamptz, crypto jsonb, due_terms jsonb, overdue_at timestamptz,
      qr_code_id text, psp_e2eid text, counter_link_id text, events jsonb,
      k_route text, k_key text, k_lock text, k_fingerprint text, k_token_id text,
      k_status integer, k_body text, k_created_at timestamptz)
  ), k AS (
    ${storeKeysSql(`(SELECT account_id, mode, k_route AS route, k_key AS key,
        k_fingerprint AS fingerprint, k_token_id AS token_id, k_status AS response_status,
        k_body AS response_body,
        k_created_at AS created_at, k_lock AS lock_name
      FROM input WHERE k_key IS NOT NULL) AS keys`)}
  ), c AS (
    INSERT INTO charges (id, account_id, mode, method, status, value_cents, title, description,
      product_id, external_id, details, provider, txid, br_code, simulated,
      expires_at, created_at, updated_at, approved_at, crypto, due_terms, overdue_at,
      overdue_pending, qr_code_id, psp_e2eid, counter_link_id)
    SELECT i.id, i.account_id, i.mode, i.method, i.status, i.value_cents, i.title, i.description,
      i.product_id, i.external_id, i.details, i.provider, i.txid, i.br_code, i.simulated,
      i.expires_at, i.created_at, i.updated_at, i.approved_at, i.crypto, i.due_terms,
      i.overdue_at, CASE WHEN i.overdue_at IS NULL THEN NULL ELSE true END, i.qr_code_id,
      i.psp_e2eid, i.counter_link_id
    FROM input i
    WHERE i.k_key IS NULL OR EXISTS (SELECT 1 FROM k WHERE k.account_id = i.account_id
      AND k.mode = i.mode AND k.route = i.k_route AND k.key = i.k_key)
    ON CONFLICT (psp_e2eid) WHERE psp_e2eid IS NOT NULL DO NOTHING
    RETURNING id
  ), e AS (
    INSERT INTO events (id, account_id, mode, type, charge_id, payload, created_at)
    SELECT ev.id, ev.account_id, ev.mode, ev.type, ev.charge_id, ev.payload::json, ev.created_at
    FROM input i JOIN c ON c.id = i.id
      CROSS JOIN LATERAL jsonb_to_recordset(i.events) AS ev(${EVENT_RECORD})
    ORDER BY i.id, ev.n
    RETURNING id, account_id, mode, type, created_at AS deliver_at
  ), ${DELIVERIES_CTE}, ${BILLS_OF_NEW_CHARGES_CTE}
  SELECT (SELECT coalesce(json_agg(id), '[]') FROM c)::text AS inserted,
    ${NOTIFY_DELIVERIES} AS notified, ${NOTIFY_MAILS} AS mailed`;
const INSERT_CHARGES = `WITH ${CHARGE_CTES}`;
// The same, also journalling the cobs of live creations about to be PUT (pix_cob_attempts): a
// data-modifying CTE runs to completion whether or not anything reads it, and commits with the
// rest, so those journal rows share the batch's one commit (see makeCreateWriter).
// `connected` says which accounts' attempts were journalled (live-pix/cob-attempts.ts:
// openAttemptsCtes).
const INSERT_CHARGES_AND_ATTEMPTS = `WITH ${openAttemptsCtes("$2")}, ${CHARGE_CTES},
    ${CONNECTED_COLUMN}`;

/**
 * Creates charges with their events (and keys) in one statement: one round trip and one commit
 * for the whole batch. Returns the ids of the charges written; a charge is missing when its key
 * was not stored (taken by another request, live, or in flight).
 */
export async function insertCharges(db: Db, writes: ChargeWrite[]): Promise<Set<string>> {
  const rows = await db.query<{ inserted: string }>(INSERT_CHARGES, [chargesJson(writes)]);
  return new Set(JSON.parse(rows[0]?.inserted ?? "[]") as string[]);
}

/**
 * The same, also journalling `attempts` (live cobs about to be PUT) in the same statement and
 * commit. `connected`: the accounts whose attempts were journalled (one missing has no live
 * connection any more: openAttemptsCtes).
 */
export async function insertChargesAndAttempts(
  db: Db,
  writes: ChargeWrite[],
  attempts: AttemptToOpen[],
): Promise<{ written: Set<string>; connected: Set<string> }> {
  const rows = await db.query<{ inserted: string; connected: string }>(
    INSERT_CHARGES_AND_ATTEMPTS,
    [chargesJson(writes), attemptsJson(attempts)],
  );
  return {
    written: new Set(JSON.parse(rows[0]?.inserted ?? "[]") as string[]),
    connected: new Set(JSON.parse(rows[0]?.connected ?? "[]") as string[]),
  };
}

function chargesJson(writes: ChargeWrite[]): string {
  const input = writes.map(({ row, events, key }) => {
    // The statement stores the key under the charge's account and mode.
    if (key && (key.accountId !== row.accountId || key.mode !== row.mode)) {
      throw new Error("an Idempotency-Key must belong to its charge's account and mode");
    }
    return {
      id: row.id,
      account_id: row.accountId,
      mode: row.mode,
      method: row.method,
      status: row.status,
      value_cents: row.valueCents,
      title: row.title,
      description: row.description,
      product_id: row.productId,
      external_id: row.externalId,
      details: row.details,
      provider: row.provider,
      txid: row.txid,
      br_code: row.brCode,
      simulated: row.simulated,
      // Dates as ISO text up front: JSON.stringify leaves its fast path for objects with toJSON.
      expires_at: row.expiresAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      approved_at: row.approvedAt?.toISOString() ?? null,
      crypto: row.crypto,
      // A due-date charge's terms (migration 0017); absent keys arrive as NULL.
      ...(row.dueTerms ? { due_terms: row.dueTerms } : {}),
      ...(row.overdueAt ? { overdue_at: row.overdueAt.toISOString() } : {}),
      // A payment to a reusable QR code (migration 0033).
      ...(row.qrCodeId ? { qr_code_id: row.qrCodeId } : {}),
      // A live payment to a QR code: its end-to-end id, whose unique index makes a second write
      // of the same payment (a notification racing reconciliation) write nothing (ON CONFLICT).
      ...(row.pspE2eid ? { psp_e2eid: row.pspE2eid } : {}),
      // A charge made at a counter link's phone (migration 0037).
      ...(row.counterLinkId ? { counter_link_id: row.counterLinkId } : {}),
      events: eventsJson(events),
      ...(key
        ? {
            k_route: key.route,
            k_key: key.key,
            k_lock: keyLockName(key),
            k_fingerprint: key.fingerprint,
            k_token_id: key.tokenId,
            k_status: key.responseStatus,
            k_body: key.responseBody,
            k_created_at: key.createdAt.toISOString(),
          }
        : {}),
    };
  });
  return JSON.stringify(input);
}

const isDuplicateChargeId = (err: unknown) => {
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === "23505" && e.constraint === "charges_pkey";
};

/** Stores one charge (through the batcher); true if written, false if its key was not stored. */
export type ChargeWriter = (w: ChargeWrite) => Promise<boolean>;
/**
 * Journals a live cob's txid (pix_cob_attempts) through the same batcher; resolves once the row
 * is committed, so the PUT /cob that follows is always journalled first. False: not journalled,
 * the account's live connection is gone (deleted meanwhile), and the cob must not be PUT.
 */
export type CobAttemptWriter = (a: AttemptToOpen) => Promise<boolean>;

type CreateWrite = { charge: ChargeWrite } | { attempt: AttemptToOpen };

type BatchOptions = { maxInFlight: number; maxBatch: number; overlapAt: number };

/**
 * The service's creation writer: charges from concurrent requests, and the journal rows of live
 * cobs about to be PUT, are grouped into one statement and one commit (write-batcher.ts,
 * decision 0002). A live creation writes twice, its journal row before the PUT and its charge
 * after it; each joins whatever batch is next, beside other requests' writes of either kind.
 * Two stores of one Idempotency-Key, or two journal rows of one txid, never share a batch.
 */
export function makeCreateWriter(
  db: Db,
  opts: BatchOptions,
): { writeCharge: ChargeWriter; openCobAttempt: CobAttemptWriter } {
  const batcher = createBatcher<CreateWrite, boolean>({
    ...opts,
    run: async (items) => {
      const charges: ChargeWrite[] = [];
      const attempts: AttemptToOpen[] = [];
      for (const item of items) {
        if ("charge" in item) charges.push(item.charge);
        else attempts.push(item.attempt);
      }
      // An attempt's answer: whether it was journalled (false: its account's live connection
      // is gone, and its cob must not be PUT).
      if (charges.length === 0) {
        const connected = await openAttempts(db, attempts);
        return items.map((i) => "attempt" in i && connected.has(i.attempt.accountId));
      }
      try {
        if (attempts.length === 0) {
          const written = await insertCharges(db, charges);
          return items.map((i) => "charge" in i && written.has(i.charge.row.id));
        }
        const { written, connected } = await insertChargesAndAttempts(db, charges, attempts);
        return items.map((i) =>
          "charge" in i ? written.has(i.charge.row.id) : connected.has(i.attempt.accountId),
        );
      } catch (err) {
        // A batch that failed only in answering (a connection lost after its commit) is retried
        // write by write; a charge id, random and new, can then only exist because that commit
        // stored it. (A write with a key is not retried into this: its key row exists, so it
        // is not written again and the caller replays it. A journal row is rewritten in place.)
        if (items.length === 1 && isDuplicateChargeId(err)) return [true];
        throw err;
      }
    },
    // A txid has no newline; a key's lock name has three (keyLockName).
    conflictKey: (i) =>
      "charge" in i
        ? i.charge.key
          ? keyLockName(i.charge.key)
          : undefined
        : `cob:${i.attempt.txid}`,
  });
  return {
    writeCharge: (charge) => batcher.write({ charge }),
    openCobAttempt: (attempt) => batcher.write({ attempt }),
  };
}

/** The charge half of makeCreateWriter (tests, and writers of charges alone). */
export const makeChargeWriter = (db: Db, opts: BatchOptions): ChargeWriter =>
  makeCreateWriter(db, opts).writeCharge;
