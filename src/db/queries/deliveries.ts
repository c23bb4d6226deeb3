import type { Mode } from "../../domain/mode.ts";
import type { Db } from "../db.ts";
import { DELIVERY_CHANNEL } from "./events.ts";

export type ClaimedDelivery = {
  id: string;
  webhookId: string;
  eventId: string;
  roundAttempts: number;
  url: string;
  secretBox: string;
  webhookGone: boolean;
  eventType: string;
  payload: Record<string, unknown>;
  eventCreatedAt: Date;
};

/**
 * Claims up to `limit` due deliveries for this worker until `lockUntil`, skipping rows other
 * workers hold (SKIP LOCKED for the claim itself, locked_until for the attempt that follows):
 * two workers never run the same delivery at once. Each webhook gets at most its room in this
 * worker (`perWebhook`, less what `inFlight` says it is already running; a webhook with no room
 * is not looked at), so a backlog on one webhook is not claimed only to be given back.
 *
 * The ranking per webhook looks at the earliest due deliveries, four claims' worth, locked (SKIP
 * LOCKED) while the statement runs; only those within their webhook's room are marked as this
 * worker's, and the others are free again when it commits.
 */
export function claimDue(
  db: Db,
  input: {
    now: Date;
    limit: number;
    lockUntil: Date;
    worker: string;
    perWebhook: number;
    inFlight: ReadonlyMap<string, number>;
  },
): Promise<ClaimedDelivery[]> {
  const full: string[] = [];
  const partIds: string[] = [];
  const partRoom: number[] = [];
  for (const [id, n] of input.inFlight) {
    if (n >= input.perWebhook) full.push(id);
    else if (n > 0) {
      partIds.push(id);
      partRoom.push(input.perWebhook - n);
    }
  }
  return db.query<ClaimedDelivery>(
    `WITH room AS (
       SELECT * FROM unnest($6::text[], $7::int[]) AS r(webhook_id, room)
     ), candidates AS (
       SELECT id, webhook_id, next_attempt_at FROM deliveries
       WHERE status = 'pending' AND next_attempt_at <= $1
         AND (locked_until IS NULL OR locked_until <= $1)
         AND webhook_id <> ALL ($5::text[])
       ORDER BY next_attempt_at LIMIT $2 * 4
       FOR UPDATE SKIP LOCKED
     ), ranked AS (
       SELECT c.id, c.next_attempt_at, coalesce(r.room, $8) AS room,
         row_number() OVER (PARTITION BY c.webhook_id ORDER BY c.next_attempt_at, c.id) AS rn
       FROM candidates c LEFT JOIN room r ON r.webhook_id = c.webhook_id
     ), due AS (
       SELECT id FROM ranked WHERE rn <= room ORDER BY next_attempt_at LIMIT $2
     ), claimed AS (
       UPDATE deliveries d SET locked_until = $3, locked_by = $4
       FROM due WHERE d.id = due.id
       RETURNING d.id, d.webhook_id, d.event_id, d.round_attempts
     )
     SELECT c.id, c.webhook_id AS "webhookId", c.event_id AS "eventId",
       c.round_attempts AS "roundAttempts", w.url, w.secret_box AS "secretBox",
       (w.deleted_at IS NOT NULL OR w.disabled_at IS NOT NULL) AS "webhookGone",
       e.type AS "eventType", e.payload, e.created_at AS "eventCreatedAt"
     FROM claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN events e ON e.id = c.event_id`,
    [
      input.now,
      input.limit,
      input.lockUntil,
      input.worker,
      full,
      partIds,
      partRoom,
      input.perWebhook,
    ],
  );
}

/** Gives claimed deliveries back untouched (the worker had no room to run them). */
export async function releaseClaims(db: Db, ids: string[], worker: string): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    "UPDATE deliveries SET locked_until = NULL, locked_by = NULL WHERE id = ANY ($1::text[]) AND locked_by = $2",
    [ids, worker],
  );
}

export type AttemptOutcome = {
  id: string;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  snippet: string | null;
  /** The delivery's status after this attempt. */
  status: "pending" | "succeeded" | "failed";
  nextAttemptAt: Date;
};

/**
 * Records a batch of attempts in one statement: each attempt row, and each delivery's new
 * status, counters and next time, releasing its lock. Only rows this worker still holds change.
 */
export async function recordAttempts(
  db: Db,
  worker: string,
  batch: AttemptOutcome[],
): Promise<void> {
  if (batch.length === 0) return;
  const col = <K extends keyof AttemptOutcome>(k: K) => batch.map((b) => b[k]);
  await db.query(
    `WITH r AS (
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::int[], $4::int[], $5::text[],
         $6::text[], $7::text[], $8::timestamptz[])
         AS r(id, attempted_at, status_code, latency_ms, error, snippet, status, next_attempt_at)
     ), a AS (
       INSERT INTO delivery_attempts (delivery_id, attempted_at, status_code, latency_ms, error, response_snippet)
       SELECT id, attempted_at, status_code, latency_ms, error, snippet FROM r
     )
     UPDATE deliveries d SET
       -- A delivery settled while its attempt ran (its webhook was deleted or disabled) keeps
       -- its outcome: the attempt is recorded, the delivery does not come back to pending.
       status = CASE WHEN d.status = 'pending' THEN r.status ELSE d.status END,
       completed_at = CASE WHEN d.status <> 'pending' THEN d.completed_at
         WHEN r.status = 'pending' THEN NULL ELSE r.attempted_at END,
       attempts = d.attempts + 1,
       round_attempts = d.round_attempts + 1, next_attempt_at = r.next_attempt_at,
       last_status_code = r.status_code, last_error = r.error, locked_until = NULL,
       locked_by = NULL
     FROM r WHERE d.id = r.id AND d.locked_by = $9`,
    [
      col("id"),
      col("attemptedAt").map((d) => d.toISOString()),
      col("statusCode"),
      col("latencyMs"),
      col("error"),
      col("snippet"),
      col("status"),
      col("nextAttemptAt").map((d) => d.toISOString()),
      worker,
    ],
  );
}

/**
 * When the next pending delivery that no worker holds is due (to sleep until then), if any. A
 * held delivery is its holder's to settle; if the holder died, the idle poll finds it once its
 * lock ends. Walks the deliveries_due index in order, skipping the few held rows, so the
 * answer costs the same with a backlog of any size.
 */
export async function nextDueAt(db: Db, now: Date): Promise<Date | undefined> {
  const rows = await db.query<{ at: Date }>(
    `SELECT next_attempt_at AS at FROM deliveries
     WHERE status = 'pending' AND (locked_until IS NULL OR locked_until <= $1)
     ORDER BY next_attempt_at LIMIT 1`,
    [now],
  );
  return rows[0]?.at;
}

export type DeliveryView = {
  id: string;
  webhookId: string;
  eventId: string;
  event: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

export function listDeliveries(
  db: Db,
  k: {
    accountId: string;
    mode: Mode;
    webhookId?: string;
    event?: string;
    status?: string;
    limit: number;
  },
): Promise<DeliveryView[]> {
  return db.query<DeliveryView>(
    `SELECT id, webhook_id AS "webhookId", event_id AS "eventId", event_type AS "event", status,
       attempts, CASE WHEN status = 'pending' THEN next_attempt_at END AS "nextAttemptAt",
       last_status_code AS "lastStatusCode", last_error AS "lastError", created_at AS "createdAt",
       completed_at AS "completedAt"
     FROM deliveries
     WHERE account_id = $1 AND mode = $2 AND ($3::text IS NULL OR webhook_id = $3)
       AND ($4::text IS NULL OR event_type = $4) AND ($5::text IS NULL OR status = $5)
     ORDER BY seq DESC LIMIT $6`,
    [k.accountId, k.mode, k.webhookId ?? null, k.event ?? null, k.status ?? null, k.limit],
  );
}

export type AttemptView = {
  deliveryId: string;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseSnippet: string | null;
};

export function listAttempts(db: Db, deliveryIds: string[]): Promise<AttemptView[]> {
  return db.query<AttemptView>(
    `SELECT delivery_id AS "deliveryId", attempted_at AS "attemptedAt", status_code AS "statusCode",
       latency_ms AS "latencyMs", error, response_snippet AS "responseSnippet"
     FROM delivery_attempts WHERE delivery_id = ANY ($1::text[]) ORDER BY seq`,
    [deliveryIds],
  );
}

/**
 * Puts a delivery of the caller back in the queue, due now, with a fresh retry schedule
 * (whatever its status). Returns undefined for an unknown id, or for one whose webhook is gone.
 */
export async function redeliver(
  db: Db,
  k: { accountId: string; mode: Mode; id: string; at: Date },
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `UPDATE deliveries d SET status = 'pending', round_attempts = 0, next_attempt_at = $4,
       completed_at = NULL, locked_until = NULL, locked_by = NULL
     FROM webhooks w
     WHERE d.id = $1 AND d.account_id = $2 AND d.mode = $3 AND w.id = d.webhook_id
       AND w.deleted_at IS NULL AND w.disabled_at IS NULL
       AND (d.locked_until IS NULL OR d.locked_until <= $4)
     RETURNING d.id, pg_notify('${DELIVERY_CHANNEL}', '')`,
    [k.id, k.accountId, k.mode, k.at],
  );
  return rows[0]?.id;
}

/** A delivery of one event to one webhook, whatever its subscriptions (the test event). */
export async function insertDirectDelivery(
  db: Db,
  d: {
    id: string;
    webhookId: string;
    accountId: string;
    mode: Mode;
    eventId: string;
    eventType: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO deliveries (id, webhook_id, account_id, mode, event_id, event_type, status,
       next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
     RETURNING pg_notify('${DELIVERY_CHANNEL}', '')`,
    [d.id, d.webhookId, d.accountId, d.mode, d.eventId, d.eventType, d.at],
  );
}

export async function deliveryState(
  db: Db,
  k: { accountId: string; mode: Mode; id: string; at: Date },
): Promise<"missing" | "in_flight" | "webhook_gone"> {
  const rows = await db.query<{ busy: boolean }>(
    `SELECT (locked_until IS NOT NULL AND locked_until > $4) AS busy FROM deliveries
     WHERE id = $1 AND account_id = $2 AND mode = $3`,
    [k.id, k.accountId, k.mode, k.at],
  );
  const row = rows[0];
  return !row ? "missing" : row.busy ? "in_flight" : "webhook_gone";
}
