import type { ChargeRow } from "../../db/queries/charges.ts";
import { qrPngDataUrl } from "../../qr/qr-png.ts";
import { dueFields } from "../due-date/due-charge.ts";
import { centsToBrl } from "../money.ts";
import { DISPLAY_STATUS } from "./charge-status.ts";
import { refundFields } from "./refund-ledger.ts";

// How a charge is shown: the spec's webhook `data` object is the core of every view, so the
// event payloads, the status response and the list items always agree field by field.

const detail = (row: Pick<ChargeRow, "details">, key: string): string | null => {
  const v = row.details[key];
  return typeof v === "string" ? v : null;
};

/**
 * A subscription period's charge: which period it is (1 the first) and its date, which the
 * billing pass keeps in its details (issue-periods.ts); a charge sent before the number was kept
 * shows the date alone. The pay-now journey's charge is of no period.
 */
function periodOf(row: Pick<ChargeRow, "details"> & Partial<Pick<ChargeRow, "subscriptionId">>) {
  const dueDate = detail(row, "due_date");
  if (!row.subscriptionId || dueDate === null) return {};
  const n = Number(detail(row, "subscription_period"));
  return {
    subscriptionPeriod: { ...(Number.isSafeInteger(n) && n > 0 ? { number: n } : {}), dueDate },
  };
}

/** The fields of a charge its data object shows. */
type DataFields = Pick<
  ChargeRow,
  | "id"
  | "externalId"
  | "status"
  | "mode"
  | "valueCents"
  | "title"
  | "productId"
  | "details"
  | "provider"
  | "createdAt"
  | "approvedAt"
  | "receivedCents"
> &
  Partial<
    Pick<
      ChargeRow,
      | "updatedAt"
      | "dueTerms"
      | "amountPaidCents"
      | "subscriptionId"
      | "qrCodeId"
      | "pspE2eid"
      | "refunds"
    >
  >;

/**
 * The spec's webhook `data` object. `order_id` is the caller's external_id, else the charge id.
 * A due-date charge's amount due is of `at`'s date in Brazil: a read passes its clock's now; an
 * event or an answer about a change just made describes the row as of that change (updatedAt).
 */
export function chargeData(row: DataFields, at: Date = row.updatedAt ?? row.createdAt) {
  return {
    chargeId: row.id,
    order_id: row.externalId ?? row.id,
    status: DISPLAY_STATUS[row.status],
    statusCode: row.status,
    livemode: row.mode === "live",
    value: centsToBrl(row.valueCents),
    title: row.title,
    product_id: row.productId,
    external_id: row.externalId,
    customer_name: detail(row, "customer_name"),
    customer_email: detail(row, "customer_email"),
    customer_cpf: detail(row, "customer_cpf"),
    ...(row.details.customer_cnpj ? { customer_cnpj: detail(row, "customer_cnpj") } : {}),
    customer_phone: detail(row, "customer_phone"),
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    // A live PIX cob paid for less than the value: what arrived (docs/live-pix.md, underpaid).
    ...(row.receivedCents > 0 ? { amountReceived: centsToBrl(row.receivedCents) } : {}),
    // A charge with a due date (cobv): due date, today's amount, overdue (due-charge.ts).
    ...dueFields(row, at),
    // Once a refund was asked: amountRefunded and the refunds (refund-ledger.ts).
    ...refundFields(row),
    // A subscription's charge (docs/subscriptions.md): its subscription, and why a debit failed.
    ...(row.subscriptionId ? { subscriptionId: row.subscriptionId } : {}),
    ...periodOf(row),
    ...(typeof row.details.decline_reason === "string"
      ? { declineReason: row.details.decline_reason }
      : {}),
    // A payment to a reusable QR code (docs/counter.md): the code that made the charge.
    ...(row.qrCodeId ? { qrCodeId: row.qrCodeId } : {}),
    // A live payment to a code: the Pix that made the charge (its end-to-end id at the PSP).
    ...(row.qrCodeId && row.pspE2eid ? { endToEndId: row.pspE2eid } : {}),
  };
}
export type ChargeData = ReturnType<typeof chargeData>;

/** A list item: the data object plus brCode, expiresAt and updatedAt (contract: Charges). */
export function chargeView(row: ChargeRow, at: Date = row.updatedAt) {
  return {
    ...chargeData(row, at),
    brCode: row.brCode,
    expiresAt: row.expiresAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The QR image of a PIX charge's code as a PNG data URL. Drawn on every read that shows it
 * (about 50 µs) rather than stored: it was most of the bytes of a charge's row.
 */
export function qrImageOf(row: ChargeRow): string | null {
  if (row.brCode === null) return null;
  // Drawn, not stored (a row stays small), but a payer's page polls the same charge's status
  // every 2 s: the last images drawn are kept, so a read draws a charge's QR once, not each time.
  let image = recentImages.get(row.brCode);
  if (image === undefined) {
    image = qrPngDataUrl(row.brCode);
    if (recentImages.size >= RECENT_IMAGES) recentImages.clear();
    recentImages.set(row.brCode, image);
  }
  return image;
}

// A bounded cache of images by BR Code: a pure function's results, so sharing it is safe.
const RECENT_IMAGES = 1024;
const recentImages = new Map<string, string>();
