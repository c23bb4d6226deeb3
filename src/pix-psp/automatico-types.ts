/**
 * Pix Automático in the BACEN API Pix (2.7.0+, our copy 2.9.0): the recurrence (`rec`), its
 * location (`locrec`), the request sent to the payer's PSP (`solicrec`), each period's charge
 * (`cobr`) and their webhooks. The PSP's vocabulary, parsed leniently (parse-rec.ts) like the
 * rest of this folder: unknown enum members are "unknown" with the raw string kept.
 */

/** The file's periodicidade (weekly to yearly). */
export type Periodicidade = "SEMANAL" | "MENSAL" | "TRIMESTRAL" | "SEMESTRAL" | "ANUAL";
/** No retry after a failed debit, or up to 3 retries within 7 days after the due date. */
export type PoliticaRetentativa = "NAO_PERMITE" | "PERMITE_3R_7D";

export type RecStatus = "CRIADA" | "APROVADA" | "REJEITADA" | "EXPIRADA" | "CANCELADA" | "unknown";
export type CobrStatus =
  | "CRIADA"
  | "ATIVA"
  | "CONCLUIDA"
  | "EXPIRADA"
  | "REJEITADA"
  | "CANCELADA"
  | "unknown";
export type TentativaStatus =
  | "SOLICITADA"
  | "AGENDADA"
  | "PAGA"
  | "CANCELADA"
  | "REJEITADA"
  | "EXPIRADA"
  | "unknown";

export type Devedor = { cpf: string; nome: string } | { cnpj: string; nome: string };

/** Why a rec or cobr ended: who cancelled (the payer, their PSP, the merchant, ours) or the rejection code. */
export type Encerramento =
  | { kind: "cancelamento"; solicitante?: string; codigo?: string; descricao?: string }
  | { kind: "rejeicao"; codigo?: string; descricao?: string };

export type LocRecView = { id: number; location: string };

export type RecView = {
  idRec: string;
  status: RecStatus;
  rawStatus: string;
  periodicidade?: string;
  dataInicial?: string;
  dataFinal?: string;
  /** Fixed amount (valorRec), integer centavos. */
  valorRecCents?: number;
  /** The merchant's floor for a variable amount (valorMinimoRecebedor), integer centavos. */
  valorMinimoRecebedorCents?: number;
  politicaRetentativa?: string;
  contrato?: string;
  /** The rec's location (without scheme), when it has one. */
  location?: string;
  locId?: number;
  /** JORNADA_1..4 once activated; AGUARDANDO_DEFINICAO before. */
  tipoJornada?: string;
  /** Journey 3: the immediate charge paid with the authorisation. */
  jornadaTxid?: string;
  /** GET /rec/{idRec}[?txid]: the composed BR Code and its journey, when the PSP built it. */
  dadosQR?: { jornada?: string; pixCopiaECola?: string };
  encerramento?: Encerramento;
};

export type TentativaView = {
  dataLiquidacao?: string;
  /** AGND (scheduled), NTAG (retry scheduled), RIFL (same-day resend after a failure). */
  tipo?: string;
  status: TentativaStatus;
  rawStatus: string;
  endToEndId?: string;
  rejeicao?: { codigo?: string; descricao?: string };
};

export type CobrPix = { endToEndId: string; amountCents: number; horario?: string };

export type CobrView = {
  txid: string;
  idRec?: string;
  status: CobrStatus;
  rawStatus: string;
  amountCents?: number;
  dataDeVencimento?: string;
  politicaRetentativa?: string;
  tentativas: TentativaView[];
  pix: CobrPix[];
  encerramento?: Encerramento;
};

export type PostRecInput = {
  /** vinculo.contrato (<= 35): our subscription's reference, shown to the payer. */
  contrato: string;
  /** vinculo.objeto (<= 35): what the payer recognises (the subscription's title). */
  objeto?: string;
  devedor: Devedor;
  periodicidade: Periodicidade;
  dataInicial: string;
  dataFinal?: string;
  /** Exactly one of these two, or neither (a variable amount with no floor). */
  valorRecCents?: number;
  valorMinimoRecebedorCents?: number;
  politicaRetentativa: PoliticaRetentativa;
  locId?: number;
  /** Journey 3: the txid of the immediate charge the payer pays with the authorisation. */
  jornadaTxid?: string;
};

/** The merchant's account at the PSP, which CobRSolicitada requires as `recebedor`. */
export type RecebedorConta = {
  agencia?: string;
  conta: string;
  tipoConta: "CORRENTE" | "POUPANCA" | "PAGAMENTO";
};

export type PutCobrInput = {
  txid: string;
  idRec: string;
  amountCents: number;
  /** YYYY-MM-DD: the period's date; the rules want it 2 to 10 days ahead (docs/subscriptions.md). */
  dataDeVencimento: string;
  recebedor: RecebedorConta;
  infoAdicional?: string;
  /** Move a weekend or holiday due date to the next business day (the file's default: true). */
  ajusteDiaUtil?: boolean;
};

export type SolicRecInput = {
  idRec: string;
  /** RFC 3339: until when the payer's PSP keeps the request open (at most 30 days). */
  dataExpiracaoSolicitacao: string;
  destinatario: { ispbParticipante: string; conta: string; agencia?: string } & (
    | { cpf: string }
    | { cnpj: string }
  );
};

export type SolicRecView = { idSolicRec: string; idRec?: string; status: string };

/** A webhook body from POST {webhookUrl}/rec or /cobr: triggers only, confirmed by GET. */
export type RecNotification = { recs: { idRec: string; status?: string }[] };
export type CobrNotification = { cobsr: { txid: string; idRec?: string; status?: string }[] };

/** The Pix Automático calls of one connection's client (bacen-client.ts `automatico`). */
export interface PixAutomaticoClient {
  /** POST /locrec: a location for a rec's QR. Not retried (the PSP assigns the id). */
  postLocRec(): Promise<LocRecView>;
  /** POST /rec. Not retried: a lost answer leaves a CRIADA rec that expires unused. */
  postRec(input: PostRecInput): Promise<RecView>;
  /** GET /rec/{idRec}; with `txid`, the composed QR of journey 3 in `dadosQR`. */
  getRec(idRec: string, o?: { txid?: string }): Promise<RecView>;
  /** PATCH /rec/{idRec} {"status":"CANCELADA"}. */
  cancelRec(idRec: string): Promise<RecView>;
  /** POST /solicrec: journey 1's request, sent to the payer's PSP. */
  postSolicRec(input: SolicRecInput): Promise<SolicRecView>;
  /** PUT /cobr/{txid}; a retry whose first attempt landed resolves to that cobr. */
  putCobr(input: PutCobrInput): Promise<CobrView>;
  getCobr(txid: string): Promise<CobrView>;
  /** POST /cobr/{txid}/retentativa/{data}: ask the payer's PSP to try again on `data`. */
  retryCobr(txid: string, data: string): Promise<CobrView>;
  /** PATCH /cobr/{txid} {"status":"CANCELADA"} (only before the first settlement attempt's date). */
  cancelCobr(txid: string): Promise<CobrView>;
  putWebhookRec(webhookUrl: string): Promise<void>;
  getWebhookRec(): Promise<{ webhookUrl: string } | undefined>;
  deleteWebhookRec(): Promise<void>;
  putWebhookCobr(webhookUrl: string): Promise<void>;
  getWebhookCobr(): Promise<{ webhookUrl: string } | undefined>;
  deleteWebhookCobr(): Promise<void>;
}
