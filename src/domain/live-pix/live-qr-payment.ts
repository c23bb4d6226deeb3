import {
  e2eidsWithCharges,
  liveQrCodesByTxids,
  type QrCodeRow,
} from "../../db/queries/qr-codes.ts";
import type { PixReceived } from "../../pix-psp/types.ts";
import { chargeFromQrPayment } from "../charges/qr-payment-charge.ts";
import type { LiveConnection } from "../pix-psp-connection/clients.ts";
import type { LiveDeps } from "./live-confirm.ts";
import { recordUnmatchedPayment } from "./live-unmatched.ts";

// A live Pix to the account's key carrying a reusable QR code's txid (docs/counter.md): a
// payment to the code, made an approved charge of its own (charges/qr-payment-charge.ts). Only
// ever from a Pix the PSP itself reported (GET /pix/{e2eid} after a notification, or its list
// GET /pix), never a notification's word. A code's txid is 25 characters, a cob's 26 to 35, so
// only those are looked up among the codes.

/** A code's txid: 25 characters (qr-codes.ts createQrCode); a cob's are 26 to 35. */
export const QR_TXID_LENGTH = 25;

/** What the Pix received name: the account's live codes by txid, and the payments already made charges. */
export async function qrPaymentsContext(
  deps: LiveDeps,
  accountId: string,
  pix: Array<{ endToEndId: string; txid?: string | undefined }>,
) {
  const txids = [
    ...new Set(pix.flatMap((p) => (p.txid?.length === QR_TXID_LENGTH ? [p.txid] : []))),
  ];
  const codes = await liveQrCodesByTxids(deps.db, { accountId, txids });
  const byTxid = new Map(codes.map((c) => [c.txid, c]));
  const ofCodes = pix.filter((p) => p.txid && byTxid.has(p.txid)).map((p) => p.endToEndId);
  return { codes: byTxid, charged: await e2eidsWithCharges(deps.db, ofCodes) };
}

/**
 * A confirmed Pix on a code's txid: an approved charge of the code, once per end-to-end id
 * (whoever writes second writes nothing). A disabled code, or a fixed-amount code paid another
 * amount, makes no charge: the Pix is an unmatched payment, for the merchant to refund or keep.
 * Returns what it made.
 */
export async function applyQrPayment(
  deps: LiveDeps,
  live: LiveConnection,
  qr: QrCodeRow,
  pix: PixReceived,
  source: "notification" | "reconciliation",
): Promise<"charge" | "unmatched" | "none"> {
  const fits =
    qr.disabledAt === null && (qr.valueCents === null || qr.valueCents === pix.amountCents);
  if (!fits || pix.amountCents <= 0) {
    const recorded = await recordUnmatchedPayment(deps, live.row.accountId, pix, source);
    return recorded ? "unmatched" : "none";
  }
  const paidAt = Number.isNaN(Date.parse(pix.horario)) ? deps.clock.now() : new Date(pix.horario);
  const row = await chargeFromQrPayment(deps, qr, {
    valueCents: pix.amountCents,
    provider: `psp:${live.row.profile}`,
    e2eid: pix.endToEndId,
    simulated: false,
    paidAt,
  });
  return row ? "charge" : "none";
}
