import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertCharges } from "../../db/queries/insert-charges.ts";
import type { QrCodeRow } from "../../db/queries/qr-codes.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { EventPayloadDeps } from "../event-payload.ts";
import { newId } from "../ids.ts";
import type { Tally } from "../tally.ts";
import { chargeEvent } from "./charge-events.ts";
import { newChargeRow } from "./new-charge-row.ts";

// A payment to a reusable QR code becomes a charge of its own, created approved: its row names
// the code (qr_code_id), and its events are those of any paid charge, charge.created (as it
// would have been pending) then charge.approved, both naming qrCodeId. Row, events and their
// webhook deliveries are one statement (insertCharges), in the caller's transaction when it has
// one (an Idempotency-Key's), so a retry of the same request makes no second charge.
//
// Here, on the records' floor, because both the sandbox (qr-codes/pay-qr-code.ts) and the live
// PSP's payments (live-pix/live-qr-payment.ts, a floor below qr-codes) make these charges.

export type QrPayDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  tally?: Tally | undefined;
} & EventPayloadDeps;

export type QrPayment = {
  valueCents: number;
  provider: string;
  /**
   * Live: the payment's end-to-end id, stored as the charge's psp_e2eid, whose unique index
   * (migration 0006) lets one payment make at most one charge, whichever path (notification,
   * reconciliation, another instance) writes it first. Sandbox: none.
   */
  e2eid?: string;
  simulated: boolean;
  paidAt: Date;
};

/**
 * Stores the approved charge a payment to `qr` makes, with its events; returns its row, or
 * undefined when a charge for this end-to-end id already exists (nothing written then).
 */
export async function chargeFromQrPayment(
  deps: QrPayDeps,
  qr: QrCodeRow,
  p: QrPayment,
): Promise<ChargeRow | undefined> {
  const id = newId("pix", deps);
  const now = deps.clock.now();
  const pending: ChargeRow = {
    ...newChargeRow(qr, {
      id,
      method: "pix",
      valueCents: p.valueCents,
      title: qr.title,
      description: qr.description,
      details: {},
      provider: p.provider,
      // The charge's own txid (25 characters of its id), never the code's: a code's txid is
      // shared by all its payments, and a live payment's txid is looked up among the charges
      // (a charge holding the code's would take every later payment for a second one).
      txid: id.slice(4, 29),
      brCode: qr.brCode,
      // Paid as it is made: it never waits, so it expires the moment it is made.
      expiresAt: now,
      createdAt: now,
    }),
    qrCodeId: qr.id,
  };
  const approved: ChargeRow = {
    ...pending,
    status: "approved",
    approvedAt: p.paidAt,
    simulated: p.simulated,
    ...(p.e2eid ? { pspE2eid: p.e2eid } : {}),
  };
  const events = [
    chargeEvent(deps, "charge.created", pending),
    chargeEvent(deps, "charge.approved", approved),
  ];
  const written = await insertCharges(deps.db, [{ row: approved, events }]);
  if (!written.has(id)) return undefined;
  deps.tally?.chargeCreated("pix", qr.mode);
  deps.tally?.chargePaid("pix", qr.mode);
  return approved;
}
