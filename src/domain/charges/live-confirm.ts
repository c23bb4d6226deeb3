import type { Db } from "../../db/db.ts";
import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import { approveByPayment, setRefundState } from "../../db/queries/live-pix.ts";
import type { CobView, DevolucaoView } from "../../pix-psp/types.ts";
import type { Clock, Random } from "../deps.ts";
import type { LiveConnection } from "../pix-psp-connection/clients.ts";
import type { Tally } from "../tally.ts";
import { chargeEvent } from "./charge-events.ts";
import { chargeData } from "./charge-view.ts";
import { transition } from "./move-charge.ts";

export type LiveDeps = { db: Db; clock: Clock; random: Random; tally?: Tally };

/**
 * Settles a live charge from its cob as the PSP reports it (GET /cob/{txid}, never a
 * notification's word): CONCLUIDA with at least the charge's value paid approves it, once
 * (a conditional update keyed by the payment's end-to-end id), with its charge.approved event.
 * Returns the cob's status as seen.
 */
export async function settleFromCob(
  deps: LiveDeps,
  live: LiveConnection,
  charge: ChargeRow,
  known?: CobView,
): Promise<{ cob: CobView; approved: boolean }> {
  const cob = known ?? (await live.client.getCob(charge.txid));
  if (cob.status !== "CONCLUIDA") return { cob, approved: false };
  const paid = cob.pix.reduce((sum, p) => sum + p.amountCents, 0);
  if (paid < charge.valueCents) return { cob, approved: false };
  // One payment per charge: its end-to-end id; a PSP that lists none still settles it once.
  const e2eid = cob.pix[0]?.endToEndId ?? `cob:${live.row.accountId}:${charge.txid}`;
  const approved = await deps.db.transaction(async (db) => {
    const row = await approveByPayment(db, {
      accountId: charge.accountId,
      id: charge.id,
      e2eid,
      at: deps.clock.now(),
    });
    if (!row) return false;
    await insertEvents(db, [chargeEvent(deps, "charge.approved", row)]);
    return true;
  });
  if (approved) deps.tally?.chargePaid("pix", "live");
  return { cob, approved };
}

/**
 * Applies a devolução's status as the PSP reports it (GET /pix/{e2eid}/devolucao/{id}):
 * DEVOLVIDO refunds the charge (charge.refund); NAO_REALIZADO keeps it approved and records a
 * charge.updated event carrying the PSP's reason; EM_PROCESSAMENTO (or a status we do not know)
 * waits for a notification or the next reconciliation pass.
 */
export async function settleRefund(
  deps: LiveDeps,
  charge: ChargeRow,
  dev: DevolucaoView,
): Promise<ChargeRow> {
  const status = dev.status === "unknown" ? "EM_PROCESSAMENTO" : dev.status;
  const key = { accountId: charge.accountId, mode: charge.mode, id: charge.id };
  return deps.db.transaction(async (db) => {
    const changed = await setRefundState(db, {
      accountId: charge.accountId,
      id: charge.id,
      refundId: dev.id,
      status,
      reason: dev.motivo ?? null,
    });
    if (status === "DEVOLVIDO") return (await transition({ ...deps, db }, key, "refunded")).charge;
    if (status === "NAO_REALIZADO" && changed) {
      await insertEvents(db, [
        chargeEvent(deps, "charge.updated", charge, {
          ...chargeData(charge),
          refund: { status: "failed", reason: dev.motivo ?? "the PSP did not make the refund" },
        }),
      ]);
    }
    return charge;
  });
}
