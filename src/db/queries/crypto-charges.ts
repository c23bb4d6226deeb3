import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { type ChargeRow, findCharge } from "./charges.ts";

/**
 * Claims up to `limit` crypto charges the watcher should look at (pending, or expired within the
 * late-payment window) that were not checked since `checkedBefore`; marking them checked now
 * under SKIP LOCKED splits the work between instances.
 */
export async function claimWatchList(
  db: Db,
  input: { now: Date; checkedBefore: Date; lateWindowStart: Date; limit: number },
): Promise<Array<{ id: string; accountId: string; mode: Mode }>> {
  return db.query(
    `WITH due AS (
       SELECT id FROM charges
       WHERE method = 'crypto'
         AND (status = 'pending' OR (status = 'expired' AND expires_at > $3))
         AND (chain_checked_at IS NULL OR chain_checked_at < $2)
       ORDER BY chain_checked_at NULLS FIRST LIMIT $4
       FOR UPDATE SKIP LOCKED
     )
     UPDATE charges c SET chain_checked_at = $1 FROM due WHERE c.id = due.id
     RETURNING c.id, c.account_id AS "accountId", c.mode`,
    [input.now, input.checkedBefore, input.lateWindowStart, input.limit],
  );
}

/** Records what the chain shows; true when received_sats changed. */
export async function recordReceived(
  db: Db,
  k: { id: string; accountId: string; mode: Mode },
  input: { receivedSats: number; at: Date },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<{ id: string }>(
    `UPDATE charges SET received_sats = $4, chain_checked_at = $5, updated_at = $5
     WHERE id = $1 AND account_id = $2 AND mode = $3 AND received_sats <> $4
       AND status IN ('pending', 'expired')
     RETURNING id`,
    [k.id, k.accountId, k.mode, input.receivedSats, input.at],
  );
  return rows[0] ? findCharge(db, k) : undefined;
}

/**
 * Approves a crypto charge paid in full: from pending, or from expired when the payment came
 * late (within the monitoring window). The one move out of `expired`, and only for crypto.
 */
export async function approveCryptoCharge(
  db: Db,
  k: { id: string; accountId: string; mode: Mode },
  input: { receivedSats: number; paidLate: boolean; at: Date },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<{ id: string }>(
    `UPDATE charges SET status = 'approved', approved_at = $4, updated_at = $4, chain_checked_at = $4,
       received_sats = $5, paid_late = $6
     WHERE id = $1 AND account_id = $2 AND mode = $3 AND method = 'crypto'
       AND (status = 'pending' OR (status = 'expired' AND $6))
     RETURNING id`,
    [k.id, k.accountId, k.mode, input.at, input.receivedSats, input.paidLate],
  );
  return rows[0] ? findCharge(db, k) : undefined;
}

/**
 * Takes the right to ask the chain about one charge now, at most once per `everyMs`; a charge
 * the chain can no longer change (approved, refunded...) is never written to by reads.
 */
export async function claimCheck(db: Db, id: string, now: Date, everyMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE charges SET chain_checked_at = $2
     WHERE id = $1 AND method = 'crypto' AND status IN ('pending', 'expired')
       AND (chain_checked_at IS NULL OR chain_checked_at < $3)
     RETURNING id`,
    [id, now, new Date(now.getTime() - everyMs)],
  );
  return rows.length === 1;
}
