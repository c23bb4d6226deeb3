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

/**
 * An INSERT of events whose parameters start at $first, to embed in a larger statement; with
 * `onlyIf`, a SQL condition, the rows are written only when it holds.
 */
export function insertEventsSql(
  events: NewEvent[],
  first: number,
  onlyIf = "true",
): { sql: string; params: unknown[] } {
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
    sql: `INSERT INTO events (id, account_id, mode, type, charge_id, payload, created_at)
      SELECT * FROM (VALUES ${tuples.join(", ")}) AS v WHERE ${onlyIf}`,
    params,
  };
}

export async function insertEvents(db: Db, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const { sql, params } = insertEventsSql(events, 1);
  await db.query(sql, params);
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
