import { formatBtc } from "../../bitcoin/payment-uri.ts";
import { findAccount } from "../../db/queries/accounts.ts";
import { type ChargeRow, findChargeById } from "../../db/queries/charges.ts";
import { findProduct } from "../../db/queries/products.ts";
import { simulatePay } from "../charge-lifecycle/pay-cancel-refund.ts";
import { DISPLAY_STATUS } from "../charges/charge-status.ts";
import { expireIfOverdue } from "../charges/move-charge.ts";
import { lightningInvoiceOf } from "../crypto/crypto-view.ts";
import type { CryptoReadDeps } from "../crypto/read-crypto-charges.ts";
import { readCryptoCharge } from "../crypto/watch-chain.ts";
import { dueSummary } from "../due-date/due-charge.ts";
import { notFound } from "../errors.ts";

// What a payer may see of a charge, for its hosted payment page (GET /pay/{id}) and the page's
// status feed (GET /api/pay/status). A charge id is unguessable, and whoever holds one is the
// payer or the merchant: they see what is paid, to whom, how much and how, and nothing about the
// customer (no name, e-mail, CPF, phone or address) or the merchant's own references.

export type PaymentPageDeps = CryptoReadDeps;

/**
 * A charge as a read should show it, by id alone: a Bitcoin charge asks the chain first (at most
 * once every few seconds per charge, however many pages poll), and an overdue pending charge
 * is expired first as every read does (expireIfOverdue: a live PIX charge only once its cob is
 * removed at the PSP), so a page never shows "pending" for a charge that can no longer be paid.
 */
async function freshCharge(deps: PaymentPageDeps, chargeId: string): Promise<ChargeRow> {
  const row = await findChargeById(deps.db, chargeId);
  if (!row) throw notFound(`charge_id: charge ${chargeId} not found`);
  if (row.crypto) return readCryptoCharge({ ...deps, ...deps.crypto }, row);
  return expireIfOverdue(deps, row);
}

/** Where the page sends the payer once paid: the product's success_url, for a paid charge. */
async function successUrlOf(deps: PaymentPageDeps, row: ChargeRow): Promise<string | null> {
  if (row.status !== "approved" || !row.productId) return null;
  const product = await findProduct(deps.db, {
    accountId: row.accountId,
    mode: row.mode,
    id: row.productId,
  });
  return product?.successUrl ?? null;
}

function statusOf(row: ChargeRow, successUrl: string | null) {
  return {
    chargeId: row.id,
    method: row.method,
    statusCode: row.status,
    status: DISPLAY_STATUS[row.status],
    livemode: row.mode === "live",
    expiresAt: row.expiresAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    amountReceived: row.crypto ? formatBtc(row.receivedSats) : null,
    successUrl,
  };
}

/** The public status of any charge: what the payment page polls. */
export async function publicChargeStatus(deps: PaymentPageDeps, chargeId: string) {
  const row = await freshCharge(deps, chargeId);
  return statusOf(row, await successUrlOf(deps, row));
}
export type PublicChargeStatus = Awaited<ReturnType<typeof publicChargeStatus>>;

/** Everything the hosted payment page shows of a charge. */
export async function paymentPage(deps: PaymentPageDeps, chargeId: string) {
  const row = await freshCharge(deps, chargeId);
  const [account, successUrl] = await Promise.all([
    findAccount(deps.db, row.accountId),
    successUrlOf(deps, row),
  ]);
  const c = row.crypto;
  return {
    ...statusOf(row, successUrl),
    // The display name the merchant chose; never the operator's label ("Default account").
    merchantName: account?.displayName ?? "",
    title: row.title,
    amountCents: row.valueCents,
    /** A charge with a due date: today's amount, its parts and its terms (due-charge.ts). */
    due: dueSummary(row, deps.clock.now()),
    /** The product's checkout, where an expired charge's payer can start a new one. */
    productId: row.productId,
    /** PIX: the copy-and-paste code the QR shows. */
    brCode: row.brCode,
    /** Bitcoin: the address, the amount in BTC and the BIP21 URI the QR shows. */
    bitcoin: c
      ? {
          address: c.address,
          amountBtc: formatBtc(c.amountSats),
          payUri: c.payUri,
          network: c.network,
          /** The Lightning invoice the unified URI carries, if any (docs/lightning.md). */
          lightningInvoice: lightningInvoiceOf(c.payUri),
          lightningOnly: c.payUri.startsWith("lightning:"),
        }
      : null,
  };
}
export type PaymentPage = Awaited<ReturnType<typeof paymentPage>>;

/**
 * The payment page's "simulate payment" button: approves a sandbox charge as simulate-pay does,
 * for whoever holds the page. Only a test-mode charge can be simulated (a live charge answers
 * 404, as if the page had no such button, which it has not); test charges move no money.
 */
export async function simulateFromPage(deps: SimulateDeps, chargeId: string): Promise<void> {
  const row = await findChargeById(deps.db, chargeId);
  if (row?.mode !== "test") throw notFound(`charge_id: charge ${chargeId} not found`);
  await simulatePay(deps, { accountId: row.accountId, mode: "test", tokenId: PAGE }, chargeId);
}
type SimulateDeps = Parameters<typeof simulatePay>[0];
const PAGE = "payment-page";
