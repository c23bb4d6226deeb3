import type { ChargeRow } from "../../db/queries/charges.ts";
import { findCharge, markChargeSimulated } from "../../db/queries/charges.ts";
import { invoiceOfCharge } from "../../db/queries/lightning.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { unprocessable } from "../errors.ts";
import { applySettlement } from "./settle.ts";

/**
 * Sandbox: pays a test charge's Lightning invoice as its node would report it, through the
 * same settlement (charge.approved with paymentMethod "lightning"). The charge is marked
 * simulated, as any sandbox payment is.
 */
export async function simulateLightningPayment(
  deps: { db: Db; clock: Clock; random: Random; strictPayloads?: boolean },
  charge: ChargeRow,
): Promise<ChargeRow> {
  const key = { accountId: charge.accountId, mode: charge.mode };
  const inv = charge.crypto
    ? await invoiceOfCharge(deps.db, { ...key, chargeId: charge.id })
    : undefined;
  if (!inv) {
    throw unprocessable(
      `method: charge ${charge.id} has no Lightning invoice (PIX charges, and Bitcoin charges made while the node did not answer, are paid without a method)`,
    );
  }
  const outcome = await applySettlement({ ...deps, lateWindowMs: 0 }, key, {
    paymentHash: inv.paymentHash,
    amountPaidMsat: inv.amountMsat,
  });
  if (outcome === "approved") {
    await markChargeSimulated(deps.db, { ...key, id: charge.id });
  } else {
    throw unprocessable(`charge_id: the charge is ${charge.status} and cannot be paid`);
  }
  return (await findCharge(deps.db, { ...key, id: charge.id })) ?? charge;
}
