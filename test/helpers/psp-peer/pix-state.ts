import { randomBytes } from "node:crypto";
import { createDynamicPix, hasError, PixElementType, parsePix } from "pix-utils";
import type { PeerProfile } from "./peer-profiles.ts";

/**
 * The peer's bank side: cobs, received Pix, devoluções and webhooks, with the rules of the
 * BACEN API Pix (PUT cob replaces only while ATIVA, a devolução id is single-use per e2eid, the
 * refunds never exceed the Pix). Handlers return a status and body, or an ApiError the server
 * renders in the profile's error shape.
 */
export type RefundOutcome = "DEVOLVIDO" | "NAO_REALIZADO" | "EM_PROCESSAMENTO";

export type PeerDevolucao = {
  id: string;
  rtrId: string;
  valor: string;
  natureza: "ORIGINAL" | "MED_OPERACIONAL" | "MED_FRAUDE";
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: RefundOutcome;
  motivo?: string;
};
export type PeerPix = {
  endToEndId: string;
  txid: string;
  valor: string;
  chave: string;
  horario: string;
  devolucoes: PeerDevolucao[];
};
export type PeerCob = {
  txid: string;
  revisao: number;
  status: string;
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  devedor?: unknown;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; tipoCob: "cob" };
  location: string;
  brCode: string;
  pix: PeerPix[];
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly tipo: string,
    readonly title: string,
    readonly detail: string,
  ) {
    super(`${tipo}: ${detail}`);
  }
}

export type Answer = { status: number; body?: unknown };

/**
 * What a PUT of a cob or a cobv checks first, the same for both: the Pix key is the receiver's,
 * a txid already used is a 409 where the profile answers so, and one no longer ATIVA is refused
 * (`invalid` makes the kind's 400).
 */
export function checkPutTxid(
  o: { pixKey: string; profile: PeerProfile; invalid: (detail: string) => ApiError },
  txid: string,
  body: Record<string, unknown>,
  existing: { status: string } | undefined,
): void {
  if (body.chave !== o.pixKey) throw o.invalid("A chave não pertence ao recebedor.");
  if (existing && o.profile.putCobExisting === "409") {
    throw new ApiError(
      409,
      "TxidDuplicado",
      "Txid duplicado.",
      "Campo txid informado já foi utilizado em outra cobrança",
    );
  }
  if (existing && existing.status !== "ATIVA") {
    throw o.invalid(`A cobrança ${txid} não está ATIVA.`);
  }
}

/** The MED devolução a control call asks for (DEVOLVIDO unless `status` says otherwise). */
export type MedOrder = {
  natureza: "MED_OPERACIONAL" | "MED_FRAUDE";
  motivo: string;
  amountCents?: number;
  status?: RefundOutcome;
};

const cobInvalida = (detail: string) =>
  new ApiError(400, "CobOperacaoInvalida", "Cobrança inválida.", detail);
const devolucaoInvalida = (detail: string) =>
  new ApiError(400, "PixDevolucaoInvalida", "Devolução inválida.", detail);
const webhookInvalido = (detail: string) =>
  new ApiError(400, "WebhookOperacaoInvalida", "Webhook inválido.", detail);

const cents = (valor: string) => {
  const [w = "0", f = "00"] = valor.split(".");
  return Number(w) * 100 + Number(f.padEnd(2, "0"));
};
const valor = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;
const hex = (n: number) => randomBytes(n).toString("hex");

export class PixState {
  readonly cobs = new Map<string, PeerCob>();
  readonly pix = new Map<string, PeerPix>();
  /** chave -> registered webhook URL (as the client sent it). */
  readonly webhooks = new Map<string, { webhookUrl: string; criacao: string }>();
  refundOutcome: RefundOutcome = "DEVOLVIDO";
  legacyRemovedSpelling = false;
  /** Answer CONCLUIDA cobs without their `pix` list (the list is optional in CobCompleta). */
  hidePixOnCobs = false;
  /** The largest page GET /pix answers, whatever is asked (a PSP's own cap); none by default. */
  maxPerPage = Number.POSITIVE_INFINITY;
  private nextLoc = 1;

  constructor(
    private readonly profile: PeerProfile,
    readonly pixKey: string,
    private readonly merchant: { name: string; city: string },
  ) {}

  cobView(c: PeerCob): Record<string, unknown> {
    const { brCode, pix, ...rest } = c;
    const view: Record<string, unknown> = { ...rest };
    if (this.profile.brCodeField !== "none") view[this.profile.brCodeField] = brCode;
    if (pix.length > 0 && !this.hidePixOnCobs) view.pix = pix;
    return view;
  }

  putCob(txid: string, body: Record<string, unknown>): Answer {
    const existing = this.cobs.get(txid);
    const rules = { pixKey: this.pixKey, profile: this.profile, invalid: cobInvalida };
    checkPutTxid(rules, txid, body, existing);
    const expiracao = Number((body.calendario as { expiracao?: unknown })?.expiracao ?? 86400);
    if (!(expiracao > 0)) {
      throw cobInvalida("expiracao deve ser positiva.");
    }
    const location = existing?.location ?? `pix-peer.example/qr/v2/${hex(16)}`;
    const cob: PeerCob = {
      txid,
      revisao: existing ? existing.revisao + 1 : 0,
      status: "ATIVA",
      calendario: { criacao: existing?.calendario.criacao ?? new Date().toISOString(), expiracao },
      valor: { original: String((body.valor as { original?: unknown }).original) },
      chave: this.pixKey,
      loc: existing?.loc ?? { id: this.nextLoc++, location, tipoCob: "cob" },
      location,
      brCode: this.brCode(location),
      pix: [],
    };
    if (body.devedor) cob.devedor = body.devedor;
    if (typeof body.solicitacaoPagador === "string")
      cob.solicitacaoPagador = body.solicitacaoPagador;
    this.cobs.set(txid, cob);
    return { status: 201, body: this.cobView(cob) };
  }

  getCob(txid: string): Answer {
    return { status: 200, body: this.cobView(this.cob(txid)) };
  }

  patchCob(txid: string, body: Record<string, unknown>): Answer {
    const cob = this.cob(txid);
    if (body.status !== undefined) {
      if (body.status !== "REMOVIDA_PELO_USUARIO_RECEBEDOR" || Object.keys(body).length > 1) {
        throw cobInvalida("Alteração de status inválida.");
      }
      if (cob.status === "CONCLUIDA") {
        throw cobInvalida("A cobrança já foi paga.");
      }
      // A repeated removal answers the removed cob: the client retries PATCH after a timeout.
      if (cob.status === "ATIVA") cob.revisao += 1;
      cob.status = this.legacyRemovedSpelling
        ? "REMOVIDO_PELO_USUARIO_RECEBEDOR"
        : "REMOVIDA_PELO_USUARIO_RECEBEDOR";
    }
    return { status: 200, body: this.cobView(cob) };
  }

  /** Control: the payer pays. Returns the Pix. */
  pay(txid: string, opts: { amountCents?: number; endToEndId?: string; again?: boolean }): PeerPix {
    const cob = this.cob(txid);
    if (cob.status !== "ATIVA" && !(opts.again && cob.status === "CONCLUIDA")) {
      throw new Error(`cob ${txid} is ${cob.status}, not payable`);
    }
    const p: PeerPix = {
      endToEndId:
        opts.endToEndId ??
        `E12345678${new Date().toISOString().replace(/\D/g, "").slice(0, 12)}${hex(6)}`.slice(
          0,
          32,
        ),
      txid,
      valor: opts.amountCents === undefined ? cob.valor.original : valor(opts.amountCents),
      chave: cob.chave,
      horario: new Date().toISOString(),
      devolucoes: [],
    };
    cob.status = "CONCLUIDA";
    cob.pix.push(p);
    this.pix.set(p.endToEndId, p);
    return p;
  }

  /**
   * Control: a payer pays a static BR Code (a reusable QR code) read by pix-utils, as a
   * payer's bank reads it: its key must be this receiver's, its amount is the code's (54) or,
   * without one, what the payer types (`amountCents`, required then); the Pix carries the
   * code's txid (62-05). No cob is involved. Returns the Pix.
   */
  payStatic(brCode: string, opts: { amountCents?: number; endToEndId?: string }): PeerPix {
    const parsed = parsePix(brCode);
    if (hasError(parsed) || parsed.type !== PixElementType.STATIC) {
      throw new Error(`not a static BR Code: ${brCode}`);
    }
    if (parsed.pixKey !== this.pixKey) throw new Error(`the code's key is not this receiver's`);
    // pix-utils reads a code without field 54 as amount 0.
    const fixed = parsed.transactionAmount ? Math.round(parsed.transactionAmount * 100) : undefined;
    const amount = opts.amountCents ?? fixed;
    if (amount === undefined) throw new Error("the code has no amount: the payer must type one");
    const p: PeerPix = {
      endToEndId: opts.endToEndId ?? this.newE2eid(),
      txid: parsed.txid ?? "",
      valor: valor(amount),
      chave: this.pixKey,
      horario: new Date().toISOString(),
      devolucoes: [],
    };
    this.pix.set(p.endToEndId, p);
    return p;
  }

  private newE2eid() {
    return `E12345678${new Date().toISOString().replace(/\D/g, "").slice(0, 12)}${hex(6)}`.slice(
      0,
      32,
    );
  }

  getPix(e2eid: string): Answer {
    return { status: 200, body: this.pixOf(e2eid) };
  }

  /**
   * GET /pix: the Pix received with `horario` in [inicio, fim], oldest first, filtered by txid,
   * txIdPresente and devolucaoPresente, paged by paginacao.paginaAtual (from 0) and
   * paginacao.itensPorPagina (default 100), answered as PixConsultados.
   */
  listPix(q: URLSearchParams): Answer {
    const inicio = String(q.get("inicio"));
    const fim = String(q.get("fim"));
    const [from, to] = [Date.parse(inicio), Date.parse(fim)];
    if (!(from <= to))
      throw new ApiError(400, "ConsultaInvalida", "Consulta inválida.", "inicio > fim");
    const page = Number(q.get("paginacao.paginaAtual") ?? 0);
    const per = Math.min(Number(q.get("paginacao.itensPorPagina") ?? 100), this.maxPerPage);
    const txid = q.get("txid");
    const flag = (n: string) => (q.has(n) ? q.get(n) === "true" : undefined);
    const withTxid = flag("txIdPresente");
    const withDev = flag("devolucaoPresente");
    const all = [...this.pix.values()]
      .filter((p) => {
        const t = Date.parse(p.horario);
        if (t < from || t > to) return false;
        if (txid && p.txid !== txid) return false;
        if (withTxid !== undefined && Boolean(p.txid) !== withTxid) return false;
        if (withDev !== undefined && p.devolucoes.length > 0 !== withDev) return false;
        return true;
      })
      .sort((a, b) => Date.parse(a.horario) - Date.parse(b.horario));
    const pages = Math.max(1, Math.ceil(all.length / per));
    const paginacao = {
      paginaAtual: page,
      itensPorPagina: per,
      quantidadeDePaginas: pages,
      quantidadeTotalDeItens: all.length,
    };
    const body: Record<string, unknown> = { parametros: { inicio, fim, paginacao } };
    body.pix = all.slice(page * per, page * per + per);
    return { status: 200, body };
  }

  /** Control: the payer's bank claws a Pix back through MED (a devolução of MED nature). */
  med(e2eid: string, o: MedOrder): PeerDevolucao {
    const p = this.pixOf(e2eid);
    const now = new Date().toISOString();
    const d: PeerDevolucao = {
      id: `MED${hex(10)}`,
      rtrId: `D12345678${hex(12)}`.slice(0, 32),
      valor: o.amountCents === undefined ? p.valor : valor(o.amountCents),
      natureza: o.natureza,
      horario: { solicitacao: now },
      status: o.status ?? "DEVOLVIDO",
      motivo: o.motivo,
    };
    if (d.status !== "EM_PROCESSAMENTO") d.horario.liquidacao = now;
    p.devolucoes.push(d);
    return d;
  }

  putDevolucao(e2eid: string, id: string, body: Record<string, unknown>): Answer {
    const p = this.pixOf(e2eid);
    if (p.devolucoes.some((d) => d.id === id)) {
      throw devolucaoInvalida(`O id ${id} já foi utilizado.`);
    }
    const asked = cents(String(body.valor));
    const done = p.devolucoes
      .filter((d) => d.status !== "NAO_REALIZADO")
      .reduce((s, d) => s + cents(d.valor), 0);
    if (asked <= 0 || asked + done > cents(p.valor)) {
      throw devolucaoInvalida("O valor excede o Pix.");
    }
    const now = new Date().toISOString();
    const d: PeerDevolucao = {
      id,
      rtrId: `D12345678${hex(12)}`.slice(0, 32),
      valor: valor(asked),
      natureza: "ORIGINAL",
      horario: { solicitacao: now },
      status: "EM_PROCESSAMENTO",
    };
    if (typeof body.descricao === "string") d.descricao = body.descricao;
    p.devolucoes.push(d);
    if (this.refundOutcome !== "EM_PROCESSAMENTO") this.settle(d, this.refundOutcome);
    return { status: 201, body: d };
  }

  settle(d: PeerDevolucao, outcome: "DEVOLVIDO" | "NAO_REALIZADO", motivo?: string): void {
    d.status = outcome;
    d.horario.liquidacao = new Date().toISOString();
    if (outcome === "NAO_REALIZADO") d.motivo = motivo ?? "Negado por timeout";
  }

  getDevolucao(e2eid: string, id: string): Answer {
    const d = this.pixOf(e2eid).devolucoes.find((x) => x.id === id);
    if (!d) throw new ApiError(404, "PixDevolucaoNaoEncontrada", "Devolução não encontrada.", id);
    return { status: 200, body: d };
  }

  putWebhook(chave: string, body: Record<string, unknown>): Answer {
    if (chave !== this.pixKey) {
      throw webhookInvalido("A chave não pertence ao recebedor.");
    }
    const url = String(body.webhookUrl);
    if (!/^https?:\/\//.test(url)) {
      throw webhookInvalido("URL inválida.");
    }
    this.webhooks.set(chave, { webhookUrl: url, criacao: new Date().toISOString() });
    return { status: 200 };
  }

  getWebhook(chave: string): Answer {
    const w = this.webhooks.get(chave);
    if (!w) throw new ApiError(404, "WebhookNaoEncontrado", "Webhook não encontrado.", chave);
    return { status: 200, body: { webhookUrl: w.webhookUrl, chave, criacao: w.criacao } };
  }

  deleteWebhook(chave: string): Answer {
    if (!this.webhooks.delete(chave)) {
      throw new ApiError(404, "WebhookNaoEncontrado", "Webhook não encontrado.", chave);
    }
    return { status: 204 };
  }

  private cob(txid: string): PeerCob {
    const c = this.cobs.get(txid);
    if (!c) throw new ApiError(404, "CobNaoEncontrado", "Cobrança não encontrada.", txid);
    return c;
  }

  pixOf(e2eid: string): PeerPix {
    const p = this.pix.get(e2eid);
    if (!p) throw new ApiError(404, "PixNaoEncontrado", "Pix não encontrado.", e2eid);
    return p;
  }

  /** A dynamic BR Code for the location, built by pix-utils (independent of src/domain). */
  brCode(location: string): string {
    const pix = createDynamicPix({
      merchantName: this.merchant.name,
      merchantCity: this.merchant.city,
      url: location,
    });
    if (hasError(pix)) throw new Error(`pix-utils: ${pix.message}`);
    return pix.toBRCode();
  }
}
