import { type ChargeRow, findCharge } from "../../db/queries/charges.ts";
import type { Db } from "../../kernel/db.ts";
import type { CobrView } from "../../pix-psp/automatico-types.ts";
import { PspError } from "../../pix-psp/psp-error.ts";
import { unprocessable } from "../errors.ts";
import type { PspClients } from "../pix-psp-connection/clients.ts";
import { isPspError, pspFailure } from "../pix-psp-connection/psp-failure.ts";
import type { RecurrenceSink } from "./notify.ts";

type Deps = { db: Db; pspClients: PspClients | undefined; recurrenceSink?: RecurrenceSink };

const LEFT = "the charge was left pending";

/**
 * The refusal of a cancel on or after a period's date, the same words in the sandbox and live:
 * from that day the payer's bank tries the debit, and BACEN's PATCH /cobr refuses the cancel
 * (CobROperacaoInvalida), so the debit and its retries run their course.
 */
export function pastFirstDebit(due: string, pspReason?: string): string {
  return `charge_id: a subscription period's charge cannot be canceled on or after its date (${due}), when the payer's bank first tries to debit it${pspReason ? ` (the PSP refused: ${pspReason})` : ""}; cancel the subscription to stop later periods (docs/subscriptions.md)`;
}

/**
 * Cancel of a live subscription period's charge: PATCH /cobr/{txid} with status CANCELADA at
 * the PSP first (a period's charge is a cobr, never a cob: PATCH /cob would answer 404, read as
 * already removed, and leave the cobr debitable behind a charge canceled here). What the PSP
 * then holds moves the charge and its period through the same sink as its notifications
 * (sink.ts: one charge.updated, the period canceled; paid meanwhile, approved), so a
 * notification of this very cancel arriving too moves nothing twice. Refused because its date
 * has come (the cobr still ATIVA) is a 422 and the charge stays pending at both ends; a PSP that
 * cannot be reached leaves it pending too (502).
 */
export async function cancelLivePeriodCharge(deps: Deps, charge: ChargeRow): Promise<ChargeRow> {
  const live = await deps.pspClients?.forAccount(deps.db, charge.accountId);
  const auto = live?.client.automatico;
  if (!auto || !deps.recurrenceSink || !charge.txid) {
    throw unprocessable(
      "charge_id: this subscription period's charge can only be canceled through the account's PSP connection, which is missing or does not speak Pix Automático",
    );
  }
  const txid = charge.txid;
  let cobr: CobrView;
  try {
    cobr = await auto.cancelCobr(txid);
  } catch (err) {
    if (!isPspError(err) || err.kind !== "rejected") throw pspFailure(err, LEFT);
    // Refused: its debit date has come, or the cobr is no longer open (paid, failed, cancelled
    // by the payer). What it is now decides the answer.
    cobr = await auto.getCobr(txid).catch((e: unknown) => {
      throw pspFailure(e, LEFT);
    });
    if (cobr.status === "ATIVA" || cobr.status === "CRIADA") {
      const due = cobr.dataDeVencimento ?? String(charge.details.due_date ?? "");
      throw unprocessable(`${pastFirstDebit(due, err.reason)}; ${LEFT}`);
    }
  }
  if (cobr.status === "ATIVA" || cobr.status === "CRIADA") {
    throw pspFailure(new PspError("unavailable", "the cobr is still ATIVA after its cancel"), LEFT);
  }
  await deps.recurrenceSink.cobrConfirmed(deps.db, charge.accountId, cobr);
  return (await findCharge(deps.db, charge)) ?? charge;
}
