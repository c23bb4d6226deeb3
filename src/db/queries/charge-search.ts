import type { ChargeStatus } from "../../kernel/charge-status.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { CHARGE_COLUMNS, type ChargeRow } from "./charges.ts";

export type ChargeFilter = {
  accountId: string;
  mode: Mode;
  status?: ChargeStatus | undefined;
  method?: "pix" | "crypto" | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  externalId?: string | undefined;
  /** Compared without regard to case. */
  customerEmail?: string | undefined;
  /** Only the charges a reusable QR code's payments made (migration 0033). */
  qrCodeId?: string | undefined;
  /** Only pending charges with a due date that were overdue at this instant (migration 0017). */
  overdueAt?: Date | undefined;
  /** Keyset: only charges listed after this one (its creation time and id). */
  before?: { createdAt: Date; id: string } | undefined;
  /** A list held still: only this charge and those listed after it. */
  atOrBefore?: { createdAt: Date; id: string } | undefined;
  limit: number;
  offset?: number;
};

/**
 * An account's charges in one mode, newest first (creation time, then id, so two charges of the
 * same millisecond keep one order), filtered: the one query of the API's charge lists and the
 * dashboard's. Only the filters given become conditions, so each plan can use the index made for
 * it (migration 0014): (account, mode[, method][, status], created_at, id) for the order and the
 * period, external_id and lower(customer e-mail) for the look-ups.
 */
export function searchCharges(db: Db, f: ChargeFilter): Promise<ChargeRow[]> {
  const q = chargeSearchQuery(f);
  return db.query<ChargeRow>(q.sql, q.params);
}

/** The statement searchCharges runs (the index test EXPLAINs it). */
export function chargeSearchQuery(f: ChargeFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.accountId, f.mode];
  const where = ["account_id = $1", "mode = $2"];
  const add = (sql: (n: string) => string, ...values: unknown[]) => {
    const names = values.map((v) => {
      params.push(v);
      return `$${params.length}`;
    });
    where.push(sql(names.join(", ")));
  };
  if (f.method) add((n) => `method = ${n}`, f.method);
  if (f.status) add((n) => `status = ${n}`, f.status);
  if (f.from) add((n) => `created_at >= ${n}`, f.from);
  if (f.to) add((n) => `created_at < ${n}`, f.to);
  if (f.externalId !== undefined) add((n) => `external_id = ${n}`, f.externalId);
  if (f.customerEmail !== undefined) {
    add((n) => `lower(details->>'customer_email') = lower(${n})`, f.customerEmail);
  }
  if (f.qrCodeId !== undefined) add((n) => `qr_code_id = ${n}`, f.qrCodeId);
  if (f.overdueAt) add((n) => `status = 'pending' AND overdue_at <= ${n}`, f.overdueAt);
  if (f.before) add((n) => `(created_at, id) < (${n})`, f.before.createdAt, f.before.id);
  if (f.atOrBefore) {
    add((n) => `(created_at, id) <= (${n})`, f.atOrBefore.createdAt, f.atOrBefore.id);
  }
  params.push(f.limit, f.offset ?? 0);
  const sql = `SELECT ${CHARGE_COLUMNS} FROM charges WHERE ${where.join(" AND ")}
     ORDER BY created_at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`;
  return { sql, params };
}
