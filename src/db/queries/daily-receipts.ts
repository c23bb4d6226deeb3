import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

// The money received by São Paulo day and method (migration 0030, kept by a trigger on charges).

export type ReceiptMethod = "pix" | "onchain" | "lightning";
export type DailyReceipt = { day: string; method: ReceiptMethod; payments: number; cents: number };

/**
 * The days `from`..`to` (YYYY-MM-DD, both included) that had approved charges, one row per day
 * and method: a range of the primary key, at most days x 3 methods x 8 slots rows read.
 */
export function dailyReceipts(
  db: Db,
  k: { accountId: string; mode: Mode; from: string; to: string },
): Promise<DailyReceipt[]> {
  return db.query<DailyReceipt>(
    `SELECT day::text AS day, method, sum(payments)::bigint AS payments, sum(cents)::bigint AS cents
       FROM daily_receipts
      WHERE account_id = $1 AND mode = $2 AND day >= $3::date AND day <= $4::date
      GROUP BY day, method
     HAVING sum(payments) <> 0
      ORDER BY day, method`,
    [k.accountId, k.mode, k.from, k.to],
  );
}
