import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertCharges } from "../../db/queries/insert-charges.ts";
import type { QrCodeRow } from "../../db/queries/qr-codes.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { chargeView } from "../charges/charge-view.ts";
import { newChargeRow } from "../charges/new-charge-row.ts";
import { forbidden, unprocessable } from "../errors.ts";
import type { EventPayloadDeps } from "../event-payload.ts";
import { newId } from "../ids.ts";
import { brlToCents, formatCents } from "../money.ts";
import type { PixProviders } from "../sandbox-pix/pix-provider.ts";
import type { Tally } from "../tally.ts";
import { loadQrCode } from "./qr-codes.ts";

// A payment to a reusable QR code becomes a charge of its own, created approved: its row names
// the code (qr_code_id), and its events are those of any paid charge, charge.created (as it
// would have been pending) then charge.approved, both naming qrCodeId. Row, events and their
// webhook deliveries are one statement (insertCharges), in the caller's transaction when it has
// one (an Idempotency-Key's), so a retry of the same request makes no second charge.

export type QrPayDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  tally?: Tally | undefined;
} & EventPayloadDeps;

export type QrPayment = {
  valueCents: number;
  provider: string;
  /** Live: the payment's end-to-end id; sandbox: the charge's own (its id). */
  txid?: string;
  simulated: boolean;
  paidAt: Date;
};

/** Stores the approved charge a payment to `qr` makes, with its events; returns its row. */
export async function chargeFromQrPayment(
  deps: QrPayDeps,
  qr: QrCodeRow,
  p: QrPayment,
): Promise<ChargeRow> {
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
      // The charge's own txid (a static code's 25 characters of its id), never the code's: a
      // code's txid is shared by all its payments and must not look like one charge's.
      txid: p.txid ?? id.slice(4, 29),
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
  };
  const events = [
    chargeEvent(deps, "charge.created", pending),
    chargeEvent(deps, "charge.approved", approved),
  ];
  await insertCharges(deps.db, [{ row: approved, events }]);
  deps.tally?.chargeCreated("pix", qr.mode);
  deps.tally?.chargePaid("pix", qr.mode);
  return approved;
}

/**
 * Sandbox payment to a QR code: an approved charge naming it. A code without a fixed amount
 * needs `value`; a fixed one takes its own amount (`value`, if sent, must equal it). A disabled
 * code is refused (422), as a live payment to it makes no charge.
 */
export async function simulateQrPay(
  deps: QrPayDeps & { pixProviders: PixProviders },
  who: Principal,
  input: { qr_code_id: string; value?: number | undefined },
) {
  if (who.mode !== "test") {
    throw forbidden("simulate-pay is for test tokens only; live QR codes are paid by payers");
  }
  const qr = await loadQrCode(deps, who, input.qr_code_id);
  if (qr.disabledAt !== null) {
    throw unprocessable(`qr_code_id: QR code ${qr.id} is disabled; it makes no more charges`);
  }
  const sent = input.value === undefined ? undefined : brlToCents(input.value);
  let valueCents: number;
  if (qr.valueCents === null) {
    if (sent === undefined) throw unprocessable("value: required, the QR code has no fixed amount");
    valueCents = sent;
  } else {
    if (sent !== undefined && sent !== qr.valueCents) {
      throw unprocessable(
        `value: must equal the QR code's fixed amount (${formatCents(qr.valueCents)})`,
      );
    }
    valueCents = qr.valueCents;
  }
  const row = await chargeFromQrPayment(deps, qr, {
    valueCents,
    provider: deps.pixProviders.test.name,
    simulated: true,
    paidAt: deps.clock.now(),
  });
  return chargeView(row);
}
