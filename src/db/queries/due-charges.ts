import type { Db } from "../../kernel/db.ts";
import { CHARGE_COLUMNS, type ChargeRow } from "./charges.ts";

// The overdue pass's claim (domain/charges/overdue-pass.ts): pending due-date charges whose
// overdue instant has come and whose charge.updated for it is not written yet. It reads the
// partial index charges_overdue_pending (migration 0017) from its start and stops after `limit`,
// and flips overdue_pending in the same statement, so each charge is claimed once, by one
// instance (SKIP LOCKED), whatever number run the pass. The claimed rows reach the UPDATE by
// their tuple ids, as the expiry claim does (charges.ts EXPIRE_DUE_SQL explains why).
export const CLAIM_OVERDUE_SQL = `UPDATE charges SET overdue_pending = false, updated_at = $1
  WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM charges
      WHERE status = 'pending' AND overdue_pending AND overdue_at <= $1
      ORDER BY overdue_at LIMIT $2 FOR UPDATE SKIP LOCKED))
  RETURNING ${CHARGE_COLUMNS}`;

/** Marks up to `limit` pending due-date charges that became overdue by `at`; returns them. */
export function claimOverdue(db: Db, input: { at: Date; limit: number }): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(CLAIM_OVERDUE_SQL, [input.at, input.limit]);
}
