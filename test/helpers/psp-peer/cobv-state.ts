import { randomBytes } from "node:crypto";
import { type CobVValor, hundredths, peerAmountDue } from "./cobv-amount.ts";
import type { PeerProfile } from "./peer-profiles.ts";
import { type Answer, ApiError, checkPutTxid, type PeerPix, type PixState } from "./pix-state.ts";

/**
 * The peer's charges with a due date (`/cobv/{txid}`) and their batches (`/lotecobv/{id}`), with
 * the rules a PSP applies beyond the file's schema (which the validator already checked): the
 * debtor's CPF or CNPJ check digits, a due date not before today (São Paulo), discount dates on
 * or before the due date, a lote of 1 to 1,000 lines whose txids never change. Received Pix go to
 * the same `PixState`, so GET /pix, refunds and notifications work as for cob.
 */
export type PeerCobV = {
  txid: string;
  revisao: number;
  status: string;
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  devedor: Record<string, unknown>;
  recebedor: Record<string, unknown>;
  valor: CobVValor;
  chave: string;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; tipoCob: "cobv"; criacao: string };
  location: string;
  brCode: string;
  pix: PeerPix[];
};

type LoteLine = {
  txid: string;
  status: "EM_PROCESSAMENTO" | "CRIADA" | "NEGADA";
  criacao?: string;
  problema?: unknown;
};
export type PeerLote = { id: number; descricao: string; criacao: string; cobsv: LoteLine[] };

const cobvInvalida = (detail: string) =>
  new ApiError(400, "CobVOperacaoInvalida", "Cobrança inválida.", detail);

/** The receiver as the file's CobVGerada requires it (DadosRecebedor's address at the top). */
const RECEBEDOR = {
  cnpj: "56989000019533",
  nome: "LOJA TESTE LTDA",
  logradouro: "Rua 15 Numero 1200",
  cidade: "São Paulo",
  uf: "SP",
  cep: "01001000",
};

export class CobVState {
  readonly cobvs = new Map<string, PeerCobV>();
  readonly lotes = new Map<number, PeerLote>();
  /** Debtors (CPF or CNPJ) this PSP refuses, with its words (its own registry check). */
  readonly refusedDebtors = new Map<string, string>();
  /** How long a lote's lines stay EM_PROCESSAMENTO before the peer works on them. */
  loteDelayMs = 20;
  private nextLoc = 100_000;

  constructor(
    private readonly pix: PixState,
    private readonly profile: PeerProfile,
    private readonly pixKey: string,
    private readonly later: (fn: () => Promise<unknown>, ms: number) => void,
  ) {}

  view(c: PeerCobV): Record<string, unknown> {
    const { brCode, pix, recebedor, ...rest } = c;
    // The file's slip: CobVGerada requires logradouro, cidade, uf and cep at the TOP level
    // (DadosRecebedor's `required`); the peer sends them there AND under `recebedor`.
    const view: Record<string, unknown> = {
      ...rest,
      recebedor,
      logradouro: recebedor.logradouro,
      cidade: recebedor.cidade,
      uf: recebedor.uf,
      cep: recebedor.cep,
    };
    if (this.profile.brCodeField !== "none") view[this.profile.brCodeField] = brCode;
    if (pix.length > 0 && !this.pix.hidePixOnCobs) view.pix = pix;
    return view;
  }

  putCobV(txid: string, body: Record<string, unknown>): Answer {
    return { status: 201, body: this.view(this.make(txid, body)) };
  }

  private make(txid: string, body: Record<string, unknown>): PeerCobV {
    const existing = this.cobvs.get(txid);
    const rules = { pixKey: this.pixKey, profile: this.profile, invalid: cobvInvalida };
    checkPutTxid(rules, txid, body, existing);
    if (this.pix.cobs.has(txid))
      throw cobvInvalida(`O txid ${txid} já é de uma cobrança imediata.`);
    const devedor = body.devedor as Record<string, unknown>;
    if (typeof devedor.cpf === "string" && !validCpf(devedor.cpf)) {
      throw cobvInvalida("O campo cobv.devedor.cpf não corresponde a um CPF válido.");
    }
    const refused = this.refusedDebtors.get(String(devedor.cpf ?? devedor.cnpj));
    if (refused) throw cobvInvalida(refused);
    if (typeof devedor.cnpj === "string" && !validCnpj(devedor.cnpj)) {
      throw cobvInvalida("O campo cobv.devedor.cnpj não corresponde a um CNPJ válido.");
    }
    const cal = body.calendario as { dataDeVencimento: string; validadeAposVencimento?: number };
    if (cal.dataDeVencimento < todaySaoPaulo()) {
      throw cobvInvalida(
        "O campo cobv.calendario.dataDeVencimento é anterior à data de criação da cobrança.",
      );
    }
    const valor = body.valor as CobVValor;
    for (const t of valor.desconto?.descontoDataFixa ?? []) {
      if (t.data > cal.dataDeVencimento) {
        throw cobvInvalida(
          "O campo cobv.valor.desconto.descontoDataFixa.data é posterior à data de vencimento.",
        );
      }
    }
    if (hundredths(valor.original) <= 0)
      throw cobvInvalida("O campo cobv.valor.original deve ser positivo.");
    const now = new Date().toISOString();
    const location =
      existing?.location ?? `pix-peer.example/qr/v2/cobv/${randomBytes(16).toString("hex")}`;
    const cob: PeerCobV = {
      txid,
      revisao: existing ? existing.revisao + 1 : 0,
      status: "ATIVA",
      calendario: {
        criacao: existing?.calendario.criacao ?? now,
        dataDeVencimento: cal.dataDeVencimento,
        validadeAposVencimento: cal.validadeAposVencimento ?? 30,
      },
      devedor,
      recebedor: RECEBEDOR,
      valor,
      chave: this.pixKey,
      loc: existing?.loc ?? { id: this.nextLoc++, location, tipoCob: "cobv", criacao: now },
      location,
      brCode: this.pix.brCode(location),
      pix: [],
    };
    if (typeof body.solicitacaoPagador === "string")
      cob.solicitacaoPagador = body.solicitacaoPagador;
    this.cobvs.set(txid, cob);
    return cob;
  }

  getCobV(txid: string): Answer {
    return { status: 200, body: this.view(this.cobv(txid)) };
  }

  patchCobV(txid: string, body: Record<string, unknown>): Answer {
    const cob = this.cobv(txid);
    if (body.status !== undefined) {
      if (body.status !== "REMOVIDA_PELO_USUARIO_RECEBEDOR" || Object.keys(body).length > 1) {
        throw cobvInvalida("Alteração de status inválida.");
      }
      if (cob.status === "CONCLUIDA") throw cobvInvalida("A cobrança já foi paga.");
      if (cob.status === "ATIVA") cob.revisao += 1;
      cob.status = this.pix.legacyRemovedSpelling
        ? "REMOVIDO_PELO_USUARIO_RECEBEDOR"
        : "REMOVIDA_PELO_USUARIO_RECEBEDOR";
    }
    return { status: 200, body: this.view(cob) };
  }

  /** Control: the payer pays on `paidAt` (YYYY-MM-DD, default today in São Paulo) the amount due then. */
  pay(txid: string, o: { paidAt?: string; amountCents?: number; endToEndId?: string }): PeerPix {
    const cob = this.cobv(txid);
    if (cob.status !== "ATIVA") throw new Error(`cobv ${txid} is ${cob.status}, not payable`);
    const paidAt = o.paidAt ?? todaySaoPaulo();
    const due = peerAmountDue(
      cob.valor,
      cob.calendario.dataDeVencimento,
      cob.calendario.validadeAposVencimento,
      paidAt,
    );
    if (!due.payable) throw new Error(`cobv ${txid} can no longer be paid on ${paidAt}`);
    const cents = o.amountCents ?? due.total;
    const p: PeerPix = {
      endToEndId:
        o.endToEndId ??
        `E12345678${paidAt.replace(/\D/g, "")}${randomBytes(8).toString("hex")}`.slice(0, 32),
      txid,
      valor: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
      chave: cob.chave,
      horario: new Date().toISOString(),
      devolucoes: [],
    };
    cob.status = "CONCLUIDA";
    cob.pix.push(p);
    this.pix.pix.set(p.endToEndId, p);
    return p;
  }

  putLote(idText: string, body: Record<string, unknown>): Answer {
    const id = Number(idText);
    if (!/^[1-9][0-9]{0,15}$/.test(idText)) {
      throw new ApiError(
        400,
        "LoteCobVOperacaoInvalida",
        "Lote inválido.",
        "O id do lote deve ser um número inteiro.",
      );
    }
    const lines = body.cobsv as (Record<string, unknown> & { txid: string })[];
    if (lines.length < 1 || lines.length > 1000) {
      throw new ApiError(
        400,
        "LoteCobVOperacaoInvalida",
        "Lote inválido.",
        "O lote deve ter de 1 a 1000 cobranças.",
      );
    }
    const existing = this.lotes.get(id);
    const txids = lines.map((l) => l.txid);
    if (existing && existing.cobsv.map((l) => l.txid).join() !== txids.join()) {
      throw new ApiError(
        400,
        "LoteCobVOperacaoInvalida",
        "Lote inválido.",
        "As cobranças do lote não podem ser trocadas.",
      );
    }
    const lote: PeerLote = {
      id,
      descricao: String(body.descricao),
      criacao: existing?.criacao ?? new Date().toISOString(),
      cobsv: txids.map((txid) => ({ txid, status: "EM_PROCESSAMENTO" })),
    };
    this.lotes.set(id, lote);
    this.later(async () => {
      lines.forEach((line, i) => {
        const { txid, ...cob } = line;
        const out = lote.cobsv[i] as LoteLine;
        try {
          const made = this.make(txid, cob);
          out.status = "CRIADA";
          out.criacao = made.calendario.criacao;
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          out.status = "NEGADA";
          out.problema = {
            type: `https://pix.bcb.gov.br/api/v2/error/${err.tipo}`,
            title: err.title,
            status: err.status,
            detail: err.detail,
          };
        }
      });
    }, this.loteDelayMs);
    return { status: 202 };
  }

  getLote(idText: string): Answer {
    const lote = this.lotes.get(Number(idText));
    if (!lote) throw new ApiError(404, "NaoEncontrado", "Lote não encontrado.", idText);
    return { status: 200, body: lote };
  }

  cobv(txid: string): PeerCobV {
    const c = this.cobvs.get(txid);
    if (!c) throw new ApiError(404, "CobVNaoEncontrada", "Cobrança não encontrada.", txid);
    return c;
  }
}

export function todaySaoPaulo(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
}

/** CPF: 11 digits, not all equal, two mod-11 check digits. */
export function validCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const d = [...cpf].map(Number);
  for (const n of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += (d[i] as number) * (n + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== d[n]) return false;
  }
  return true;
}

/** CNPJ, numeric or alphanumeric (each character counts its code point minus 48). */
export function validCnpj(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const v = [...cnpj].map((c) => c.charCodeAt(0) - 48);
  for (const n of [12, 13]) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += (v[i] as number) * (((n - 1 - i) % 8) + 2);
    const r = sum % 11;
    if ((r < 2 ? 0 : 11 - r) !== v[n]) return false;
  }
  return true;
}
