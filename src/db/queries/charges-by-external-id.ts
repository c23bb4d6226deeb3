import type { ChargeStatus } from "../../kernel/charge-status.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

// A batch's guard against billing one line twice (docs/due-date.md, "Batch"): which of its
// external_ids already name a pending or paid charge of the account and mode. One statement for
// the whole batch, served by charges_by_external_id (account_id, mode, external_id).

export type BilledCharge = { id: string; status: ChargeStatus };

/** The oldest pending or approved charge for each of `externalIds` that has one. */
export async function billedByExternalId(
  db: Db,
  k: { accountId: string; mode: Mode; externalIds: readonly string[] },
): Promise<Map<string, BilledCharge>> {
  const found = new Map<string, BilledCharge>();
  if (k.externalIds.length === 0) return found;
  const rows = await db.query<{ externalId: string; id: string; status: ChargeStatus }>(
    `SELECT DISTINCT ON (external_id) external_id AS "externalId", id, status
       FROM charges
      WHERE account_id = $1 AND mode = $2 AND external_id = ANY($3::text[])
        AND status IN ('pending', 'approved')
      ORDER BY external_id, created_at, id`,
    [k.accountId, k.mode, [...new Set(k.externalIds)]],
  );
  for (const r of rows) found.set(r.externalId, { id: r.id, status: r.status });
  return found;
}

/**
 * Takes the account and mode's batch lock until the transaction ends: two batches at once check
 * and store their external_ids one after the other, so neither misses the other's charges.
 */
export async function lockBatchExternalIds(tx: Db, k: { accountId: string; mode: Mode }) {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7261042032))", [
    `charge-batch\n${k.accountId}\n${k.mode}`,
  ]);
}
