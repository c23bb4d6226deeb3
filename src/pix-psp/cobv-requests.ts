import { centsToValor } from "./amounts.ts";
import { cobPath } from "./requests.ts";
import type { PutCobVInput } from "./types.ts";

/**
 * Paths and bodies of the due-date calls (BACEN API Pix v2.9.0: `/cobv/{txid}` takes
 * CobVSolicitada, `/lotecobv/{id}` a LoteCobVBody). Our own ids are checked here; a lote id is
 * digits, since the file gives LoteCobVConsultado an int64 `id` and PSPs (Efí) require one.
 */
const LOTE_ID = /^[1-9][0-9]{0,17}$/;

export function cobvPath(txid: string): string {
  return `/cobv/${cobPath(txid).slice("/cob/".length)}`;
}

export function loteCobVPath(id: string): string {
  if (!LOTE_ID.test(id)) throw new TypeError("lote id must be a positive integer");
  return `/lotecobv/${id}`;
}

/** "2.00" from hundredths (centavos or basis points alike: two decimals either way). */
const hundredths = (v: number): string => centsToValor(v);

/** CobVSolicitada. */
export function cobvBody(input: PutCobVInput): Record<string, unknown> {
  const v = input.valor;
  const valor: Record<string, unknown> = { original: centsToValor(v.originalCents) };
  for (const key of ["multa", "juros", "abatimento"] as const) {
    const part = v[key];
    if (part) valor[key] = { modalidade: part.modalidade, valorPerc: hundredths(part.valorPerc) };
  }
  if (v.desconto) {
    valor.desconto =
      "descontoDataFixa" in v.desconto
        ? {
            modalidade: v.desconto.modalidade,
            descontoDataFixa: v.desconto.descontoDataFixa.map((t) => ({
              data: t.data,
              valorPerc: hundredths(t.valorPerc),
            })),
          }
        : { modalidade: v.desconto.modalidade, valorPerc: hundredths(v.desconto.valorPerc) };
  }
  const body: Record<string, unknown> = {
    calendario: {
      dataDeVencimento: input.dataDeVencimento,
      validadeAposVencimento: input.validadeAposVencimento,
    },
    devedor: { ...input.devedor, nome: cut(input.devedor.nome, 200) },
    valor,
    chave: input.chave,
  };
  if (input.solicitacaoPagador) body.solicitacaoPagador = cut(input.solicitacaoPagador, 140);
  return body;
}

/** LoteCobVBody: each line is a CobVSolicitada with its txid. */
export function loteCobVBody(
  descricao: string,
  cobs: readonly PutCobVInput[],
): Record<string, unknown> {
  return {
    descricao: cut(descricao, 140),
    cobsv: cobs.map((c) => {
      cobvPath(c.txid);
      return { txid: c.txid, ...cobvBody(c) };
    }),
  };
}

function cut(text: string, max: number): string {
  return [...text].slice(0, max).join("");
}
