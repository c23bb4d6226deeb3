import type { Db } from "../../kernel/db.ts";
import { CHARGE_COLUMNS, type ChargeRow, NOT_FULLY_SEEN } from "./charges.ts";

// The overdue and expiry claims of one account's test mode, for the sandbox test clock's advance
// (domain/test-clock/advance-test-clock.ts): the global claims (due-charges.ts CLAIM_OVERDUE_SQL,
// charges.ts EXPIRE_DUE_SQL) with the owner added, so an advance moves only the charges of the
// account that asked, at its own clock's time. They flip the same columns under the same
// conditions, so whichever runs first (the advance, or the global pass on the real clock) takes
// a charge and the other finds nothing left to do. A test account holds few pending charges; the
// owner filter is applied to the global claims' partial indexes' ranges.

const CLAIM_OVERDUE_OF_SQL = `UPDATE charges SET overdue_pending = false, updated_at = $1
  WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM charges
      WHERE status = 'pending' AND overdue_pending AND overdue_at <= $1
        AND account_id = $3 AND mode = 'test'
      ORDER BY overdue_at LIMIT $2 FOR UPDATE SKIP LOCKED))
  RETURNING ${CHARGE_COLUMNS}`;

const EXPIRE_DUE_OF_SQL = `UPDATE charges SET status = 'expired', updated_at = $1
  WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM charges
      WHERE status = 'pending' AND expires_at <= $1 AND ${NOT_FULLY_SEEN}
        AND account_id = $3 AND mode = 'test'
      ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED))
  RETURNING ${CHARGE_COLUMNS}`;

type OwnedClaim = { at: Date; limit: number; accountId: string };

/** Marks up to `limit` of the account's test due-date charges overdue by `at`; returns them. */
export function claimOverdueOf(db: Db, input: OwnedClaim): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(CLAIM_OVERDUE_OF_SQL, [input.at, input.limit, input.accountId]);
}

/** Expires up to `limit` of the account's pending test charges past their expiry at `at`. */
export function expireDueOf(db: Db, input: OwnedClaim): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(EXPIRE_DUE_OF_SQL, [input.at, input.limit, input.accountId]);
}
