import { insertEvents } from "../../db/queries/events.ts";
import { recordUnmatched, type UnmatchedPayment } from "../../db/queries/live-pix-records.ts";
import type { PixReceived } from "../../pix-psp/types.ts";
import { UnmatchedPaymentEventDataSchema } from "../charges/event-data-schemas.ts";
import { eventPayload } from "../event-payload.ts";
import { newId } from "../ids.ts";
import { centsToBrl } from "../money.ts";
import type { LiveDeps } from "./live-confirm.ts";

// A Pix received on the merchant's key for a txid no charge holds: a cob paid just before the
// sweep removed it, or a cob someone else made on the key. The money is real (the PSP said so:
// its list of Pix received, GET /pix/{e2eid}, or the cob read back by the sweep), so it is
// recorded once, with a payment.unmatched event and a dashboard list, for the merchant to
// refund or keep at the PSP. Never from a notification's word alone.

/** The payment.unmatched event's data (UnmatchedPaymentDataSchema). */
export function unmatchedData(p: UnmatchedPayment, chargeId?: string) {
  return {
    ...(chargeId ? { chargeId } : {}),
    kind: "pix" as const,
    id: p.id,
    endToEndId: p.e2eid,
    txid: p.txid,
    value: centsToBrl(p.amountCents),
    paidAt: p.paidAt?.toISOString() ?? null,
    source: p.source,
    livemode: true as const,
  };
}

/**
 * Records a confirmed payment that matches no charge, or, with `paidCharge`, a second payment
 * to a charge another payment already settled (its txid paid twice): money with no charge to
 * move, listed among the unmatched payments, its event also listed under that charge
 * (GET /api/events?charge_id=). Returns whether it was new.
 */
export async function recordUnmatchedPayment(
  deps: LiveDeps,
  accountId: string,
  pix: PixReceived,
  source: UnmatchedPayment["source"],
  paidCharge?: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const paidAt = Number.isNaN(Date.parse(pix.horario)) ? null : new Date(pix.horario);
  const p: UnmatchedPayment = {
    id: newId("upm", deps),
    accountId,
    e2eid: pix.endToEndId,
    txid: pix.txid ?? null,
    amountCents: pix.amountCents,
    paidAt,
    source,
    createdAt: now,
  };
  return deps.db.transaction(async (db) => {
    if (!(await recordUnmatched(db, p))) return false;
    await insertEvents(db, [
      {
        id: newId("evt", deps),
        accountId,
        mode: "live",
        type: "payment.unmatched",
        chargeId: paidCharge ?? null,
        payload: eventPayload(deps, UnmatchedPaymentEventDataSchema, unmatchedData(p, paidCharge)),
        createdAt: now,
      },
    ]);
    return true;
  });
}
