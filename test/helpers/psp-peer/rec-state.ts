import { randomBytes } from "node:crypto";
import { createDynamicPix, createRecurrencePix, hasError } from "pix-utils";
import { type Answer, ApiError, type PixState } from "./pix-state.ts";

/**
 * The peer's Pix Automático side: locations, recurrences, recurring charges and their webhooks,
 * with the rules the BACEN file states for them (its error catalogue: RecOperacaoInvalida,
 * CobROperacaoInvalida) and the window BACEN's rules set for sending a period's charge (2 to 10
 * days before its date: IN BCB nº 436/2023 art. 4, now IN BCB nº 513/2024 as amended by IN BCB
 * nº 614/2025; README). It plays the payer's bank too: authorise, reject, cancel, pay,
 * fail a debit (rec-controls in peer.ts). Dates are Brasília's (UTC-3, no daylight saving since
 * 2019), from the peer's clock.
 */
export type PeerRec = {
  idRec: string;
  status: string;
  body: Record<string, unknown>;
  loc?: { id: number; location: string; criacao: string };
  atualizacao: { status: string; data: string }[];
  encerramento?: Record<string, unknown>;
  tipoJornada: string;
  jornadaTxid?: string;
  pagador?: Record<string, unknown>;
};
export type PeerTentativa = {
  dataLiquidacao: string;
  tipo: "AGND" | "NTAG" | "RIFL";
  status: string;
  endToEndId: string;
  atualizacao: { status: string; data: string }[];
  rejeicao?: { codigo: string; descricao: string };
};
export type PeerCobr = {
  txid: string;
  idRec: string;
  status: string;
  body: Record<string, unknown>;
  criacao: string;
  atualizacao: { status: string; data: string }[];
  tentativas: PeerTentativa[];
  encerramento?: Record<string, unknown>;
  pix: { endToEndId: string; txid: string; valor: string; horario: string }[];
};

/** Attempt rejection codes that end the cobr itself (the file's CobRTentativas.rejeicao.codigo). */
const FINAL_CODES = new Set([
  "AC05",
  "AM09",
  "DENC",
  "DS27",
  "DTED",
  "MIDI",
  "MSUC",
  "NITX",
  "RC09",
]);
const ISPB = "12345678";
const DAY = 86_400_000;

const recInvalida = (d: string) =>
  new ApiError(400, "RecOperacaoInvalida", "Recorrência inválida.", d);
const cobrInvalida = (d: string) =>
  new ApiError(400, "CobROperacaoInvalida", "Cobrança recorrente inválida.", d);
const alnum = (n: number) =>
  randomBytes(n * 2)
    .toString("base64")
    .replace(/[^a-zA-Z0-9]/g, "")
    .slice(0, n)
    .padEnd(n, "x");

/** YYYY-MM-DD in Brasília for a moment. */
export const brDate = (at: Date) =>
  new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);

export class RecState {
  readonly locs = new Map<
    number,
    { id: number; location: string; criacao: string; idRec?: string }
  >();
  readonly recs = new Map<string, PeerRec>();
  readonly cobrs = new Map<string, PeerCobr>();
  private readonly byCycle = new Map<string, PeerCobr>();
  webhookRec?: string;
  webhookCobr?: string;
  /** Days before the due date a cobr may be sent: [min, max] (BACEN: 2 to 10). */
  window: [number, number] = [2, 10];
  private nextLoc = 5000;

  constructor(
    private readonly pix: PixState,
    private readonly now: () => Date,
    private readonly merchant: { name: string; city: string; cnpj: string },
  ) {}

  private stamp = () => this.now().toISOString();
  today = () => brDate(this.now());

  postLocRec(): Answer {
    const loc = {
      id: this.nextLoc++,
      location: `pix-peer.example/qr/v2/rec/${randomBytes(16).toString("hex")}`,
      criacao: this.stamp(),
    };
    this.locs.set(loc.id, loc);
    return { status: 201, body: loc };
  }

  postRec(body: Record<string, unknown>): Answer {
    const cal = (body.calendario ?? {}) as Record<string, string>;
    const valor = (body.valor ?? {}) as Record<string, unknown>;
    if (cal.dataInicial && cal.dataInicial < this.today())
      throw recInvalida(
        "O campo rec.calendario.dataInicial é anterior à data de criação da recorrência.",
      );
    if (cal.dataFinal && cal.dataInicial && cal.dataFinal < cal.dataInicial)
      throw recInvalida(
        "O campo rec.calendario.dataFinal é anterior ao campo rec.calendario.dataInicial.",
      );
    if (valor.valorRec !== undefined && valor.valorMinimoRecebedor !== undefined)
      throw recInvalida(
        "Ambos os campos rec.valor.valorRec e rec.valor.valorMinimoRecebedor estão preenchidos.",
      );
    let loc: PeerRec["loc"];
    if (body.loc !== undefined) {
      const l = this.locs.get(Number(body.loc));
      if (!l) throw recInvalida("O location referenciado por rec.loc inexiste.");
      if (l.idRec)
        throw recInvalida(
          "O location referenciado por rec.loc já está sendo utilizado por outra recorrência.",
        );
      loc = { id: l.id, location: l.location, criacao: l.criacao };
    }
    const retry = body.politicaRetentativa === "PERMITE_3R_7D" ? "R" : "N";
    const idRec = `R${retry}${ISPB}${this.today().replace(/-/g, "")}${alnum(11)}`;
    if (loc) (this.locs.get(loc.id) as { idRec?: string }).idRec = idRec;
    const jornadaTxid = (body.ativacao as { dadosJornada?: { txid?: string } } | undefined)
      ?.dadosJornada?.txid;
    const rec: PeerRec = {
      idRec,
      status: "CRIADA",
      body,
      atualizacao: [{ status: "CRIADA", data: this.stamp() }],
      tipoJornada: "AGUARDANDO_DEFINICAO",
      ...(loc ? { loc } : {}),
      ...(jornadaTxid ? { jornadaTxid } : {}),
    };
    this.recs.set(idRec, rec);
    return { status: 201, body: this.recView(rec) };
  }

  /** Journey 1: the request the PSP sends to the payer's PSP (SolicRecCompleta). */
  postSolicRec(body: Record<string, unknown>): Answer {
    const rec = this.recs.get(String(body.idRec));
    if (!rec)
      throw new ApiError(
        404,
        "RecNaoEncontrada",
        "Recorrência não encontrada.",
        String(body.idRec),
      );
    const exp = String(
      (body.calendario as { dataExpiracaoSolicitacao?: string }).dataExpiracaoSolicitacao,
    );
    if (exp < this.stamp())
      throw new ApiError(
        400,
        "SolicRecOperacaoInvalida",
        "Solicitação inválida.",
        "dataExpiracaoSolicitacao é anterior à criação.",
      );
    const idSolicRec = `SC${ISPB}${this.today().replace(/-/g, "")}${alnum(11)}`;
    const at = this.stamp();
    return {
      status: 201,
      body: {
        idSolicRec,
        ...body,
        status: "ENVIADA",
        atualizacao: [
          { status: "CRIADA", data: at },
          { status: "ENVIADA", data: at },
        ],
      },
    };
  }

  rec(idRec: string): PeerRec {
    const r = this.recs.get(idRec);
    if (!r) throw new ApiError(404, "RecNaoEncontrada", "Recorrência não encontrada.", idRec);
    return r;
  }

  getRec(idRec: string, txid: string | null): Answer {
    const rec = this.rec(idRec);
    const view = this.recView(rec);
    if (txid) {
      const cob = this.pix.cobs.get(txid);
      if (!cob)
        throw new ApiError(
          400,
          "RecConsultaInvalida",
          "Consulta inválida.",
          "txid não corresponde a uma cobrança.",
        );
      if (rec.jornadaTxid && rec.jornadaTxid !== txid)
        throw new ApiError(
          400,
          "RecConsultaInvalida",
          "Consulta inválida.",
          "txid diferente de ativacao.dadosJornada.txid.",
        );
      if (rec.loc)
        view.dadosQR = {
          jornada: "JORNADA_3",
          pixCopiaECola: this.composed(cob.location, rec.loc.location),
        };
    } else if (rec.loc) {
      view.dadosQR = {
        jornada: "JORNADA_2",
        pixCopiaECola: this.composed(undefined, rec.loc.location),
      };
    }
    return { status: 200, body: view };
  }

  patchRec(idRec: string, body: Record<string, unknown>): Answer {
    const rec = this.rec(idRec);
    if (["REJEITADA", "CANCELADA", "EXPIRADA"].includes(rec.status))
      throw recInvalida("A recorrência encontra-se expirada, cancelada ou rejeitada.");
    if (body.status === "CANCELADA") this.endRec(rec, "USUARIO_RECEBEDOR", "SLCR");
    return { status: 200, body: this.recView(rec) };
  }

  /** Cancels a rec and every cobr of it still open (the payer's PSP drops its schedule). */
  endRec(rec: PeerRec, solicitante: string, codigo: string): PeerCobr[] {
    this.move(rec, "CANCELADA");
    rec.encerramento = {
      cancelamento: { solicitante, codigo, descricao: "Cancelamento simulado." },
    };
    const touched: PeerCobr[] = [];
    for (const c of this.cobrs.values()) {
      if (c.idRec === rec.idRec && (c.status === "ATIVA" || c.status === "CRIADA")) {
        this.moveCobr(c, "CANCELADA");
        c.encerramento = {
          cancelamento: { solicitante, codigo: "CCLD", descricao: "Recorrência cancelada." },
        };
        for (const t of c.tentativas)
          if (t.status === "AGENDADA" || t.status === "SOLICITADA") this.moveT(t, "CANCELADA");
        touched.push(c);
      }
    }
    return touched;
  }

  move(rec: PeerRec, status: string) {
    rec.status = status;
    rec.atualizacao.push({ status, data: this.stamp() });
  }

  putCobr(txid: string | undefined, body: Record<string, unknown>): Answer {
    const id = txid ?? alnum(32);
    if (this.cobrs.has(id)) throw cobrInvalida("O campo cobr.txid encontra-se em uso.");
    const rec = this.recs.get(String(body.idRec));
    if (!rec) throw cobrInvalida("cobr.idRec não corresponde a uma recorrência deste recebedor.");
    if (rec.status !== "APROVADA")
      throw cobrInvalida(`A recorrência está ${rec.status}, não APROVADA.`);
    const due = String((body.calendario as { dataDeVencimento?: string }).dataDeVencimento);
    const today = this.today();
    if (due < today)
      throw cobrInvalida(
        "O campo cobr.calendario.dataDeVencimento é anterior à data de criação da cobrança.",
      );
    const ahead = daysBetween(today, due);
    if (ahead < this.window[0] || ahead > this.window[1])
      throw cobrInvalida(
        `dataDeVencimento a ${ahead} dias: a cobrança deve ser enviada de ${this.window[1]} a ${this.window[0]} dias antes do vencimento.`,
      );
    const recValor = (rec.body.valor ?? {}) as { valorRec?: string; valorMinimoRecebedor?: string };
    const original = String((body.valor as { original?: string }).original);
    if (recValor.valorRec && recValor.valorRec !== original)
      throw cobrInvalida(
        `cobr.valor.original ${original} difere do valor fixo da recorrência ${recValor.valorRec}.`,
      );
    const cycle = cycleOf(
      String((rec.body.calendario as { periodicidade?: string }).periodicidade),
      due,
    );
    // One live cobr per rec per cycle, by an index (a billing day sends 100,000 of them).
    const cycleKey = `${rec.idRec}|${cycle}`;
    const other = this.byCycle.get(cycleKey);
    if (other && !["REJEITADA", "CANCELADA"].includes(other.status))
      throw cobrInvalida(
        "Existe uma CobR com status diferente de REJEITADA e CANCELADA referente ao mesmo cobr.idRec com calendario.dataDeVencimento no mesmo ciclo.",
      );
    const cobr: PeerCobr = {
      txid: id,
      idRec: rec.idRec,
      status: "ATIVA",
      body,
      criacao: today,
      atualizacao: [
        { status: "CRIADA", data: this.stamp() },
        { status: "ATIVA", data: this.stamp() },
      ],
      tentativas: [],
      pix: [],
    };
    cobr.tentativas.push(this.tentativa(due, "AGND"));
    this.cobrs.set(id, cobr);
    this.byCycle.set(cycleKey, cobr);
    return { status: 201, body: this.cobrView(cobr) };
  }

  cobr(txid: string): PeerCobr {
    const c = this.cobrs.get(txid);
    if (!c) throw new ApiError(404, "CobRNaoEncontrado", "Cobrança não encontrada.", txid);
    return c;
  }

  patchCobr(txid: string, body: Record<string, unknown>): Answer {
    const c = this.cobr(txid);
    if (body.status === "CANCELADA") {
      const first = c.tentativas[0]?.dataLiquidacao ?? "9999-12-31";
      if (this.today() >= first)
        throw cobrInvalida(
          "Não é possível cancelar uma cobrança em uma data igual ou maior que a data prevista da primeira tentativa de liquidação.",
        );
      if (c.status !== "ATIVA" && c.status !== "CRIADA")
        throw cobrInvalida(`A cobrança está ${c.status}.`);
      this.moveCobr(c, "CANCELADA");
      c.encerramento = {
        cancelamento: {
          solicitante: "USUARIO_RECEBEDOR",
          codigo: "SLCR",
          descricao: "Cancelada pelo recebedor.",
        },
      };
      for (const t of c.tentativas)
        if (t.status === "AGENDADA" || t.status === "SOLICITADA") this.moveT(t, "CANCELADA");
    }
    return { status: 200, body: this.cobrView(c) };
  }

  retry(txid: string, data: string): Answer {
    const c = this.cobr(txid);
    const rec = this.rec(c.idRec);
    if (rec.body.politicaRetentativa !== "PERMITE_3R_7D")
      throw cobrInvalida(
        "A política configurada na recorrência não permite retentativa de cobrança.",
      );
    if (c.status !== "ATIVA") throw cobrInvalida(`A cobrança está ${c.status}.`);
    if (c.tentativas.some((t) => t.status === "SOLICITADA" || t.status === "AGENDADA"))
      throw cobrInvalida("Existe uma tentativa com status SOLICITADA ou AGENDADA.");
    if (data <= this.today())
      throw cobrInvalida("O parâmetro data não corresponde a uma data futura.");
    const due = c.tentativas[0]?.dataLiquidacao ?? data;
    if (daysBetween(due, data) > 7)
      throw cobrInvalida("Retentativas só até 7 dias após o vencimento (PERMITE_3R_7D).");
    if (c.tentativas.filter((t) => t.tipo === "NTAG").length >= 3)
      throw cobrInvalida("As 3 retentativas da política PERMITE_3R_7D já foram usadas.");
    c.tentativas.push(this.tentativa(data, "NTAG"));
    return { status: 201, body: this.cobrView(c) };
  }

  /** The payer's bank settles the scheduled attempt. */
  pay(c: PeerCobr): void {
    const t = this.open(c);
    this.moveT(t, "PAGA");
    this.moveCobr(c, "CONCLUIDA");
    const pix = {
      endToEndId: t.endToEndId,
      txid: c.txid,
      valor: String((c.body.valor as { original?: string }).original),
      horario: this.stamp(),
    };
    c.pix.push(pix);
    // A cobr is paid by a Pix like any other: listed by GET /pix and refunded through
    // PUT /pix/{e2eid}/devolucao/{id}.
    this.pix.pix.set(pix.endToEndId, { ...pix, chave: this.pix.pixKey, devolucoes: [] });
  }

  /** The payer's bank fails the scheduled attempt; the cobr ends when no retry can follow. */
  fail(c: PeerCobr, codigo: string, descricao: string): void {
    const t = this.open(c);
    this.moveT(t, "REJEITADA");
    t.rejeicao = { codigo, descricao };
    const rec = this.rec(c.idRec);
    const retriesLeft =
      rec.body.politicaRetentativa === "PERMITE_3R_7D" &&
      c.tentativas.filter((x) => x.tipo === "NTAG").length < 3;
    if (FINAL_CODES.has(codigo) || !retriesLeft) {
      this.moveCobr(c, "REJEITADA");
      c.encerramento = { rejeicao: { codigo, descricao } };
    }
  }

  private open(c: PeerCobr): PeerTentativa {
    const t = c.tentativas.find((x) => x.status === "AGENDADA" || x.status === "SOLICITADA");
    if (!t || c.status !== "ATIVA") throw new Error(`cobr ${c.txid} has no scheduled attempt`);
    return t;
  }

  private tentativa(date: string, tipo: PeerTentativa["tipo"]): PeerTentativa {
    const at = this.stamp();
    return {
      dataLiquidacao: date,
      tipo,
      status: "AGENDADA",
      endToEndId: `E${ISPB}${date.replace(/-/g, "")}1200${alnum(11)}`,
      atualizacao: [
        { status: "SOLICITADA", data: at },
        { status: "AGENDADA", data: at },
      ],
    };
  }

  moveCobr(c: PeerCobr, status: string) {
    c.status = status;
    c.atualizacao.push({ status, data: this.stamp() });
  }
  private moveT(t: PeerTentativa, status: string) {
    t.status = status;
    t.atualizacao.push({ status, data: this.stamp() });
  }

  recView(rec: PeerRec): Record<string, unknown> {
    const { loc: _loc, ativacao: _a, ...asked } = rec.body;
    const view: Record<string, unknown> = {
      idRec: rec.idRec,
      ...asked,
      recebedor: { cnpj: this.merchant.cnpj, nome: this.merchant.name },
      status: rec.status,
      atualizacao: rec.atualizacao,
      ativacao: {
        tipoJornada: rec.tipoJornada,
        ...(rec.jornadaTxid ? { dadosJornada: { txid: rec.jornadaTxid } } : {}),
      },
    };
    if (rec.loc) view.loc = { ...rec.loc, idRec: rec.idRec };
    if (rec.pagador) view.pagador = rec.pagador;
    if (rec.encerramento) view.encerramento = rec.encerramento;
    return view;
  }

  cobrView(c: PeerCobr): Record<string, unknown> {
    const rec = this.recs.get(c.idRec);
    const view: Record<string, unknown> = {
      ...c.body,
      idRec: c.idRec,
      txid: c.txid,
      calendario: { ...(c.body.calendario as object), criacao: c.criacao },
      status: c.status,
      politicaRetentativa: rec?.body.politicaRetentativa ?? "NAO_PERMITE",
      recebedor: {
        ...(c.body.recebedor as object),
        cnpj: this.merchant.cnpj,
        nome: this.merchant.name,
      },
      atualizacao: c.atualizacao,
      tentativas: c.tentativas,
    };
    if (c.encerramento) view.encerramento = c.encerramento;
    if (c.pix.length > 0) view.pix = c.pix;
    return view;
  }

  /** RecNotification / CobRNotification bodies (the file's webhook callbacks). */
  recNotice(rec: PeerRec) {
    const v = this.recView(rec);
    return {
      idRec: rec.idRec,
      status: rec.status,
      atualizacao: rec.atualizacao,
      ativacao: v.ativacao,
      ...(rec.encerramento ? { encerramento: rec.encerramento } : {}),
    };
  }
  cobrNotice(c: PeerCobr) {
    return {
      idRec: c.idRec,
      txid: c.txid,
      status: c.status,
      atualizacao: c.atualizacao,
      tentativas: c.tentativas,
      ...(c.pix.length ? { pix: c.pix } : {}),
    };
  }

  /** Field 26 with the cob's location (journey 3) or none, and field 80 with the rec's. */
  private composed(cobLocation: string | undefined, recLocation: string): string {
    const base = { merchantName: this.merchant.name, merchantCity: this.merchant.city };
    const pix = cobLocation
      ? createDynamicPix({ ...base, url: cobLocation, urlRec: recLocation })
      : createRecurrencePix({ ...base, urlRec: recLocation });
    if (hasError(pix)) throw new Error(`pix-utils: ${pix.message}`);
    return pix.toBRCode();
  }
}

export { addDays };

/** The billing cycle a due date falls in, for "one cobr per rec per cycle". */
function cycleOf(periodicidade: string, date: string): string {
  const [y = "", m = ""] = date.split("-");
  const month = Number(m);
  switch (periodicidade) {
    case "SEMANAL":
      return `w${Math.floor((Date.parse(`${date}T00:00:00Z`) / DAY + 3) / 7)}`;
    case "TRIMESTRAL":
      return `${y}q${Math.ceil(month / 3)}`;
    case "SEMESTRAL":
      return `${y}h${Math.ceil(month / 6)}`;
    case "ANUAL":
      return y;
    default:
      return `${y}-${m}`;
  }
}
