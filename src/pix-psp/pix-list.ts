import { PspShapeError, parsePix } from "./parse-cob.ts";
import type { PixListPage, PixListQuery } from "./types.ts";

/**
 * `GET /pix?inicio&fim` (BACEN "Consultar Pix recebidos"): the Pix received on the merchant's
 * keys in a window, one page at a time. Pagination is the file's: `paginacao.paginaAtual`
 * (from 0) and `paginacao.itensPorPagina` (1 to 1000) in the query, and `parametros.paginacao`
 * (`quantidadeDePaginas`) in the answer. Reconciliation reads this instead of one GET /cob per
 * pending charge, so its cost follows the payments received, not the charges waiting.
 */

export function pixListPath(q: PixListQuery): string {
  if (!Number.isInteger(q.page) || q.page < 0) throw new TypeError("page must be 0 or more");
  if (!Number.isInteger(q.perPage) || q.perPage < 1 || q.perPage > 1000) {
    throw new TypeError("perPage must be 1 to 1000");
  }
  const params = new URLSearchParams({
    inicio: q.inicio.toISOString(),
    fim: q.fim.toISOString(),
    "paginacao.paginaAtual": String(q.page),
    "paginacao.itensPorPagina": String(q.perPage),
  });
  return `/pix?${params}`;
}

/** PixConsultados. A missing `pix` list is an empty page; a missing page count is one page. */
export function parsePixList(body: unknown, asked: number): PixListPage {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new PspShapeError("pix list is not an object");
  }
  const b = body as Record<string, unknown>;
  const list = b.pix === undefined ? [] : b.pix;
  if (!Array.isArray(list)) throw new PspShapeError("pix list: pix is not an array");
  const params = (b.parametros ?? {}) as Record<string, unknown>;
  const pag = (params.paginacao ?? {}) as Record<string, unknown>;
  const pages = Number.isInteger(pag.quantidadeDePaginas) ? Number(pag.quantidadeDePaginas) : 1;
  const page = Number.isInteger(pag.paginaAtual) ? Number(pag.paginaAtual) : asked;
  return { pix: list.map(parsePix), page, pages: Math.max(1, pages) };
}
