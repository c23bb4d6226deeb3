import { valorToCents } from "./amounts.ts";
import type {
  CobrNotification,
  CobrPix,
  CobrStatus,
  CobrView,
  Encerramento,
  LocRecView,
  RecNotification,
  RecStatus,
  RecView,
  SolicRecView,
  TentativaStatus,
  TentativaView,
} from "./automatico-types.ts";
import { isRegistrationProbe } from "./notification.ts";
import { PspShapeError } from "./parse-cob.ts";

/**
 * Lenient readers for the Pix Automático answers and notifications. Like parse-cob.ts: keep raw
 * status strings, read an unknown enum member as "unknown", ignore unknown fields, and throw
 * PspShapeError only when an id we cannot do without is missing. The file's own examples
 * disagree with its schemas in places, and PSPs follow either: `ativacao.tipoJornada` also
 * read from `ativacao.dadosJornada.tipoJornada` (recResponse1), `loc` as an object or a bare id.
 */
const REC: readonly RecStatus[] = ["CRIADA", "APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"];
const COBR: readonly CobrStatus[] = [
  "CRIADA",
  "ATIVA",
  "CONCLUIDA",
  "EXPIRADA",
  "REJEITADA",
  "CANCELADA",
];
const TENTATIVA: readonly TentativaStatus[] = [
  "SOLICITADA",
  "AGENDADA",
  "PAGA",
  "CANCELADA",
  "REJEITADA",
  "EXPIRADA",
];

type O = Record<string, unknown>;
const isObj = (v: unknown): v is O => !!v && typeof v === "object" && !Array.isArray(v);
const o = (v: unknown): O => (isObj(v) ? v : {});
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const status = <T extends string>(raw: string, known: readonly T[]): T | "unknown" => {
  const s = raw.trim().toUpperCase() as T;
  return known.includes(s) ? s : "unknown";
};
const put = <T extends object, K extends keyof T>(target: T, key: K, v: T[K] | undefined) => {
  if (v !== undefined) target[key] = v;
};

export function parseLocRec(body: unknown): LocRecView {
  const b = o(body);
  const id = typeof b.id === "number" ? b.id : Number(str(b.id));
  const location = str(b.location);
  if (!Number.isSafeInteger(id) || !location)
    throw new PspShapeError("locrec without id or location");
  return { id, location: location.replace(/^https?:\/\//i, "") };
}

export function parseEncerramento(v: unknown): Encerramento | undefined {
  const e = o(v);
  if (isObj(e.cancelamento)) {
    const c = e.cancelamento;
    const out: Encerramento = { kind: "cancelamento" };
    put(out, "solicitante", str(c.solicitante));
    put(out, "codigo", str(c.codigo));
    put(out, "descricao", str(c.descricao));
    return out;
  }
  if (isObj(e.rejeicao)) {
    const out: Encerramento = { kind: "rejeicao" };
    put(out, "codigo", str(e.rejeicao.codigo));
    put(out, "descricao", str(e.rejeicao.descricao));
    return out;
  }
  return undefined;
}

/** RecGerada / RecCompleta. */
export function parseRec(body: unknown): RecView {
  if (!isObj(body)) throw new PspShapeError("rec is not an object");
  const idRec = str(body.idRec);
  if (!idRec) throw new PspShapeError("rec without idRec");
  const rawStatus = str(body.status) ?? "";
  const view: RecView = { idRec, status: status(rawStatus, REC), rawStatus };
  const cal = o(body.calendario);
  put(view, "periodicidade", str(cal.periodicidade));
  put(view, "dataInicial", str(cal.dataInicial));
  put(view, "dataFinal", str(cal.dataFinal));
  const valor = o(body.valor);
  put(view, "valorRecCents", valorToCents(valor.valorRec));
  put(view, "valorMinimoRecebedorCents", valorToCents(valor.valorMinimoRecebedor));
  put(view, "politicaRetentativa", str(body.politicaRetentativa));
  put(view, "contrato", str(o(body.vinculo).contrato));
  const loc = body.loc;
  if (isObj(loc)) {
    put(view, "location", str(loc.location)?.replace(/^https?:\/\//i, ""));
    if (typeof loc.id === "number") view.locId = loc.id;
  } else if (typeof loc === "number") view.locId = loc;
  const ativ = o(body.ativacao);
  const dados = o(ativ.dadosJornada);
  put(view, "tipoJornada", str(ativ.tipoJornada) ?? str(dados.tipoJornada));
  put(view, "jornadaTxid", str(dados.txid));
  if (isObj(body.dadosQR)) {
    const qr: NonNullable<RecView["dadosQR"]> = {};
    put(qr, "jornada", str(body.dadosQR.jornada));
    put(qr, "pixCopiaECola", str(body.dadosQR.pixCopiaECola));
    view.dadosQR = qr;
  }
  put(view, "encerramento", parseEncerramento(body.encerramento));
  return view;
}

function parseTentativa(v: unknown): TentativaView {
  const t = o(v);
  const rawStatus = str(t.status) ?? "";
  const out: TentativaView = { status: status(rawStatus, TENTATIVA), rawStatus };
  put(out, "dataLiquidacao", str(t.dataLiquidacao));
  put(out, "tipo", str(t.tipo));
  put(out, "endToEndId", str(t.endToEndId));
  if (isObj(t.rejeicao)) {
    const r: NonNullable<TentativaView["rejeicao"]> = {};
    put(r, "codigo", str(t.rejeicao.codigo));
    put(r, "descricao", str(t.rejeicao.descricao));
    out.rejeicao = r;
  }
  return out;
}

function parseCobrPix(v: unknown): CobrPix | undefined {
  const p = o(v);
  const endToEndId = str(p.endToEndId);
  const amountCents = valorToCents(p.valor);
  if (!endToEndId || amountCents === undefined) return undefined;
  const out: CobrPix = { endToEndId, amountCents };
  put(out, "horario", str(p.horario));
  return out;
}

/** CobRGerada / CobRCompleta. `encerramento` sits under `atualizacao`'s sibling in the file. */
export function parseCobr(body: unknown): CobrView {
  if (!isObj(body)) throw new PspShapeError("cobr is not an object");
  const txid = str(body.txid);
  if (!txid) throw new PspShapeError("cobr without txid");
  const rawStatus = str(body.status) ?? "";
  const view: CobrView = {
    txid,
    status: status(rawStatus, COBR),
    rawStatus,
    tentativas: Array.isArray(body.tentativas) ? body.tentativas.map(parseTentativa) : [],
    pix: Array.isArray(body.pix) ? body.pix.map(parseCobrPix).filter((p): p is CobrPix => !!p) : [],
  };
  put(view, "idRec", str(body.idRec));
  put(view, "amountCents", valorToCents(o(body.valor).original));
  put(view, "dataDeVencimento", str(o(body.calendario).dataDeVencimento));
  put(view, "politicaRetentativa", str(body.politicaRetentativa));
  put(view, "encerramento", parseEncerramento(body.encerramento));
  return view;
}

export function parseSolicRec(body: unknown): SolicRecView {
  const b = o(body);
  const idSolicRec = str(b.idSolicRec);
  if (!idSolicRec) throw new PspShapeError("solicrec without idSolicRec");
  const out: SolicRecView = { idSolicRec, status: str(b.status) ?? "" };
  put(out, "idRec", str(b.idRec));
  return out;
}

export class RecNotificationError extends Error {
  constructor(reason: string) {
    super(`not a Pix Automático notification: ${reason}`);
    this.name = "RecNotificationError";
  }
}

const MAX_ITEMS = 1000;

function items(body: unknown, field: string): unknown[] {
  // Efí probes every webhook URL it registers with {"evento":"teste_webhook"}: an empty notice.
  if (isRegistrationProbe(body) && !(isObj(body) && field in body)) return [];
  // A root array is accepted too, as Inter sends for /pix.
  const list = Array.isArray(body) ? body : isObj(body) ? body[field] : undefined;
  if (!Array.isArray(list)) throw new RecNotificationError(`expected {${field}: [...]}`);
  if (list.length > MAX_ITEMS) throw new RecNotificationError("too many items");
  return list;
}

/**
 * POST {webhookUrl}/rec: `{"recs": [RecNotification…]}`. Only the ids are kept: the body is a
 * trigger, and each idRec is read back with GET /rec/{idRec} before anything moves. Throws only
 * RecNotificationError (the route's 400), whatever JSON arrives.
 */
export function parseRecNotification(body: unknown): RecNotification {
  const recs: RecNotification["recs"] = [];
  for (const it of items(body, "recs")) {
    const idRec = str(o(it).idRec);
    if (!idRec) throw new RecNotificationError("a rec without idRec");
    const s = str(o(it).status);
    recs.push(s ? { idRec, status: s } : { idRec });
  }
  return { recs };
}

/** POST {webhookUrl}/cobr: `{"cobsr": [CobRNotification…]}`; each txid is read back with GET /cobr. */
export function parseCobrNotification(body: unknown): CobrNotification {
  const cobsr: CobrNotification["cobsr"] = [];
  for (const it of items(body, "cobsr")) {
    const txid = str(o(it).txid);
    if (!txid) throw new RecNotificationError("a cobr without txid");
    const entry: CobrNotification["cobsr"][number] = { txid };
    put(entry, "idRec", str(o(it).idRec));
    put(entry, "status", str(o(it).status));
    cobsr.push(entry);
  }
  return { cobsr };
}
