import { findChargeById } from "../../db/queries/charges.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { amountDue } from "../due-date/amount-due.ts";
import { brazilDate, dueTermsOf } from "../due-date/due-charge.ts";
import { isPayableAmount } from "../due-date/payable-bounds.ts";
import { badRequest, notFound } from "../errors.ts";
import { formatCents } from "../money.ts";
import { chargeIdOfToken } from "./due-location.ts";
import { SANDBOX_RECEIVER, sandboxEvpKey } from "./pix-provider.ts";

// What a sandbox due-date charge's location answers (BACEN's GET /cobv/{pixUrlAccessToken}):
// the CobVPayload of the payment date the payer's bank names (DPP, default today in Brazil),
// its `valor` computed by amountDue for that date. The route signs it as a JWS.

/** The sandbox receiver as a cobv payload names it (BACEN's example: a company with address). */
const SANDBOX_RECEBEDOR = {
  cnpj: "11222333000181",
  nome: SANDBOX_RECEIVER.name,
  logradouro: "Avenida Paulista, 1000",
  cidade: "Sao Paulo",
  uf: "SP",
  cep: "01310100",
};

// CobrancaStatus of each of our statuses (a charge no longer payable is removed, as a PSP does).
const STATUS: Record<string, string> = {
  pending: "ATIVA",
  approved: "CONCLUIDA",
  refunded: "CONCLUIDA",
  canceled: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
};

/**
 * The CobVPayload of the sandbox due-date charge a location's token names, for payment date
 * `dpp` (`YYYY-MM-DD`). 404 for a token no sandbox due-date charge holds; 400 for a date before
 * the charge was made or after its last payable day (the payer's bank shows it cannot be paid).
 */
export async function cobvPayload(
  deps: { db: Db; clock: Clock },
  token: string,
  dpp: string | undefined,
) {
  const row = /^[0-9a-z]{26}$/.test(token)
    ? await findChargeById(deps.db, chargeIdOfToken(token))
    : undefined;
  const terms = row && dueTermsOf(row);
  if (!row || !terms || row.mode !== "test" || row.txid !== token) {
    throw notFound("pixUrlAccessToken: no charge at this location");
  }
  const date = dpp ?? brazilDate(deps.clock.now());
  const a = amountDue(terms, date);
  // isPayableAmount: a bill stored before its terms were bounded may ask for 0 or too much.
  if (date < brazilDate(row.createdAt) || !a.payable || !isPayableAmount(a.total)) {
    throw badRequest(
      `DPP: the charge cannot be paid on ${date} (payable until ${a.lastPayableDate})`,
    );
  }
  const cpf = row.details.customer_cpf;
  const cnpj = row.details.customer_cnpj;
  const nome = String(row.details.customer_name ?? "");
  const money = (c: number) => formatCents(c);
  return {
    calendario: {
      criacao: row.createdAt.toISOString(),
      apresentacao: deps.clock.now().toISOString(),
      dataDeVencimento: terms.dueDate,
      validadeAposVencimento: terms.daysAfterDue,
    },
    devedor: typeof cnpj === "string" ? { cnpj, nome } : { cpf: String(cpf ?? ""), nome },
    recebedor: SANDBOX_RECEBEDOR,
    // The file's slip: DadosRecebedor requires the receiver's address at the payload's top
    // level too (BACEN's own example has it in recebedor only). Both, so a reader that checks
    // against the file as written accepts it, and one that reads recebedor finds it there.
    logradouro: SANDBOX_RECEBEDOR.logradouro,
    cidade: SANDBOX_RECEBEDOR.cidade,
    uf: SANDBOX_RECEBEDOR.uf,
    cep: SANDBOX_RECEBEDOR.cep,
    txid: row.txid,
    revisao: 0,
    status: STATUS[row.status] ?? "REMOVIDA_PELO_PSP",
    valor: {
      original: money(a.original),
      ...(a.abatement > 0 ? { abatimento: money(a.abatement) } : {}),
      ...(a.discount > 0 ? { desconto: money(a.discount) } : {}),
      ...(a.fine > 0 ? { multa: money(a.fine) } : {}),
      ...(a.interest > 0 ? { juros: money(a.interest) } : {}),
      final: money(a.total),
    },
    chave: sandboxEvpKey(row.accountId),
    ...(row.title ? { solicitacaoPagador: row.title.slice(0, 140) } : {}),
  };
}
