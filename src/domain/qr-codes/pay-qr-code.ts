import type { Principal } from "../../kernel/mode.ts";
import { chargeView } from "../charges/charge-view.ts";
import { chargeFromQrPayment, type QrPayDeps } from "../charges/qr-payment-charge.ts";
import { forbidden, unprocessable } from "../errors.ts";
import { brlToCents, formatCents } from "../money.ts";
import type { PixProviders } from "../sandbox-pix/pix-provider.ts";
import { loadQrCode } from "./qr-codes.ts";

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
  // No end-to-end id, so nothing can make it a duplicate: the row is always written.
  if (!row) throw new Error("a sandbox QR payment's charge was not written");
  return chargeView(row);
}
