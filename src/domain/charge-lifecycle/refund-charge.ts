import { lockChargeForRefund, writeRefunds } from "../../db/queries/charge-refunds.ts";
import { insertEvents } from "../../db/queries/events.ts";
import type { Principal } from "../../kernel/mode.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { chargeData, chargeView } from "../charges/charge-view.ts";
import {
  admitRefund,
  type RefundAsk,
  refundedInFull,
  refundView,
} from "../charges/refund-ledger.ts";
import { notFound } from "../errors.ts";
import { refundLiveCharge } from "../live-pix/live-refund.ts";
import { type Deps, isLive, notCrypto, onItsClock } from "./pay-cancel-refund.ts";

/**
 * Refunds `value` (BRL; default what is left) of an approved PIX charge, with an optional
 * reason: several refunds until what was paid is given back, never past it (422 naming
 * `value`, before any PSP call). Each refund fires charge.refund carrying it; the charge is
 * refunded only when refunded in full, and stays approved otherwise. Asked again without a
 * value once nothing is left, the answer is the charge, unchanged (a retry is safe). The
 * charge's row lock serialises its refunds (queries/charge-refunds.ts). Live: a devolução per
 * refund at the PSP (live-refund.ts); the sandbox makes each done at once.
 */
export async function refundCharge(
  deps: Deps,
  who: Principal,
  input: { charge_id: string } & RefundAsk,
) {
  const { d, current } = await onItsClock(deps, who, input.charge_id);
  notCrypto(current.method, "refunded");
  const ask: RefundAsk = { value: input.value, reason: input.reason };
  if (isLive(current)) {
    const live = { ...deps, pspClients: deps.pixProviders.live };
    return chargeView(await refundLiveCharge(live, current, ask));
  }
  const key = { accountId: who.accountId, mode: who.mode, id: current.id };
  const row = await d.db.transaction(async (db) => {
    const locked = await lockChargeForRefund(db, key);
    if (!locked) throw notFound(`charge_id: charge ${key.id} not found`);
    const asked = admitRefund(d, locked, ask);
    if (!asked) return locked;
    const refund = { ...asked, status: "done" as const, doneAt: asked.createdAt };
    const refunds = [...(locked.refunds ?? []), refund];
    const after = await writeRefunds(db, key, {
      refunds,
      refunded: refundedInFull(locked, refunds),
      at: d.clock.now(),
    });
    await insertEvents(db, [
      chargeEvent(d, "charge.refund", after, { ...chargeData(after), refund: refundView(refund) }),
    ]);
    return after;
  });
  return chargeView(row);
}
