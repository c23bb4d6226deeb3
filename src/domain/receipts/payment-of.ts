import type { ChargeRow } from "../../db/queries/charges.ts";
import { PLACEHOLDER_E2EID_PREFIX } from "../../db/queries/live-payment-ids.ts";
import { paymentReferences } from "../../db/queries/payment-references.ts";
import type { Db } from "../../kernel/db.ts";
import type { MailContext } from "../notifications/mail-context.ts";

// Which id a payer would recognise their payment by, for a receipt (the page and the mail): the
// Pix end-to-end id their bank shows, the Bitcoin transaction their wallet shows, or the
// Lightning payment hash. Where none is known (the sandbox; a live cob concluded before its
// e2eid was learnt; an on-chain payment to an address only this charge held, whose transaction
// is not recorded) the charge id stands in, so a receipt always names something the merchant
// can look up.

export type Payment = NonNullable<MailContext["payment"]>;

/** The payment of a paid charge; call it for a charge with approvedAt only. */
export async function paymentOf(db: Db, row: ChargeRow): Promise<Payment> {
  const refs = await paymentReferences(db, {
    accountId: row.accountId,
    mode: row.mode,
    chargeId: row.id,
  });
  return paymentFrom(row, refs);
}

/** The payment from a charge and its references (pure: what the choice of id depends on). */
export function paymentFrom(
  row: ChargeRow,
  refs: { e2eid: string | null; paymentHash: string | null; txid: string | null } | undefined,
): Payment {
  // For a Bitcoin charge the amount is its BRL value; for a due-date bill, what was due that day.
  const amountCents = row.amountPaidCents ?? row.valueCents;
  // approvedAt is set by every approval; updatedAt only for a row that somehow lacks it.
  const paidAt = row.approvedAt ?? row.updatedAt;
  const of = (kind: Payment["kind"], id: string): Payment => ({ kind, id, paidAt, amountCents });
  if (row.method === "pix") {
    const e2eid = refs?.e2eid;
    if (e2eid && !e2eid.startsWith(PLACEHOLDER_E2EID_PREFIX)) return of("pix_e2eid", e2eid);
    return of("charge_id", row.id);
  }
  if (row.paidMethod === "lightning" && refs?.paymentHash) {
    return of("lightning_payment_hash", refs.paymentHash);
  }
  if (row.paidMethod !== "lightning" && refs?.txid) return of("bitcoin_txid", refs.txid);
  return of("charge_id", row.id);
}
