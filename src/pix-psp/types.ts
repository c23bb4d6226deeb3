/**
 * The contract between Tostão's domain and a PSP that speaks the BACEN "API Pix" (v2.x):
 * a client per connection (mTLS + OAuth2 client credentials), configured by a profile that
 * records one PSP's URLs and known deviations (../../docs/live-pix.md). Everything here is
 * the PSP's own vocabulary, parsed leniently: the standard promises new enum members and
 * optional fields, and PSPs differ in field names and error shapes.
 */

import type { PixAutomaticoClient } from "./automatico-types.ts";

export type ProfileId = "generic" | "efi" | "inter" | "sicoob" | "itau" | "santander" | "bb";

/** What the merchant gives us to reach their PSP (secrets included: never log this). */
export type PspCredentials = {
  profile: ProfileId;
  /** API base including the version prefix, e.g. https://pix.api.efipay.com.br/v2 */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret?: string;
  /** PEM client certificate (chain allowed) and its private key. */
  certificatePem: string;
  privateKeyPem: string;
  /** Extra CA (PEM) trusted for the PSP's server certificate, besides the system roots. */
  caPem?: string;
  /**
   * Headers the merchant's PSP requires on every API call (Inter's x-conta-corrente), already
   * validated (extra-headers.ts). Values may identify the account: never log them.
   */
  extraHeaders?: Readonly<Record<string, string>>;
  /** The developer application key a profile sends as a query parameter (Banco do Brasil). */
  appKey?: string;
};

/** Cob status as the PSP says it, normalised: REMOVIDO_* and REMOVIDA_* are one; anything else is "unknown". */
export type CobStatus =
  | "ATIVA"
  | "CONCLUIDA"
  | "REMOVIDA_PELO_USUARIO_RECEBEDOR"
  | "REMOVIDA_PELO_PSP"
  | "unknown";
export type DevolucaoStatus = "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO" | "unknown";

export type PixReceived = {
  endToEndId: string;
  txid?: string;
  /** Integer centavos parsed from the PSP's "12.34" string: never a float. */
  amountCents: number;
  horario: string;
  devolucoes: DevolucaoView[];
};

export type DevolucaoView = {
  id: string;
  rtrId?: string;
  amountCents: number;
  status: DevolucaoStatus;
  /** The PSP's raw status string, kept when it is one we do not know. */
  rawStatus: string;
  motivo?: string;
  /** ORIGINAL (absent means ORIGINAL), RETIRADA, MED_OPERACIONAL, MED_FRAUDE, ... as sent. */
  natureza?: string;
};

export type CobView = {
  txid: string;
  status: CobStatus;
  rawStatus: string;
  amountCents: number;
  /** The Pix key the cob is made to, when the PSP says it. */
  chave?: string;
  /** BR Code: pixCopiaECola, else brcode (profile field), else undefined. */
  brCode?: string;
  /** The payload location without scheme (for building a dynamic BR Code ourselves). */
  location?: string;
  pix: PixReceived[];
};

export type PutCobInput = {
  txid: string; // [a-zA-Z0-9]{26,35}
  amountCents: number;
  expiresInSec: number;
  chave: string;
  solicitacaoPagador?: string; // <= 140 chars, the client truncates
  devedor?: { cpf: string; nome: string } | { cnpj: string; nome: string };
};

/**
 * One error type for every PSP failure. `kind` drives what the caller sees:
 * "rejected" (the PSP's 4xx: our 422 with `reason`), "unavailable" (network failure, timeout,
 * 5xx: our 502/503), "auth" (token endpoint refused the credentials: 422 when saving).
 * `reason` is the PSP's own words (RFC 7807 title/detail/violacoes or {nome, mensagem}),
 * never a credential.
 */
export type PspErrorKind = "rejected" | "unavailable" | "auth" | "not_found";

export interface BacenPixClient {
  /** Gets an OAuth token over mTLS (cached until shortly before expiry; refreshed once on a 401). */
  checkConnection(): Promise<void>;
  putCob(input: PutCobInput): Promise<CobView>;
  getCob(txid: string): Promise<CobView>;
  /** PATCH {"status":"REMOVIDA_PELO_USUARIO_RECEBEDOR"}. */
  removeCob(txid: string): Promise<CobView>;
  putDevolucao(
    e2eid: string,
    id: string,
    amountCents: number,
    descricao?: string,
  ): Promise<DevolucaoView>;
  getDevolucao(e2eid: string, id: string): Promise<DevolucaoView>;
  /** GET /pix/{e2eid}: one Pix received, as the PSP knows it. */
  getPix(e2eid: string): Promise<PixReceived>;
  /** GET /pix?inicio&fim, one page (pix-list.ts). */
  listPix(q: PixListQuery): Promise<PixListPage>;
  putWebhook(chave: string, webhookUrl: string): Promise<void>;
  getWebhook(chave: string): Promise<{ webhookUrl: string } | undefined>;
  deleteWebhook(chave: string): Promise<void>;
  /** PUT /cobv/{txid}: a charge with a due date . */
  putCobV(input: PutCobVInput): Promise<CobVView>;
  /** GET /cobv/{txid}. */
  getCobV(txid: string): Promise<CobVView>;
  /** PATCH /cobv/{txid} {"status":"REMOVIDA_PELO_USUARIO_RECEBEDOR"}. */
  removeCobV(txid: string): Promise<CobVView>;
  /** PUT /lotecobv/{id}: up to 1,000 cobv at once; the PSP answers 202 and works on them. */
  putLoteCobV(id: string, descricao: string, cobs: readonly PutCobVInput[]): Promise<void>;
  /** GET /lotecobv/{id}: each line's status (EM_PROCESSAMENTO, CRIADA, NEGADA + the reason). */
  getLoteCobV(id: string): Promise<LoteCobVView>;
  /** Frees the mTLS connection pool. */
  close(): Promise<void>;
  /** Pix Automático (automatico-types.ts); absent on test doubles that do not speak it. */
  automatico?: PixAutomaticoClient;
}

/** One page of GET /pix?inicio&fim (pix-list.ts): pages count from 0, 1 to 1000 per page. */
export type PixListQuery = { inicio: Date; fim: Date; page: number; perPage: number };
export type PixListPage = { pix: PixReceived[]; page: number; pages: number };

/** A parsed PSP notification body ({pix:[…]} or a root array; devolucoes object or array). */
export type PspNotification = { pix: PixReceived[] };

/**
 * A charge with a due date (BACEN's cobv), in the PSP's vocabulary: BACEN's `modalidade` numbers
 * (the domain maps its own names to them, domain/due-date/modalities.ts) and every value in
 * hundredths, `valorPerc` as integer centavos or basis points (2% = 200), written "2.00".
 */
export type CobVValorInput = {
  originalCents: number;
  multa?: { modalidade: number; valorPerc: number };
  juros?: { modalidade: number; valorPerc: number };
  abatimento?: { modalidade: number; valorPerc: number };
  /** 1-2: `descontoDataFixa` (up to 3 dated tiers); 3-6: one `valorPerc`. */
  desconto?:
    | { modalidade: number; descontoDataFixa: readonly { data: string; valorPerc: number }[] }
    | { modalidade: number; valorPerc: number };
};

export type PutCobVInput = {
  txid: string; // [a-zA-Z0-9]{26,35}
  chave: string;
  /** YYYY-MM-DD. */
  dataDeVencimento: string;
  validadeAposVencimento: number;
  devedor: { cpf: string; nome: string } | { cnpj: string; nome: string };
  valor: CobVValorInput;
  solicitacaoPagador?: string;
};

/** CobVGerada / CobVCompleta, read leniently: what a cob has, plus the due date. */
export type CobVView = CobView & {
  dataDeVencimento?: string;
  validadeAposVencimento?: number;
};

export type LoteLineStatus = "EM_PROCESSAMENTO" | "CRIADA" | "NEGADA" | "unknown";

/** LoteCobVConsultado: one status per line, with the PSP's reason when it refused one. */
export type LoteCobVView = {
  id: string;
  descricao?: string;
  lines: {
    txid: string;
    status: LoteLineStatus;
    rawStatus: string;
    /** The PSP's own words for a NEGADA line (its `problema`). */
    reason?: string;
  }[];
};
