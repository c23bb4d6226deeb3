import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import { upsertDispute } from "../../db/queries/live-pix-records.ts";
import type { DevolucaoView } from "../../pix-psp/types.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { chargeData } from "../charges/charge-view.ts";
import { centsToBrl } from "../money.ts";
import type { LiveDeps } from "./live-confirm.ts";
import { settleRefund } from "./live-refund.ts";

// MED (Mecanismo Especial de Devolução): the payer's bank claws a Pix back, as a devolução of
// nature MED_OPERACIONAL (an operational failure) or MED_FRAUDE (suspected fraud) on the
// payment. It is not a refund the merchant asked for, so it is its own event, charge.disputed,
// and the charge keeps its status (it was paid; docs/live-pix.md says why): the merchant's
// order system learns that the money is being taken back, and from what stage (`dispute`).

const MED_NATURES = new Set(["MED_OPERACIONAL", "MED_FRAUDE"]);

export const isMed = (d: DevolucaoView) => d.natureza !== undefined && MED_NATURES.has(d.natureza);

/**
 * Records a MED devolução on a charge's payment (as the PSP reported it: GET devolução, or its
 * list of Pix received) and, when it is news (new, or a new status), writes charge.disputed.
 */
export async function recordDispute(
  deps: LiveDeps,
  charge: ChargeRow,
  e2eid: string,
  dev: DevolucaoView,
): Promise<boolean> {
  const status = dev.status === "unknown" ? dev.rawStatus || "EM_PROCESSAMENTO" : dev.status;
  return deps.db.transaction(async (db) => {
    const news = await upsertDispute(db, {
      e2eid,
      devolucaoId: dev.id,
      accountId: charge.accountId,
      chargeId: charge.id,
      nature: dev.natureza ?? "MED_OPERACIONAL",
      status,
      amountCents: dev.amountCents,
      reason: dev.motivo ?? null,
      at: deps.clock.now(),
    });
    if (news) {
      await insertEvents(db, [
        chargeEvent(deps, "charge.disputed", charge, {
          ...chargeData(charge),
          dispute: {
            id: dev.id,
            endToEndId: e2eid,
            nature: dev.natureza ?? "MED_OPERACIONAL",
            status,
            value: centsToBrl(dev.amountCents),
            reason: dev.motivo ?? null,
          },
        }),
      ]);
    }
    return news;
  });
}

/**
 * A devolução on a charge's payment as the PSP reports it: of MED nature it is a dispute;
 * otherwise it may be the refund we asked for (settleRefund ignores one that is not ours).
 */
export async function applyDevolucao(
  deps: LiveDeps,
  charge: ChargeRow,
  e2eid: string,
  dev: DevolucaoView,
): Promise<"dispute" | "refund" | "none"> {
  if (isMed(dev)) {
    await recordDispute(deps, charge, e2eid, dev);
    return "dispute";
  }
  if (charge.status !== "approved") return "none";
  await settleRefund(deps, charge, dev);
  return "refund";
}
