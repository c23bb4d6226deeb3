import {
  type BilledCharge,
  billedByExternalId,
  lockBatchExternalIds,
} from "../../db/queries/charges-by-external-id.ts";
import type { ChargeWrite } from "../../db/queries/insert-charges.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { DISPLAY_STATUS } from "../charges/charge-status.ts";

// A batch line is not billed twice (issue 32; docs/due-date.md, "Batch"): a line whose
// external_id already names a pending or paid charge of the account and mode is not created
// again, and of several lines of one batch with the same external_id only the first is. Such a
// line's result is that charge, marked `duplicate`. Lines without an external_id are each a new
// charge: nothing else says two of them are the same bill.
//
// Checked twice: before the PSP is called (so a live duplicate makes no cobv), and again where
// the batch is stored, under a lock on the account and mode held to the end of the storing
// transaction, so that of two batches at once the second sees what the first stored.

type LineResult = { index: number; chargeId?: string; error?: { code: string; message: string } };

export type Duplicates = {
  /** Lines whose external_id names a charge already billed. */
  billed: Map<number, BilledCharge>;
  /** Lines repeating an earlier line of the batch: index -> the first line's index. */
  sameAs: Map<number, number>;
};

/** The duplicate lines among `lines` (the accepted lines of a batch, in order). */
export async function findDuplicates(
  db: Db,
  who: Principal,
  lines: readonly { index: number; externalId: string | undefined }[],
): Promise<Duplicates> {
  const first = new Map<string, number>();
  const sameAs = new Map<number, number>();
  for (const l of lines) {
    if (l.externalId === undefined) continue;
    const seen = first.get(l.externalId);
    if (seen === undefined) first.set(l.externalId, l.index);
    else sameAs.set(l.index, seen);
  }
  const found = await billedByExternalId(db, { ...who, externalIds: [...first.keys()] });
  const billed = new Map<number, BilledCharge>();
  for (const [externalId, index] of first) {
    const charge = found.get(externalId);
    if (charge) billed.set(index, charge);
  }
  return { billed, sameAs };
}

export function duplicateResult(index: number, charge: BilledCharge) {
  return {
    index,
    chargeId: charge.id,
    duplicate: true,
    statusCode: charge.status,
    status: DISPLAY_STATUS[charge.status],
  };
}

/** Each repeated line pointing at its first line's charge, or saying the first was not made. */
export function pointRepeats(results: LineResult[], sameAs: Map<number, number>): void {
  for (const [index, firstIndex] of sameAs) {
    const first = results[firstIndex] as (LineResult & { statusCode?: string }) | undefined;
    results[index] = first?.chargeId
      ? duplicateResult(index, {
          id: first.chargeId,
          status: (first.statusCode ?? "pending") as BilledCharge["status"],
        })
      : {
          index,
          error: {
            code: "UNPROCESSABLE",
            message: `external_id: repeats line ${firstIndex} of this batch, which was not created`,
          },
        };
  }
}

/**
 * Stores the batch's charges (through `insert`) under the account and mode's batch lock, leaving
 * out any whose external_id another batch billed since it was prepared: those lines (and the
 * lines repeating them) become duplicates of that charge. Returns the writes actually stored.
 */
export async function storeWithoutDuplicates(
  db: Db,
  who: Principal,
  prepared: { results: LineResult[]; writes: ChargeWrite[]; sameAs: Map<number, number> },
  insert: (tx: Db, writes: ChargeWrite[]) => Promise<void>,
): Promise<ChargeWrite[]> {
  const ids = prepared.writes.flatMap((w) => (w.row.externalId ? [w.row.externalId] : []));
  if (ids.length === 0) {
    await insert(db, prepared.writes);
    return prepared.writes;
  }
  return db.transaction(async (tx) => {
    await lockBatchExternalIds(tx, who);
    const found = await billedByExternalId(tx, { ...who, externalIds: ids });
    const lineOf = new Map(prepared.results.map((r) => [r.chargeId, r.index]));
    const kept: ChargeWrite[] = [];
    for (const w of prepared.writes) {
      const charge = w.row.externalId ? found.get(w.row.externalId) : undefined;
      const index = lineOf.get(w.row.id);
      if (charge && index !== undefined) prepared.results[index] = duplicateResult(index, charge);
      else kept.push(w);
    }
    if (kept.length < prepared.writes.length) pointRepeats(prepared.results, prepared.sameAs);
    await insert(tx, kept);
    return kept;
  });
}
