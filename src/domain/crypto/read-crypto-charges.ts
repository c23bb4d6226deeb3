import { findCharge, findChargeById } from "../../db/queries/charges.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { chargePage } from "../charges/charge-page.ts";
import type { ListChargesQuery } from "../charges/schemas.ts";
import { notFound } from "../errors.ts";
import { receiptField } from "../receipts/receipt-token.ts";
import { cryptoView } from "./crypto-view.ts";
import { readCryptoCharge, type WatchDeps } from "./watch-chain.ts";

// The reads of Bitcoin charges, one use case each, for every front door (the REST routes, the
// MCP tools, and next the dashboard and the payment pages).

export type CryptoReadDeps = Pick<WatchDeps, "db" | "clock" | "random"> & {
  crypto: Pick<WatchDeps, "chainSources" | "confirmations" | "lateWindowMs">;
};

/**
 * A Bitcoin charge's status, the chain asked first. With a caller, a charge of the caller's
 * account and mode only (any other is 404, as if it did not exist) in the owner's view; without
 * one (a payment page), any charge in the public view, which leaves out the customer's data
 * and the receipt link (the charge id alone must not lead to the receipt).
 */
export async function cryptoChargeStatus(
  // receiptKey: the owner's view of a paid charge carries its receiptUrl.
  deps: CryptoReadDeps & { receiptKey: Buffer },
  who: Principal | undefined,
  chargeId: string,
  baseUrl: string,
) {
  const found = who
    ? await findCharge(deps.db, { accountId: who.accountId, mode: who.mode, id: chargeId })
    : await findChargeById(deps.db, chargeId);
  if (!found?.crypto) throw notFound(`charge_id: charge ${chargeId} not found`);
  const fresh = await readCryptoCharge({ ...deps, ...deps.crypto }, found);
  if (!who) return cryptoView(fresh, baseUrl, { public: true });
  return {
    ...cryptoView(fresh, baseUrl, { public: false }),
    ...receiptField(fresh, baseUrl, deps.receiptKey),
  };
}

/**
 * The caller's Bitcoin charges, newest first, a page at a time, filtered, as they are stored
 * (the chain is not asked).
 */
export async function listCryptoCharges(
  deps: { db: Db },
  who: Principal,
  input: ListChargesQuery,
  baseUrl: string,
) {
  const { rows, hasMore, asOf } = await chargePage(deps, who, "crypto", input);
  return { charges: rows.map((row) => cryptoView(row, baseUrl, { public: false })), hasMore, asOf };
}

/** The BIP21 payment URI of any Bitcoin charge (public: it is what its QR image shows). */
export async function cryptoPaymentUri(deps: { db: Db }, chargeId: string): Promise<string> {
  const row = await findChargeById(deps.db, chargeId);
  if (!row?.crypto) throw notFound(`charge_id: charge ${chargeId} not found`);
  return row.crypto.payUri;
}
