import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { ProfileId, PspCredentials } from "../../../src/pix-psp/types.ts";
import { hundredths } from "./cobv-amount.ts";
import { CobVState, type PeerCobV, type PeerLote } from "./cobv-state.ts";
import { bacenValidator } from "./openapi-validator.ts";
import { PEER_PROFILES, type PeerProfile } from "./peer-profiles.ts";
import {
  type Answer,
  ApiError,
  type MedOrder,
  type PeerCob,
  type PeerPix,
  PixState,
  type RefundOutcome,
} from "./pix-state.ts";
import { makeTestPki, type Pem, type TestPki } from "./pki.ts";
import { type RecEffect, routeRec } from "./rec-router.ts";
import { type PeerCobr, type PeerRec, RecState } from "./rec-state.ts";
import { routeApi } from "./router.ts";
import { checkTokenRequest, missingScope } from "./token-endpoint.ts";
import { EFI_NOT_FOUND_NAMES, probeWebhook } from "./webhook-probe.ts";

/**
 * A local PSP speaking the BACEN API Pix over mutual TLS, for tests: see README in this folder.
 * Every request is checked against the OpenAPI document; every profile deviation it plays is
 * required of the client.
 */
export type PeerFailure =
  /** Hold the request unanswered, unprocessed (until holdMs or the client gives up). */
  | "timeout"
  /** Process the request, then hold the answer: the client never learns it succeeded. */
  | "lost-response"
  | 500
  | 503
  | { rfc7807: { type: string; title: string; status: number; detail?: string } }
  | { nomeMensagem: { nome: string; mensagem: string }; status?: number }
  /** 429 Too Many Requests with this Retry-After (seconds). */
  | { tooMany: { retryAfterSec: number } }
  /** 200 with a JSON body of this many bytes, sent chunked (no Content-Length). */
  | { oversized: { bytes: number } };

export type StartPspPeerOptions = {
  profile?: ProfileId;
  /** Reuse one PKI across peers in a test file (openssl takes a little while). */
  pki?: TestPki;
  pixKey?: string;
  /** Override the profile's BR Code field (pixCopiaECola, brcode or none). */
  brCodeField?: PeerProfile["brCodeField"];
  /** For profiles with an account header (Inter): the peer then requires it with this value. */
  account?: string;
  tokenLifetimeSec?: number;
  /**
   * The scopes the application was granted (space-separated): a token request naming any other
   * is refused 400 `invalid_scope` (RFC 6749 §5.2). Unset: whatever is asked is granted.
   */
  grantedScopes?: string;
  /** How long a "timeout" failure holds the request (default 30 s; closed with the peer). */
  holdMs?: number;
  merchantName?: string;
  merchantCity?: string;
  /** Headers every API call must carry with these values (a connection's extra headers). */
  requireHeaders?: Record<string, string>;
  /** The peer's clock for Pix Automático dates (the cobr window); default the wall clock. */
  now?: () => Date;
  merchantCnpj?: string;
};

/** `at`: when the request arrived (ms since the epoch), so a test can see a client's pauses. */
export type PeerRequest = { method: string; path: string; status: number; at: number };
export type Violation = { method: string; path: string; problems: string[] };

export type PspPeer = Awaited<ReturnType<typeof startPspPeer>>;

export async function startPspPeer(opts: StartPspPeerOptions = {}) {
  const profileId = opts.profile ?? "generic";
  const profile = PEER_PROFILES[profileId];
  const pki = opts.pki ?? makeTestPki();
  const clientId = `client-${randomBytes(6).toString("hex")}`;
  const clientSecret =
    profile.tokenAuth === "client-id-only"
      ? undefined
      : `secret-${randomBytes(16).toString("hex")}`;
  const pixKey = opts.pixKey ?? "b5f0d7a4-1c2e-4e5f-9a7b-3c1d2e4f5a6b";
  const state = new PixState(profile, pixKey, {
    name: opts.merchantName ?? "LOJA TESTE",
    city: opts.merchantCity ?? "SAO PAULO",
  });
  const cobv = new CobVState(state, profile, pixKey, (fn, ms) =>
    later(() => new Promise((r) => setTimeout(r, ms)).then(fn)),
  );
  let now = opts.now ?? (() => new Date());
  const recs = new RecState(state, () => now(), {
    name: opts.merchantName ?? "LOJA TESTE",
    city: opts.merchantCity ?? "SAO PAULO",
    cnpj: opts.merchantCnpj ?? "12345678000195",
  });
  const validator = bacenValidator();
  const tokens = new Map<string, { valid: boolean; scope: string }>();
  const failures: { match: string; failure: PeerFailure; left: number }[] = [];
  /** Bytes of "oversized" answers written before the client went away. */
  let oversizedBytesWritten = 0;
  const probes: { url: string; status: number }[] = [];
  const requests: PeerRequest[] = [];
  const violations: Violation[] = [];
  const held = new Set<ServerResponse>();
  const losing = new WeakSet<ServerResponse>();
  const pending = new Set<Promise<unknown>>();
  let tokenRequests = 0;
  let dropping = false;
  let probeOrigin: string | undefined;
  const appKey = profile.appKeyQuery ? `appkey${randomBytes(8).toString("hex")}` : undefined;

  const server = createServer(
    {
      key: pki.server.privateKeyPem,
      cert: pki.server.certificatePem,
      ca: [pki.caPem],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      const at = Date.now();
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "https://peer.invalid");
        // Logged on close, so held requests show too (status 0: no answer was sent).
        res.on("close", () =>
          requests.push({
            method: req.method ?? "",
            path: url.pathname,
            status: res.headersSent ? res.statusCode : 0,
            at,
          }),
        );
        handle(req, res, url, Buffer.concat(chunks).toString("utf8"));
      });
    },
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;

  // Responders return `true` ("answered"), so handlers can `return send(…)` in one line.
  function hold(res: ServerResponse): true {
    held.add(res);
    const t = setTimeout(() => res.destroy(), opts.holdMs ?? 30_000);
    res.on("close", () => {
      clearTimeout(t);
      held.delete(res);
    });
    return true;
  }

  function send(res: ServerResponse, a: Answer, type = "application/json"): true {
    if (losing.has(res)) return hold(res);
    if (a.body === undefined) {
      res.writeHead(a.status).end();
    } else {
      res.writeHead(a.status, { "content-type": type }).end(JSON.stringify(a.body));
    }
    return true;
  }

  function sendError(res: ServerResponse, given: ApiError): true {
    let e = given;
    const efiName = EFI_NOT_FOUND_NAMES[e.tipo];
    if (e.status === 404 && profile.notFoundStatus !== 404 && efiName) {
      e = new ApiError(profile.notFoundStatus, e.tipo, e.title, e.detail);
    }
    if (profile.errorShape === "nome-mensagem") {
      const nome = efiName ?? e.tipo.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
      return send(res, { status: e.status, body: { nome, mensagem: `${e.title} ${e.detail}` } });
    }
    const body = {
      type: `https://pix.bcb.gov.br/api/v2/error/${e.tipo}`,
      title: e.title,
      status: e.status,
      detail: e.detail,
    };
    return send(res, { status: e.status, body }, "application/problem+json");
  }

  /** Applies a queued failure for this request, if one matches. True when it answered. */
  function injectFailure(res: ServerResponse, key: string): boolean {
    const i = failures.findIndex((f) => f.match === "*" || key.startsWith(f.match));
    const f = failures[i];
    if (!f) return false;
    if (--f.left <= 0) failures.splice(i, 1);
    const { failure } = f;
    if (failure === "lost-response") {
      losing.add(res);
      return false;
    }
    if (failure === "timeout") {
      hold(res);
    } else if (failure === 500 || failure === 503) {
      sendError(
        res,
        new ApiError(
          failure,
          failure === 500 ? "ErroInternoDoServidor" : "ServicoIndisponivel",
          "Erro.",
          "Falha simulada.",
        ),
      );
    } else if ("oversized" in failure) {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"pad":"');
      const chunk = Buffer.alloc(64 * 1024, "x");
      let left = failure.oversized.bytes - 10;
      const more = () => {
        while (left > 0 && !res.destroyed) {
          left -= chunk.length;
          oversizedBytesWritten += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", more);
        }
        if (!res.destroyed) res.end('"}');
      };
      more();
    } else if ("tooMany" in failure) {
      res
        .writeHead(429, {
          "content-type": "application/json",
          "retry-after": String(failure.tooMany.retryAfterSec),
        })
        .end(JSON.stringify({ nome: "limite_excedido", mensagem: "Limite de requisições." }));
    } else if ("rfc7807" in failure) {
      send(
        res,
        { status: failure.rfc7807.status, body: failure.rfc7807 },
        "application/problem+json",
      );
    } else {
      send(res, { status: failure.status ?? 400, body: failure.nomeMensagem });
    }
    return true;
  }

  function handle(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): true {
    const method = req.method ?? "";
    if (url.pathname === profile.tokenPath) {
      if (injectFailure(res, "token")) return true;
      return tokenEndpoint(req, res, url, raw);
    }
    if (!url.pathname.startsWith(`${profile.prefix}/`)) {
      return sendError(res, new ApiError(404, "NaoEncontrado", "Não encontrado.", url.pathname));
    }
    const path = url.pathname.slice(profile.prefix.length);
    if (injectFailure(res, `${method} ${path}`)) return true;
    const problems = validator.check({
      method,
      path,
      query: url.searchParams,
      headers: req.headers,
      rawBody: raw,
    });
    if (problems.length > 0) {
      violations.push({ method, path: url.pathname, problems });
      return sendError(
        res,
        new ApiError(400, "RequisicaoInvalida", "Requisição inválida.", problems.join("; ")),
      );
    }
    const token = String(req.headers.authorization).slice("Bearer ".length);
    if (!tokens.get(token)?.valid) {
      return send(res, {
        status: 401,
        body: { error: "invalid_token", error_description: "token expired or unknown" },
      });
    }
    const unscoped = profile.scopeRequired && missingScope(method, path, tokens.get(token)?.scope);
    if (unscoped) {
      return sendError(res, new ApiError(403, "AcessoNegado", "Acesso negado.", unscoped));
    }
    const deviation = missingDeviation(req, url);
    if (deviation)
      return sendError(res, new ApiError(403, "AcessoNegado", "Acesso negado.", deviation));
    // Efí checks the skip-mTLS header first (routeApi refuses without it), then probes.
    const [skipHeader, skipValue] = profile.webhookPutHeader ?? [];
    const skipped = !skipHeader || req.headers[skipHeader] === skipValue;
    if (
      profile.webhookProbe !== undefined &&
      skipped &&
      method === "PUT" &&
      path.startsWith("/webhook/")
    ) {
      void probeThenRegister(req, res, path, raw);
      return true;
    }
    try {
      const rec = routeRec(recs, { method, path, raw, query: url.searchParams });
      if (rec) {
        later(() => notifyEffect(rec.effect));
        return send(res, rec.answer);
      }
      return send(
        res,
        routeApi(
          state,
          profile,
          { method, path, headers: req.headers, raw, query: url.searchParams },
          onRefund,
          cobv,
        ),
      );
    } catch (err) {
      if (err instanceof ApiError) return sendError(res, err);
      return sendError(
        res,
        new ApiError(500, "ErroInternoDoServidor", "Erro interno.", String(err)),
      );
    }
  }

  /** Efí's registration: the test notification first; a non-2xx answer refuses the URL. */
  async function probeThenRegister(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    raw: string,
  ) {
    let url = "";
    try {
      url = String((JSON.parse(raw) as { webhookUrl?: unknown }).webhookUrl ?? "");
    } catch {}
    const status = url ? await probeWebhook(url, profile.webhookProbe, probeOrigin) : 0;
    probes.push({ url, status });
    if (status < 200 || status > 299) {
      return sendError(
        res,
        new ApiError(
          400,
          "WebhookOperacaoInvalida",
          "Webhook inválido.",
          `A URL informada respondeu ${status} à notificação de teste; é preciso responder 2xx`,
        ),
      );
    }
    try {
      return send(
        res,
        routeApi(state, profile, { method: "PUT", path, headers: req.headers, raw }, onRefund),
      );
    } catch (err) {
      if (err instanceof ApiError) return sendError(res, err);
      throw err;
    }
  }

  function missingDeviation(req: IncomingMessage, url: URL): string | undefined {
    if (profile.clientIdHeader && req.headers[profile.clientIdHeader] !== clientId) {
      return `header ${profile.clientIdHeader} with the client id is required`;
    }
    if (profile.appKeyQuery && url.searchParams.get(profile.appKeyQuery) !== appKey) {
      return `query parameter ${profile.appKeyQuery} with the application key is required`;
    }
    for (const [name, value] of Object.entries(opts.requireHeaders ?? {})) {
      if (req.headers[name.toLowerCase()] !== value) return `header ${name} is required`;
    }
    if (
      profile.accountHeader &&
      opts.account &&
      req.headers[profile.accountHeader] !== opts.account
    ) {
      return `header ${profile.accountHeader} is required`;
    }
    return undefined;
  }

  function tokenEndpoint(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): true {
    tokenRequests++;
    const verdict = checkTokenRequest(profile, { clientId, clientSecret }, req, url, raw);
    if (!verdict.ok) return send(res, verdict.answer);
    const granted = opts.grantedScopes?.split(" ");
    const extra = granted && verdict.scope.split(" ").filter((x) => !granted.includes(x));
    if (extra && extra.length > 0) {
      const body = { error: "invalid_scope", error_description: `not granted: ${extra.join(" ")}` };
      return send(res, { status: 400, body });
    }
    const accessToken = randomBytes(24).toString("base64url");
    tokens.set(accessToken, { valid: true, scope: verdict.scope });
    const expiresIn = opts.tokenLifetimeSec ?? profile.tokenLifetimeSec;
    const body = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: expiresIn,
      scope: verdict.scope,
    };
    return send(res, { status: 200, body });
  }

  /** A devolução reached a final status: the PSP notifies, after answering the PUT. */
  function onRefund(e2eid: string): void {
    later(() => notifyPix(state.pixOf(e2eid)));
  }

  function later(fn: () => Promise<unknown>): void {
    const p = new Promise((r) => setImmediate(r)).then(fn).catch(() => undefined);
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }

  /** POSTs a body to every registered webhook + "/pix"; returns the receivers' statuses. */
  /**
   * POSTs a body to `url`, or to every registered webhook URL + "/pix" (the standard's
   * callback). Returns the receivers' statuses; 0 when one could not be reached in 5 s.
   */
  async function post(body: unknown, url?: string): Promise<number[]> {
    const targets = url ? [url] : [...state.webhooks.values()].map((w) => `${w.webhookUrl}/pix`);
    const statuses: number[] = [];
    for (const target of targets) {
      try {
        const r = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        });
        await r.arrayBuffer();
        statuses.push(r.status);
      } catch {
        statuses.push(0);
      }
    }
    return statuses;
  }

  /** POSTs to the webhookrec URL + "/rec" or the webhookcobr URL + "/cobr" (the file's callbacks). */
  async function postRec(kind: "rec" | "cobr", body: unknown): Promise<number[]> {
    const base = kind === "rec" ? recs.webhookRec : recs.webhookCobr;
    if (!base || dropping) return [];
    return post(body, `${base}/${kind}`);
  }

  async function notifyEffect(e: RecEffect): Promise<number[]> {
    const out: number[] = [];
    if (e.recs.length > 0)
      out.push(...(await postRec("rec", { recs: e.recs.map((r) => recs.recNotice(r)) })));
    if (e.cobrs.length > 0)
      out.push(...(await postRec("cobr", { cobsr: e.cobrs.map((c) => recs.cobrNotice(c)) })));
    return out;
  }

  async function notifyPix(p: PeerPix): Promise<number[]> {
    if (dropping) return [];
    return post(profile.notificationShape === "root-array" ? [p] : { pix: [p] });
  }

  const pem = (p: Pem) => ({ certificatePem: p.certificatePem, privateKeyPem: p.privateKeyPem });
  const baseUrl = origin + profile.prefix;
  const query = profile.tokenQuery ? `?${new URLSearchParams(profile.tokenQuery)}` : "";
  const tokenUrl = `${origin}${profile.tokenPath}${query}`;

  return {
    profile: profileId,
    origin,
    baseUrl,
    tokenUrl,
    clientId,
    clientSecret,
    ...pem(pki.client),
    caPem: pki.caPem,
    pixKey,
    rogue: pem(pki.rogue),
    pki,
    /** What Tostão's client needs, straight from this peer. */
    credentials(): PspCredentials {
      const c: PspCredentials = {
        profile: profileId,
        baseUrl,
        tokenUrl,
        clientId,
        ...pem(pki.client),
        caPem: pki.caPem,
      };
      if (clientSecret !== undefined) c.clientSecret = clientSecret;
      if (appKey !== undefined) c.appKey = appKey;
      if (opts.requireHeaders) c.extraHeaders = { ...opts.requireHeaders };
      return c;
    },
    /** The application key the profile requires in the query string (bb), if any. */
    appKey,
    /** Efí-style test notifications sent during PUT /webhook: URL and the answer's status. */
    probes,
    /** Sends the registration probes to this origin instead of the registered URL's own. */
    routeProbesTo(origin: string) {
      probeOrigin = origin;
    },
    cobs: state.cobs as ReadonlyMap<string, PeerCob>,
    pixReceived: state.pix as ReadonlyMap<string, PeerPix>,
    /** Charges with a due date and their batches (cobv-state.ts). */
    cobvs: cobv.cobvs as ReadonlyMap<string, PeerCobV>,
    lotes: cobv.lotes as ReadonlyMap<number, PeerLote>,
    /**
     * The PSP refuses cobvs whose debtor has this CPF or CNPJ, in these words (PSPs check the
     * debtor at the Receita Federal: a valid number may still be refused).
     */
    refuseDebtor(document: string, mensagem: string) {
      cobv.refusedDebtors.set(document, mensagem);
    },
    /** How long a lote's lines stay EM_PROCESSAMENTO (default 20 ms). */
    setLoteDelay(ms: number) {
      cobv.loteDelayMs = ms;
    },
    /**
     * The payer pays the cobv on `paidAt` (YYYY-MM-DD, default today in São Paulo) the amount
     * the peer computes for that date (cobv-amount.ts), unless `amountCents` says otherwise;
     * then the PSP notifies as for a cob.
     */
    async payCobV(
      txid: string,
      o: { paidAt?: string; amountCents?: number; endToEndId?: string } = {},
    ) {
      const p = cobv.pay(txid, o);
      const delivered = await notifyPix(p);
      return { endToEndId: p.endToEndId, amountCents: hundredths(p.valor), delivered };
    },
    webhooks: state.webhooks,
    requests,
    violations,
    get tokenRequests() {
      return tokenRequests;
    },
    /** The payer pays the cob; then the PSP notifies (unless notifications are dropped). */
    async pay(txid: string, o: { amountCents?: number; endToEndId?: string } = {}) {
      const p = state.pay(txid, o);
      const delivered = await notifyPix(p);
      return { endToEndId: p.endToEndId, delivered };
    },
    /**
     * A payer pays a static BR Code (a reusable QR code: `amountCents` when it fixes none);
     * then the PSP notifies (unless notifications are dropped).
     */
    async payStatic(brCode: string, o: { amountCents?: number; endToEndId?: string } = {}) {
      const p = state.payStatic(brCode, o);
      const delivered = await notifyPix(p);
      return { endToEndId: p.endToEndId, txid: p.txid, delivered };
    },
    /**
     * A second Pix on a cob already CONCLUIDA (a payer paying the same code twice, as the PSP
     * lets through); then the PSP notifies it.
     */
    async payAgain(txid: string, o: { amountCents?: number } = {}) {
      const p = state.pay(txid, { ...o, again: true });
      const delivered = await notifyPix(p);
      return { endToEndId: p.endToEndId, delivered };
    },
    dropNotifications(on: boolean) {
      dropping = on;
    },
    /** The next `times` requests whose "METHOD /path" (below the prefix) starts with `match`
     * ("PUT /cob/", "GET /cob/", "token", or "*") fail this way. */
    failNext(match: string, failure: PeerFailure, times = 1) {
      failures.push({ match, failure, left: times });
    },
    /** Bytes of "oversized" answers written so far (the client stops reading early). */
    oversizedBytesWritten: () => oversizedBytesWritten,
    expireTokens() {
      for (const t of tokens.values()) t.valid = false;
    },
    setRefundOutcome(outcome: RefundOutcome) {
      state.refundOutcome = outcome;
    },
    /** Answers CONCLUIDA cobs without their optional `pix` list (as some PSPs do). */
    hidePixOnCobs(on: boolean) {
      state.hidePixOnCobs = on;
    },
    /** GET /pix answers pages of at most `n` Pix, whatever the client asks (a PSP's cap). */
    capPageSize(n: number) {
      state.maxPerPage = n;
    },
    /**
     * The payer's bank claws a Pix back through MED: a devolução of nature MED_OPERACIONAL or
     * MED_FRAUDE appears on the Pix (DEVOLVIDO unless told), then the PSP notifies.
     */
    async med(e2eid: string, o: MedOrder) {
      const d = state.med(e2eid, o);
      return { devolucao: d, delivered: await notifyPix(state.pixOf(e2eid)) };
    },
    /**
     * A Pix the payer makes on a cob the peer holds for no one's charge (a txid Tostão does not
     * know): the cob is made and paid here; the PSP notifies unless notifications are dropped.
     */
    async payForeignCob(txid: string, amountCents: number) {
      state.putCob(txid, {
        calendario: { expiracao: 3600 },
        valor: {
          original: `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, "0")}`,
        },
        chave: pixKey,
      });
      const p = state.pay(txid, {});
      return { endToEndId: p.endToEndId, delivered: await notifyPix(p) };
    },
    /** Pix Automático state: locations, recurrences, recurring charges, webhooks (rec-state.ts). */
    recState: recs,
    recs: recs.recs as ReadonlyMap<string, PeerRec>,
    cobrs: recs.cobrs as ReadonlyMap<string, PeerCobr>,
    /** Moves the peer's clock (Pix Automático dates: the cobr window, retries, cancel cut-off). */
    setNow(fn: () => Date) {
      now = fn;
    },
    /** The payer authorises the rec in their bank (journey 2, or 3 with its cob paid); notifies /rec. */
    async authorizeRec(idRec: string, o: { cpf?: string; ispb?: string } = {}) {
      const rec = recs.rec(idRec);
      if (rec.status !== "CRIADA") throw new Error(`rec ${idRec} is ${rec.status}`);
      recs.move(rec, "APROVADA");
      rec.tipoJornada = rec.jornadaTxid ? "JORNADA_3" : "JORNADA_2";
      const devedor = (rec.body.vinculo as { devedor?: { cpf?: string; cnpj?: string } }).devedor;
      rec.pagador = {
        ispbParticipante: o.ispb ?? "87654321",
        ...(devedor?.cnpj
          ? { cnpj: devedor.cnpj }
          : { cpf: o.cpf ?? devedor?.cpf ?? "12345678909" }),
      };
      return notifyEffect({ recs: [rec], cobrs: [] });
    },
    /** The payer refuses the authorisation; notifies /rec. */
    async rejectRec(idRec: string, codigo: "AP13" | "AP14" = "AP13") {
      const rec = recs.rec(idRec);
      recs.move(rec, "REJEITADA");
      rec.encerramento = { rejeicao: { codigo, descricao: "Rejeitada pelo pagador (simulado)." } };
      return notifyEffect({ recs: [rec], cobrs: [] });
    },
    /** The payer (or their PSP) cancels the authorisation in their bank; notifies /rec and /cobr. */
    async cancelRecByPayer(
      idRec: string,
      o: { solicitante?: "USUARIO_PAGADOR" | "PSP_PAGADOR" } = {},
    ) {
      const rec = recs.rec(idRec);
      const cobrs = recs.endRec(rec, o.solicitante ?? "USUARIO_PAGADOR", "SLDB");
      return notifyEffect({ recs: [rec], cobrs });
    },
    /** The payer's bank settles the cobr's scheduled attempt; notifies /cobr. */
    async payCobr(txid: string) {
      const c = recs.cobr(txid);
      recs.pay(c);
      return notifyEffect({ recs: [], cobrs: [c] });
    },
    /** The payer's bank fails the scheduled debit (a code from the file's list); notifies /cobr. */
    async failCobr(txid: string, o: { codigo?: string; descricao?: string } = {}) {
      const c = recs.cobr(txid);
      recs.fail(c, o.codigo ?? "AM02", o.descricao ?? "Falha simulada do débito.");
      return notifyEffect({ recs: [], cobrs: [c] });
    },
    /** Sends an arbitrary (or forged) body to the webhookrec URL + "/rec" or webhookcobr + "/cobr". */
    notifyRec(body: unknown) {
      return postRec("rec", body);
    },
    notifyCobr(body: unknown) {
      return postRec("cobr", body);
    },
    /** Answers removed cobs with the 2.1.x spelling REMOVIDO_* (older PSPs). */
    useLegacyRemovedSpelling(on: boolean) {
      state.legacyRemovedSpelling = on;
    },
    /** Settles a devolução left EM_PROCESSAMENTO, then notifies. */
    async settleRefund(
      e2eid: string,
      id: string,
      outcome: "DEVOLVIDO" | "NAO_REALIZADO",
      motivo?: string,
    ) {
      const p = state.pixOf(e2eid);
      const d = p.devolucoes.find((x) => x.id === id);
      if (!d) throw new Error(`no devolução ${id} on ${e2eid}`);
      state.settle(d, outcome, motivo);
      return notifyPix(p);
    },
    /**
     * Sends an arbitrary (or forged) notification body to the registered webhooks, or to
     * `opts.url` exactly (e.g. a notify URL with an unknown hookId).
     */
    notify(body: unknown, o: { url?: string } = {}) {
      return post(body, o.url);
    },
    /** Waits for notifications the peer sends on its own (refund outcomes). */
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    assertNoViolations() {
      if (violations.length > 0) {
        const list = violations.map((v) => `${v.method} ${v.path}: ${v.problems.join("; ")}`);
        throw new Error(
          `the PSP peer saw requests that break the BACEN OpenAPI:\n${list.join("\n")}`,
        );
      }
    },
    async close() {
      for (const r of held) r.destroy();
      await Promise.all([...pending]);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
