import type { ChargeStatus } from "../../domain/charges/charge-status.ts";
import type { Mode } from "../../domain/mode.ts";
import type { Db } from "../db.ts";
import { CHARGE_COLUMNS, type ChargeRow } from "./charges.ts";

export type ChargeFilter = {
  accountId: string;
  mode: Mode;
  status?: ChargeStatus | undefined;
  method?: "pix" | "crypto" | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  /** Keyset paging: charges listed after this one (its creation time and id). */
  before?: { createdAt: Date; id: string } | undefined;
  limit: number;
};

/**
 * An account's charges in one mode, newest first, filtered (the dashboard's list). Ordered by
 * creation time, then id: PIX ids (pix_…) and Bitcoin ids (BTC-…) do not sort together.
 */
export function searchCharges(db: Db, f: ChargeFilter): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(
    `SELECT ${CHARGE_COLUMNS} FROM charges
     WHERE account_id = $1 AND mode = $2
       AND ($3::text IS NULL OR status = $3) AND ($4::text IS NULL OR method = $4)
       AND ($5::timestamptz IS NULL OR created_at >= $5)
       AND ($6::timestamptz IS NULL OR created_at < $6)
       AND ($7::timestamptz IS NULL OR (created_at, id) < ($7, $8))
     ORDER BY created_at DESC, id DESC LIMIT $9`,
    [
      f.accountId,
      f.mode,
      f.status ?? null,
      f.method ?? null,
      f.from ?? null,
      f.to ?? null,
      f.before?.createdAt ?? null,
      f.before?.id ?? "",
      f.limit,
    ],
  );
}

export type ChargeTotals = {
  count: number;
  amountCents: number;
  approved: number;
  approvedCents: number;
};

/** How many charges since `from`, their amount, and how many of them were approved. */
export async function chargeTotals(
  db: Db,
  k: { accountId: string; mode: Mode; from: Date },
): Promise<ChargeTotals> {
  const [row] = await db.query<ChargeTotals>(
    `SELECT count(*)::int AS count, coalesce(sum(value_cents), 0)::bigint AS "amountCents",
       (count(*) FILTER (WHERE status = 'approved'))::int AS approved,
       coalesce(sum(value_cents) FILTER (WHERE status = 'approved'), 0)::bigint AS "approvedCents"
     FROM charges WHERE account_id = $1 AND mode = $2 AND created_at >= $3`,
    [k.accountId, k.mode, k.from],
  );
  return row ?? { count: 0, amountCents: 0, approved: 0, approvedCents: 0 };
}
