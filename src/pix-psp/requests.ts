import { centsToValor } from "./amounts.ts";
import type { PutCobInput } from "./types.ts";

/**
 * Paths and bodies of the calls we make, as the BACEN OpenAPI describes them. Our own ids are
 * checked here (a txid outside [a-zA-Z0-9]{26,35} is our bug, not the PSP's refusal); texts the
 * payer sees are cut to the standard's 140 characters.
 */
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;

export function cobPath(txid: string): string {
  if (!TXID.test(txid)) throw new TypeError("txid must be 26-35 letters or digits");
  return `/cob/${txid}`;
}

export function devolucaoPath(e2eid: string, id: string): string {
  if (!DEVOLUCAO_ID.test(id)) throw new TypeError("devolução id must be 1-35 letters or digits");
  return `/pix/${encodeURIComponent(e2eid)}/devolucao/${id}`;
}

export function webhookPath(chave: string): string {
  return `/webhook/${encodeURIComponent(chave)}`;
}

/** CobSolicitada. */
export function cobBody(input: PutCobInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    calendario: { expiracao: input.expiresInSec },
    valor: { original: centsToValor(input.amountCents) },
    chave: input.chave,
  };
  if (input.devedor) body.devedor = input.devedor;
  if (input.solicitacaoPagador) body.solicitacaoPagador = cut(input.solicitacaoPagador, 140);
  return body;
}

/** DevolucaoSolicitada (natureza defaults to ORIGINAL). */
export function devolucaoBody(amountCents: number, descricao?: string): Record<string, unknown> {
  const body: Record<string, unknown> = { valor: centsToValor(amountCents) };
  if (descricao) body.descricao = cut(descricao, 140);
  return body;
}

/** By code points, so a cut never splits a character. */
function cut(text: string, max: number): string {
  return [...text].slice(0, max).join("");
}
