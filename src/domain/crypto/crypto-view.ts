import { formatBtc } from "../../bitcoin/payment-uri.ts";
import type { ChargeRow } from "../../db/queries/charges.ts";
import { DISPLAY_STATUS } from "../charges/charge-status.ts";
import { centsToBrl } from "../money.ts";

/** Where a crypto charge's QR image is served (a PNG of its payment URI). */
export function qrImageUrl(baseUrl: string, chargeId: string): string {
  return `${baseUrl}/api/crypto/charge/qr?charge_id=${encodeURIComponent(chargeId)}`;
}

/**
 * A crypto charge as the API shows it. The public view (checkout pages, no token) leaves out
 * the customer's data and the merchant's references.
 */
export function cryptoView(row: ChargeRow, baseUrl: string, opts: { public: boolean }) {
  const c = row.crypto;
  if (!c) throw new Error(`charge ${row.id} is not a crypto charge`);
  const base = {
    chargeId: row.id,
    status: DISPLAY_STATUS[row.status],
    statusCode: row.status,
    amountBrl: centsToBrl(row.valueCents),
    amountCrypto: formatBtc(c.amountSats),
    amountReceived: formatBtc(row.receivedSats),
    address: c.address,
    copyAddress: c.address,
    payUri: c.payUri,
    lightningInvoice: lightningInvoiceOf(c.payUri),
    qrCodeImage: qrImageUrl(baseUrl, row.id),
    expiresAt: row.expiresAt.toISOString(),
    provider: "crypto" as const,
    livemode: row.mode === "live",
    network: c.network,
    paidLate: row.paidLate,
    paymentMethod:
      row.status === "approved" || row.status === "refunded"
        ? (row.paidMethod ?? ("onchain" as const))
        : null,
    simulated: row.simulated,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
  if (opts.public) return base;
  const detail = (k: string) => {
    const v = row.details[k];
    return typeof v === "string" ? v : null;
  };
  return {
    ...base,
    product_id: row.productId,
    product_name: row.title,
    customer_name: detail("customer_name"),
    customer_email: detail("customer_email"),
    customer_cpf: detail("customer_cpf"),
  };
}

/** The invoice a unified URI carries (lightning= of BIP21, or a lightning: URI), else null. */
export function lightningInvoiceOf(payUri: string): string | null {
  if (payUri.startsWith("lightning:")) return payUri.slice("lightning:".length);
  const m = /[?&]lightning=([^&]+)/.exec(payUri);
  return m?.[1] ?? null;
}
