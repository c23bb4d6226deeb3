import { centsToValor } from "./amounts.ts";
import type { PostRecInput, PutCobrInput, SolicRecInput } from "./automatico-types.ts";

/**
 * Paths and bodies of the Pix Automático calls, as the BACEN file describes them (RecSolicitada,
 * CobRSolicitada, SolicRecSolicitada). Our own ids are checked here: a txid or idRec outside the
 * file's patterns is our bug, not the PSP's refusal. Texts are cut to the file's lengths.
 */
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const ID_REC = /^[a-zA-Z0-9]{29}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function recPath(idRec: string, txid?: string): string {
  if (!ID_REC.test(idRec)) throw new TypeError("idRec must be 29 letters or digits");
  if (txid !== undefined && !TXID.test(txid))
    throw new TypeError("txid must be 26-35 letters or digits");
  return txid ? `/rec/${idRec}?${new URLSearchParams({ txid })}` : `/rec/${idRec}`;
}

export function cobrPath(txid: string): string {
  if (!TXID.test(txid)) throw new TypeError("txid must be 26-35 letters or digits");
  return `/cobr/${txid}`;
}

export function cobrRetryPath(txid: string, data: string): string {
  if (!DATE.test(data)) throw new TypeError("data must be YYYY-MM-DD");
  return `${cobrPath(txid)}/retentativa/${data}`;
}

/** RecSolicitada: no idRec (the PSP assigns it) and no `retentativa` (see the peer's README). */
export function recBody(input: PostRecInput): Record<string, unknown> {
  if (input.valorRecCents !== undefined && input.valorMinimoRecebedorCents !== undefined) {
    // The file: "Ambos os campos valorRec e valorMinimoRecebedor estão preenchidos" is a violation.
    throw new TypeError("a rec has a fixed amount or a floor, not both");
  }
  const vinculo: Record<string, unknown> = {
    contrato: cut(input.contrato, 35),
    devedor: { ...input.devedor, nome: cut(input.devedor.nome, 140) },
  };
  if (input.objeto) vinculo.objeto = cut(input.objeto, 35);
  const calendario: Record<string, unknown> = {
    dataInicial: input.dataInicial,
    periodicidade: input.periodicidade,
  };
  if (input.dataFinal) calendario.dataFinal = input.dataFinal;
  const body: Record<string, unknown> = {
    vinculo,
    calendario,
    politicaRetentativa: input.politicaRetentativa,
  };
  if (input.valorRecCents !== undefined)
    body.valor = { valorRec: centsToValor(input.valorRecCents) };
  else if (input.valorMinimoRecebedorCents !== undefined) {
    body.valor = { valorMinimoRecebedor: centsToValor(input.valorMinimoRecebedorCents) };
  }
  if (input.locId !== undefined) body.loc = input.locId;
  if (input.jornadaTxid) body.ativacao = { dadosJornada: { txid: input.jornadaTxid } };
  return body;
}

/** CobRSolicitada. */
export function cobrBody(input: PutCobrInput): Record<string, unknown> {
  if (!ID_REC.test(input.idRec)) throw new TypeError("idRec must be 29 letters or digits");
  if (!DATE.test(input.dataDeVencimento))
    throw new TypeError("dataDeVencimento must be YYYY-MM-DD");
  const recebedor: Record<string, unknown> = {
    conta: input.recebedor.conta,
    tipoConta: input.recebedor.tipoConta,
  };
  if (input.recebedor.agencia) recebedor.agencia = input.recebedor.agencia;
  const body: Record<string, unknown> = {
    idRec: input.idRec,
    calendario: { dataDeVencimento: input.dataDeVencimento },
    valor: { original: centsToValor(input.amountCents) },
    ajusteDiaUtil: input.ajusteDiaUtil ?? true,
    recebedor,
  };
  if (input.infoAdicional) body.infoAdicional = cut(input.infoAdicional, 140);
  return body;
}

/** SolicRecSolicitada. */
export function solicRecBody(input: SolicRecInput): Record<string, unknown> {
  return {
    idRec: input.idRec,
    calendario: { dataExpiracaoSolicitacao: input.dataExpiracaoSolicitacao },
    destinatario: input.destinatario,
  };
}

/** By code points, so a cut never splits a character. */
function cut(text: string, max: number): string {
  return [...text].slice(0, max).join("");
}
