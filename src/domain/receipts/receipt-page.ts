import { findAccount } from "../../db/queries/accounts.ts";
import { findChargeById } from "../../db/queries/charges.ts";
import type { Db } from "../../kernel/db.ts";
import { notFound } from "../errors.ts";
import { type Payment, paymentOf } from "./payment-of.ts";
import { chargeIdOfReceiptToken, hasReceipt } from "./receipt-token.ts";

// What the public receipt page (GET /receipt/{token}) shows: the shop, what was paid for, how
// much, when, and the payment's id, for whoever holds the token (the payer, from the status
// answer's receiptUrl or the receipt mail). As on the payment page, nothing about the customer
// (name, e-mail, CPF) and none of the merchant's references. Every way a token can be wrong
// (malformed, altered, another charge's MAC, a charge not or no longer paid) is the same 404,
// so the page tells a guesser nothing.

export type ReceiptPageDeps = { db: Db; receiptKey: Buffer };

export async function receiptPage(deps: ReceiptPageDeps, token: string) {
  const chargeId = chargeIdOfReceiptToken(deps.receiptKey, token);
  const row = chargeId === undefined ? undefined : await findChargeById(deps.db, chargeId);
  if (!row || !hasReceipt(row)) throw notFound("not found");
  const [account, payment] = await Promise.all([
    findAccount(deps.db, row.accountId),
    paymentOf(deps.db, row),
  ]);
  return {
    chargeId: row.id,
    // The display name the merchant chose; never the operator's label ("Default account").
    merchantName: account?.displayName ?? "",
    title: row.title,
    description: row.description,
    statusCode: row.status as "approved" | "refunded",
    livemode: row.mode === "live",
    method: row.method,
    /** A Bitcoin charge: how it was paid. */
    paidMethod: row.method === "crypto" ? (row.paidMethod ?? "onchain") : null,
    payment: payment satisfies Payment,
  };
}
export type ReceiptPage = Awaited<ReturnType<typeof receiptPage>>;
