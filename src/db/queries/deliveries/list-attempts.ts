import type { Db } from "../../../kernel/db.ts";

export type AttemptView = {
  deliveryId: string;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseSnippet: string | null;
};

/** Every recorded attempt of the given deliveries, oldest first. */
export function listAttempts(db: Db, deliveryIds: string[]): Promise<AttemptView[]> {
  return db.query<AttemptView>(
    `SELECT delivery_id AS "deliveryId", attempted_at AS "attemptedAt", status_code AS "statusCode",
       latency_ms AS "latencyMs", error, response_snippet AS "responseSnippet"
     FROM delivery_attempts WHERE delivery_id = ANY ($1::text[]) ORDER BY seq`,
    [deliveryIds],
  );
}
