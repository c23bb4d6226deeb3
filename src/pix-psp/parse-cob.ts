import { valorToCents } from "./amounts.ts";
import type { CobStatus, CobView, DevolucaoStatus, DevolucaoView, PixReceived } from "./types.ts";

/**
 * Lenient readers for the PSP's answers. The standard promises new enum members and optional
 * fields, and PSPs differ (REMOVIDO_* vs REMOVIDA_*, `brcode`, `devolucoes` as an object): we
 * read what we need, keep raw status strings, and throw only when a field we cannot do without
 * (txid, an amount) is missing or unreadable.
 */

export class PspShapeError extends Error {
  constructor(what: string) {
    super(`PSP answer not understood: ${what}`);
    this.name = "PspShapeError";
  }
}

const COB_STATUSES: Record<string, CobStatus> = {
  ATIVA: "ATIVA",
  CONCLUIDA: "CONCLUIDA",
  REMOVIDA_PELO_USUARIO_RECEBEDOR: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
  REMOVIDO_PELO_USUARIO_RECEBEDOR: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
  REMOVIDA_PELO_PSP: "REMOVIDA_PELO_PSP",
  REMOVIDO_PELO_PSP: "REMOVIDA_PELO_PSP",
};

const DEVOLUCAO_STATUSES: Record<string, DevolucaoStatus> = {
  EM_PROCESSAMENTO: "EM_PROCESSAMENTO",
  DEVOLVIDO: "DEVOLVIDO",
  NAO_REALIZADO: "NAO_REALIZADO",
};

export function normaliseCobStatus(raw: string): CobStatus {
  return COB_STATUSES[raw.trim().toUpperCase()] ?? "unknown";
}

export function normaliseDevolucaoStatus(raw: string): DevolucaoStatus {
  return DEVOLUCAO_STATUSES[raw.trim().toUpperCase()] ?? "unknown";
}

function obj(v: unknown, what: string): Record<string, unknown> {
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw new PspShapeError(`${what} is not an object`);
  return v as Record<string, unknown>;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function amount(v: unknown, what: string): number {
  const cents = valorToCents(v);
  if (cents === undefined) throw new PspShapeError(`${what} is not an amount`);
  return cents;
}

/** CobGerada / CobCompleta. `brCodeFields` comes from the profile, in preference order. */
export function parseCob(body: unknown, brCodeFields: readonly string[]): CobView {
  const b = obj(body, "cob");
  const txid = str(b.txid);
  if (!txid) throw new PspShapeError("cob without txid");
  const rawStatus = str(b.status) ?? "";
  const valor = b.valor && typeof b.valor === "object" ? (b.valor as Record<string, unknown>) : {};
  let brCode: string | undefined;
  for (const f of brCodeFields) {
    brCode = str(b[f]);
    if (brCode) break;
  }
  const loc = b.loc && typeof b.loc === "object" ? (b.loc as Record<string, unknown>) : {};
  const location = str(b.location) ?? str(loc.location);
  const view: CobView = {
    txid,
    status: normaliseCobStatus(rawStatus),
    rawStatus,
    amountCents: amount(valor.original, "cob valor.original"),
    pix: Array.isArray(b.pix) ? b.pix.map(parsePix) : [],
  };
  if (brCode) view.brCode = brCode;
  const chave = str(b.chave);
  if (chave) view.chave = chave;
  if (location) view.location = location.replace(/^https?:\/\//i, "");
  return view;
}

/** A `Pix` object; `devolucoes` may be an array or (spec example pixWebhook1) one object. */
export function parsePix(p: unknown): PixReceived {
  const b = obj(p, "pix");
  const endToEndId = str(b.endToEndId);
  if (!endToEndId) throw new PspShapeError("pix without endToEndId");
  const devs = b.devolucoes;
  const list = Array.isArray(devs) ? devs : devs && typeof devs === "object" ? [devs] : [];
  const out: PixReceived = {
    endToEndId,
    amountCents: amount(b.valor, "pix valor"),
    horario: str(b.horario) ?? "",
    devolucoes: list.map(parseDevolucao),
  };
  const txid = str(b.txid);
  if (txid) out.txid = txid;
  return out;
}

export function parseDevolucao(d: unknown): DevolucaoView {
  const b = obj(d, "devolucao");
  const id = str(b.id);
  if (!id) throw new PspShapeError("devolucao without id");
  const rawStatus = str(b.status) ?? "";
  const out: DevolucaoView = {
    id,
    amountCents: amount(b.valor, "devolucao valor"),
    status: normaliseDevolucaoStatus(rawStatus),
    rawStatus,
  };
  const rtrId = str(b.rtrId);
  if (rtrId) out.rtrId = rtrId;
  const motivo = str(b.motivo);
  if (motivo) out.motivo = motivo;
  const natureza = str(b.natureza);
  if (natureza) out.natureza = natureza.trim().toUpperCase();
  return out;
}
