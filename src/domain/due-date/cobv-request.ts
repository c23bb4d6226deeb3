import type { CobVValorInput, PutCobVInput } from "../../pix-psp/types.ts";
import { BACEN_MODALIDADE, type DueDateTerms } from "./modalities.ts";

// A charge's due-date terms as the PSP client's `PUT /cobv/{txid}` input: our mode names become
// BACEN's `modalidade` numbers through BACEN_MODALIDADE (the one table, docs/due-date.md), values
// stay hundredths (centavos or basis points), which the client writes "2.00".

export function cobvValorFor(terms: DueDateTerms): CobVValorInput {
  const v: CobVValorInput = { originalCents: terms.originalCents };
  if (terms.fine) {
    v.multa = { modalidade: BACEN_MODALIDADE.fine[terms.fine.mode], valorPerc: terms.fine.value };
  }
  if (terms.interest) {
    v.juros = {
      modalidade: BACEN_MODALIDADE.interest[terms.interest.mode],
      valorPerc: terms.interest.value,
    };
  }
  if (terms.abatement) {
    v.abatimento = {
      modalidade: BACEN_MODALIDADE.abatement[terms.abatement.mode],
      valorPerc: terms.abatement.value,
    };
  }
  const d = terms.discounts;
  if (d) {
    const modalidade = BACEN_MODALIDADE.discounts[d.mode];
    v.desconto =
      "tiers" in d
        ? {
            modalidade,
            descontoDataFixa: d.tiers.map((t) => ({ data: t.date, valorPerc: t.value })),
          }
        : { modalidade, valorPerc: d.value };
  }
  return v;
}

export type CobVDebtor = { name: string; cpf?: string; cnpj?: string };

/** The whole PUT /cobv input for a charge; the debtor has a CPF or a CNPJ (validated before). */
export function cobvInputFor(
  txid: string,
  chave: string,
  terms: DueDateTerms,
  debtor: CobVDebtor,
  title: string | null,
): PutCobVInput {
  const nome = debtor.name.slice(0, 200);
  return {
    txid,
    chave,
    dataDeVencimento: terms.dueDate,
    validadeAposVencimento: terms.daysAfterDue,
    devedor: debtor.cnpj ? { cnpj: debtor.cnpj, nome } : { cpf: debtor.cpf ?? "", nome },
    valor: cobvValorFor(terms),
    ...(title ? { solicitacaoPagador: title.slice(0, 140) } : {}),
  };
}
