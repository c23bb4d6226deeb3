import { type ChargeFilter, searchCharges } from "../../db/queries/charge-search.ts";
import type { ChargeRow } from "../../db/queries/charges.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { type CsvStyle, csvLine, type Dialect, reais, styleOf } from "./csv-cells.ts";
import type { ExportChargesQuery } from "./export-schema.ts";

// A CSV export of the caller's charges (one account, one mode: a test key never reads a live
// row), every row the list's filters match, newest first. It is read in keyset batches (the
// list's own query and index, `(created_at, id) < last`), one batch in memory at a time, and
// handed out as text chunks: the header first, before any query, so the first byte leaves at
// once, then one chunk per batch, each read only when the reader has taken the one before (the
// HTTP reply's stream pulls them, so a slow client holds the database reads back).

/** The columns, in order, as the header row names them (docs/exports.md says what each holds). */
export const EXPORT_COLUMNS = [
  "id",
  "created_at",
  "paid_at",
  "status",
  "method",
  "amount_brl",
  "amount_received_brl",
  "received_sats",
  "paid_late",
  "title",
  "description",
  "external_id",
  "customer_name",
  "customer_document",
  "customer_email",
  "txid",
  "due_date",
  "expires_at",
  "product_id",
  "subscription_id",
] as const;

export const EXPORT_BATCH = 1000;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : "");
const text = (v: unknown) => (typeof v === "string" ? v : "");

/** What the charge brought in: the amount due paid, a short PIX payment, or its value. */
function received(r: ChargeRow): number | undefined {
  if (r.status !== "approved" && r.status !== "refunded") return undefined;
  if (r.method === "crypto") return r.valueCents;
  if (r.amountPaidCents != null) return r.amountPaidCents;
  return r.receivedCents > 0 ? r.receivedCents : r.valueCents;
}

export function exportLine(r: ChargeRow, style: CsvStyle): string {
  const got = received(r);
  const d = r.details ?? {};
  return csvLine(
    [
      r.id,
      iso(r.createdAt),
      iso(r.approvedAt),
      r.status,
      r.method === "crypto" ? (r.paidMethod ?? "bitcoin") : "pix",
      reais(r.valueCents, style.decimal),
      got === undefined ? "" : reais(got, style.decimal),
      r.method === "crypto" && r.receivedSats > 0 ? String(r.receivedSats) : "",
      r.paidLate ? "true" : "false",
      r.title ?? "",
      r.description ?? "",
      r.externalId ?? "",
      text(d.customer_name),
      text(d.customer_cpf) || text(d.customer_cnpj),
      text(d.customer_email),
      r.txid,
      text(d.due_date),
      iso(r.expiresAt),
      r.productId ?? "",
      r.subscriptionId ?? "",
    ],
    style,
  );
}

/** The rows an export reads: a charge list's filter, without its page. */
export type ExportFilter = Omit<ChargeFilter, "limit" | "offset" | "before" | "atOrBefore">;

/** The export's text, chunk by chunk (lazy: nothing is read before the first pull). */
export async function* exportRows(
  deps: { db: Db },
  filter: ExportFilter,
  dialect: Dialect,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  const style = styleOf(dialect);
  yield style.bom + csvLine(EXPORT_COLUMNS, style);
  let before: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await searchCharges(deps.db, { ...filter, before, limit: batch });
    const last = rows.at(-1);
    if (!last) return;
    let chunk = "";
    for (const r of rows) chunk += exportLine(r, style);
    yield chunk;
    if (rows.length < batch) return;
    before = { createdAt: last.createdAt, id: last.id };
  }
}

/** The API's export: the caller's account and mode, one method, the list's filters. */
export function exportCharges(
  deps: { db: Db },
  who: Principal,
  method: "pix" | "crypto",
  q: ExportChargesQuery,
): AsyncGenerator<string> {
  const filter: ExportFilter = {
    accountId: who.accountId,
    mode: who.mode,
    method,
    status: q.status,
    from: q.created_from ? new Date(q.created_from) : undefined,
    to: q.created_to ? new Date(q.created_to) : undefined,
    externalId: q.external_id,
    customerEmail: q.customer_email,
    qrCodeId: q.qr_code_id,
  };
  return exportRows(deps, filter, q.dialect);
}
