import { type ChargeRow, findCharge } from "../../db/queries/charges.ts";
import { PLACEHOLDER_E2EID_PREFIX } from "../../db/queries/live-payment-ids.ts";
import { liveState } from "../../db/queries/live-pix/charge-state.ts";
import { PspError } from "../../pix-psp/psp-error.ts";
import type { CobView, DevolucaoView } from "../../pix-psp/types.ts";
import { transition } from "../charges/move-charge.ts";
import { unprocessable } from "../errors.ts";
import type { LiveConnection, PspClients } from "../pix-psp-connection/clients.ts";
import { isPspError, pspFailure } from "../pix-psp-connection/psp-failure.ts";
import { getCobOf, removeCobOf } from "./live-cob-kind.ts";
import {
  type LiveDeps,
  paidCentsOf,
  refundAttemptOf,
  refundIdFor,
  settleFromCob,
  settleRefund,
} from "./live-confirm.ts";
import { LIVE_PSP_MISSING } from "./live-create.ts";

// A cob the PSP does not know (never created, or gone) is as good as removed.
const NO_COB: CobView = {
  txid: "",
  status: "REMOVIDA_PELO_PSP",
  rawStatus: "not found",
  amountCents: 0,
  pix: [],
};

type Deps = LiveDeps & { pspClients: PspClients | undefined };

async function connection(deps: Deps, accountId: string): Promise<LiveConnection> {
  const live = await deps.pspClients?.forAccount(deps.db, accountId);
  if (!live) throw unprocessable(LIVE_PSP_MISSING);
  return live;
}

/**
 * Removes a pending live charge's cob at the PSP (PATCH status REMOVIDA_PELO_USUARIO_RECEBEDOR)
 * and then moves the charge to `to` (canceled, or expired by the expiry pass). If the PSP says
 * the cob was paid, the payment wins and the approved charge is the answer (a cancel of a paid
 * charge learns the payment at once). A PSP that cannot be
 * reached leaves the charge pending (and throws: 502 for a caller; the next pass retries).
 */
export async function removeThenMove(
  deps: Deps,
  live: LiveConnection,
  charge: ChargeRow,
  to: "canceled" | "expired",
): Promise<ChargeRow> {
  let cob: CobView;
  try {
    cob = await removeCobOf(live.client, charge.txid);
  } catch (err) {
    if (!isPspError(err) || err.kind === "unavailable" || err.kind === "auth") {
      throw pspFailure(err, "the charge was left pending");
    }
    // Refused (already paid, or already removed) or unknown: ask what the cob is now.
    cob =
      err.kind === "not_found"
        ? { ...NO_COB, txid: charge.txid }
        : await getCobOf(live.client, charge.txid).catch((e: unknown) => {
            throw pspFailure(e, "the charge was left pending");
          });
  }
  if (cob.status === "CONCLUIDA") {
    // Paid: the payment wins and the answer is the approved charge. Paid for less than the
    // value (underpaid): the cob is concluded, nothing is payable any more, so the charge
    // moves as asked and keeps its amountReceived.
    const { underpaid } = await settleFromCob(deps, live, charge, cob);
    const now = (await findCharge(deps.db, charge)) ?? charge;
    if (!underpaid || now.status !== "pending") return now;
    return (await transition(deps, now, to)).charge;
  }
  if (cob.status === "ATIVA") {
    throw pspFailure(
      new PspError("unavailable", "the cob is still ATIVA after its removal"),
      "the charge was left pending",
    );
  }
  return (await transition(deps, charge, to)).charge;
}

/** Cancel of a live charge: the cob goes first; see removeThenMove. */
export async function cancelLiveCharge(deps: Deps, charge: ChargeRow): Promise<ChargeRow> {
  const live = await connection(deps, charge.accountId);
  return removeThenMove(deps, live, charge, "canceled");
}

/**
 * Refund of an approved live charge: `PUT /pix/{e2eid}/devolucao/{id}` with an id derived from
 * the charge (a retry reuses it, and the PSP refuses a reused id rather than refunding twice: we
 * then read that devolução). DEVOLVIDO refunds the charge (charge.refund); NAO_REALIZADO keeps
 * it approved with a charge.updated event carrying the reason, and a new refund may be asked
 * (with the next id); EM_PROCESSAMENTO keeps it approved until a notification or reconciliation
 * settles it. The answer is the charge as it then is.
 */
export async function refundLiveCharge(deps: Deps, charge: ChargeRow): Promise<ChargeRow> {
  const live = await connection(deps, charge.accountId);
  const state = await liveState(deps.db, charge);
  if (!state?.pspE2eid || state.pspE2eid.startsWith(PLACEHOLDER_E2EID_PREFIX)) {
    // Its cob was reported paid without its Pix: reconciliation (or the PSP's next
    // notification) learns the payment's id from the PSP and writes it back.
    throw unprocessable(
      "charge_id: the PSP has not reported this payment's end-to-end id yet; retry after the next reconciliation pass, or refund it at the PSP",
    );
  }
  let n = state.refundId ? Math.max(0, refundAttemptOf(charge.id, state.refundId)) : 0;
  if (state.refundId && state.refundStatus === "NAO_REALIZADO") n++;
  const id = refundIdFor(charge.id, n);
  let dev: DevolucaoView;
  try {
    dev = await live.client.putDevolucao(state.pspE2eid, id, paidCentsOf(charge), "Reembolso");
  } catch (err) {
    if (!isPspError(err) || err.kind !== "rejected") throw pspFailure(err, "no refund was made");
    // A reused id (our retry) is refused by the PSP: read the devolução it names.
    dev = await live.client.getDevolucao(state.pspE2eid, id).catch(() => {
      throw pspFailure(err, "no refund was made");
    });
  }
  return settleRefund(deps, charge, dev);
}
