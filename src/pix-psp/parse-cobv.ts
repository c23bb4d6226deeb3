import { PspShapeError, parseCob } from "./parse-cob.ts";
import { reasonFromBody } from "./psp-error.ts";
import type { CobVView, LoteCobVView, LoteLineStatus } from "./types.ts";

/**
 * Lenient readers for the due-date answers. CobVGerada is a cob with a `calendario` that has
 * `dataDeVencimento`: the cob reader does the rest (txid, status, valor.original, pix, BR Code,
 * location from `location` or `loc.location`). The file's slips (CobVGerada requires the
 * top-level `location` and, through DadosRecebedor, the receiver's address at the top level)
 * are neither required nor read: a PSP that sends them or not is understood alike.
 */
export function parseCobV(body: unknown, brCodeFields: readonly string[]): CobVView {
  const view: CobVView = parseCob(body, brCodeFields);
  const cal = (body as { calendario?: unknown }).calendario;
  if (cal && typeof cal === "object") {
    const c = cal as Record<string, unknown>;
    if (typeof c.dataDeVencimento === "string") view.dataDeVencimento = c.dataDeVencimento;
    const days = Number(c.validadeAposVencimento);
    if (Number.isSafeInteger(days) && days >= 0) view.validadeAposVencimento = days;
  }
  return view;
}

const LINE_STATUSES: Record<string, LoteLineStatus> = {
  EM_PROCESSAMENTO: "EM_PROCESSAMENTO",
  CRIADA: "CRIADA",
  NEGADA: "NEGADA",
};

/** LoteCobVConsultado: lines without a txid are skipped (nothing could be matched to them). */
export function parseLoteCobV(body: unknown, id: string): LoteCobVView {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new PspShapeError("lote is not an object");
  }
  const b = body as Record<string, unknown>;
  const list = Array.isArray(b.cobsv) ? b.cobsv : [];
  const view: LoteCobVView = { id: String(b.id ?? id), lines: [] };
  if (typeof b.descricao === "string") view.descricao = b.descricao;
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const line = item as Record<string, unknown>;
    if (typeof line.txid !== "string" || line.txid === "") continue;
    const rawStatus = typeof line.status === "string" ? line.status : "";
    const status = LINE_STATUSES[rawStatus.trim().toUpperCase()] ?? "unknown";
    const out: LoteCobVView["lines"][number] = { txid: line.txid, status, rawStatus };
    if (line.problema && typeof line.problema === "object") {
      const p = line.problema as { status?: unknown };
      out.reason = reasonFromBody(typeof p.status === "number" ? p.status : 400, line.problema);
    }
    view.lines.push(out);
  }
  return view;
}
