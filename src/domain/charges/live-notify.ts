import { findChargeByTxid } from "../../db/queries/charges.ts";
import { paymentKnown } from "../../db/queries/live-pix.ts";
import { PspNotificationError, parsePspNotification } from "../../pix-psp/notification.ts";
import type { PspNotification } from "../../pix-psp/types.ts";
import { badRequest, notFound } from "../errors.ts";
import type { PspClients } from "../pix-psp-connection/clients.ts";
import { type LiveDeps, settleFromCob, settleRefund } from "./live-confirm.ts";

type Deps = LiveDeps & { pspClients: PspClients | undefined };

/**
 * A PSP's notification (POST {webhookUrl}/pix) for the connection whose hook id is in the URL.
 * The body is a trigger, never proof: each payment's txid is looked up at the PSP
 * (GET /cob/{txid}) before its charge is approved, and each devolução at
 * GET /pix/{e2eid}/devolucao/{id}. A payment whose end-to-end id is already recorded is skipped.
 * An unknown hook id is 404 and touches nothing; an unreadable body is 400. A PSP that cannot be
 * asked right now leaves the charge to the reconciliation pass; the notification is still 200
 * (the PSP need not resend: we will ask it ourselves).
 */
export async function handlePspNotification(deps: Deps, hookId: string, body: unknown) {
  const live = await deps.pspClients?.forHook(deps.db, hookId);
  if (!live) throw notFound("notification hook not found");
  let note: PspNotification;
  try {
    note = parsePspNotification(body);
  } catch (err) {
    if (err instanceof PspNotificationError) throw badRequest(`body: ${err.message}`);
    throw err;
  }
  let approved = 0;
  let refunds = 0;
  for (const pix of note.pix) {
    if (!pix.txid) continue; // a transfer to the key without a cob: not a charge of ours
    const charge = await findChargeByTxid(deps.db, {
      accountId: live.row.accountId,
      mode: "live",
      txid: pix.txid,
    });
    if (!charge) continue;
    try {
      if (!(await paymentKnown(deps.db, pix.endToEndId))) {
        if ((await settleFromCob(deps, live, charge)).approved) approved++;
      }
      for (const d of pix.devolucoes) {
        const confirmed = await live.client.getDevolucao(pix.endToEndId, d.id);
        const current = await findChargeByTxid(deps.db, { ...charge, txid: charge.txid });
        if (current?.status === "approved") {
          await settleRefund(deps, current, confirmed);
          refunds++;
        }
      }
    } catch {
      // The PSP did not answer (or the devolução is not one of ours): reconciliation retries.
    }
  }
  return { received: note.pix.length, approved, refunds };
}
