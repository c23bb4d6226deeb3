import type { Db } from "../../../kernel/db.ts";

/** One attempt of a delivery, as the worker records it. */
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
