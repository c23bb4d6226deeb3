import { type ChargeRow, findCharge } from "../../db/queries/charges.ts";
import { PspError } from "../../pix-psp/psp-error.ts";
import type { CobView } from "../../pix-psp/types.ts";
import { transition } from "../charges/move-charge.ts";
import { unprocessable } from "../errors.ts";
import type { LiveConnection, PspClients } from "../pix-psp-connection/clients.ts";
import { isPspError, pspFailure } from "../pix-psp-connection/psp-failure.ts";
import { getCobOf, removeCobOf } from "./live-cob-kind.ts";
import { type LiveDeps, settleFromCob } from "./live-confirm.ts";
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
