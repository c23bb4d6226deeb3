import type { Db } from "../../../kernel/db.ts";
import { type ChargeOrigin, ORIGIN_COLUMN, type OriginJson, originOf } from "../events.ts";

/** A delivery claimed for an attempt, with what the attempt needs from its webhook and event. */
export type ClaimedDelivery = {
  id: string;
  webhookId: string;
  eventId: string;
  /** Attempts made in this round (redelivery starts a new one): the retry schedule's position. */
  roundAttempts: number;
  url: string;
  secretBox: string;
  webhookGone: boolean;
  eventType: string;
  /** The event's stored data, or null with `origin`, the charge it is drawn from (events.ts). */
  payload: Record<string, unknown> | null;
  origin: ChargeOrigin | null;
  eventCreatedAt: Date;
};

/**
 * Claims up to `limit` due deliveries for this worker until `lockUntil`, skipping rows other
 * workers hold (SKIP LOCKED for the claim itself, locked_until for the attempt that follows):
 * two workers never run the same delivery at once. Each webhook gets at most its room in this
 * worker (`perWebhook`, less what `inFlight` says it is already running; a webhook with no room
 * is not looked at), so a backlog on one webhook is not claimed only to be given back.
 *
 * The ranking per webhook reads the earliest due deliveries, four claims' worth, without
 * locking them; only those within their webhook's room are then locked (FOR UPDATE SKIP LOCKED,
 * which re-checks that each is still pending and unheld: one another worker claimed meanwhile
 * is skipped, never taken twice) and marked as this worker's. Locking the whole ranking, as
 * before issue 39, wrote a row lock on four claims' worth of rows to take a few: with one
 * webhook's backlog, 256 row locks for 8 deliveries, most of PostgreSQL's time per delivery.
 */
export async function claimDue(
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
  const rows = await db.query<Omit<ClaimedDelivery, "origin"> & { origin: OriginJson | null }>(
    `WITH room AS (
       SELECT * FROM unnest($6::text[], $7::int[]) AS r(webhook_id, room)
     ), candidates AS (
       SELECT id, webhook_id, next_attempt_at FROM deliveries
       WHERE status = 'pending' AND next_attempt_at <= $1
         AND (locked_until IS NULL OR locked_until <= $1)
         AND webhook_id <> ALL ($5::text[])
       ORDER BY next_attempt_at LIMIT $2 * 4
     ), ranked AS (
       SELECT c.id, c.next_attempt_at, coalesce(r.room, $8) AS room,
         row_number() OVER (PARTITION BY c.webhook_id ORDER BY c.next_attempt_at, c.id) AS rn
       FROM candidates c LEFT JOIN room r ON r.webhook_id = c.webhook_id
     ), due AS (
       SELECT id FROM ranked WHERE rn <= room ORDER BY next_attempt_at LIMIT $2
     ), locked AS (
       -- By id, the status test out of the partial index's reach (as the mail outbox's claim,
       -- db/queries/notifications/queue.ts): stale statistics cannot make it walk the backlog.
       SELECT d.id FROM deliveries d
       WHERE d.id = ANY (ARRAY(SELECT id FROM due)) AND (d.status = 'pending') IS TRUE
         AND (d.locked_until IS NULL OR d.locked_until <= $1)
       FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE deliveries d SET locked_until = $3, locked_by = $4
       FROM locked WHERE d.id = locked.id
       RETURNING d.id, d.webhook_id, d.event_id, d.round_attempts
     )
     SELECT c.id, c.webhook_id AS "webhookId", c.event_id AS "eventId",
       c.round_attempts AS "roundAttempts", w.url, w.secret_box AS "secretBox",
       (w.deleted_at IS NOT NULL OR w.disabled_at IS NOT NULL) AS "webhookGone",
       e.type AS "eventType", e.payload, e.created_at AS "eventCreatedAt", ${ORIGIN_COLUMN}
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
  return rows.map((r) => ({ ...r, origin: originOf(r.origin) }));
}
