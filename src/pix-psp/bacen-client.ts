import type { Clock } from "../kernel/clock.ts";
import type { AddressPolicy } from "../net/address-policy.ts";
import { automaticoCalls } from "./automatico-calls.ts";
import type { PixAutomaticoClient } from "./automatico-types.ts";
import { cobvBody, cobvPath, loteCobVBody, loteCobVPath } from "./cobv-requests.ts";
import { PspShapeError, parseCob, parseDevolucao, parsePix } from "./parse-cob.ts";
import { parseCobV, parseLoteCobV } from "./parse-cobv.ts";
import { parsePixList, pixListPath } from "./pix-list.ts";
import { PROFILES } from "./profiles.ts";
import { errorName, kindForStatus, PspError, reasonFromBody, scrub } from "./psp-error.ts";
import { cobBody, cobPath, devolucaoBody, devolucaoPath, webhookPath } from "./requests.ts";
import { serverRefusesCertificate } from "./tls-diagnosis.ts";
import { TokenCache } from "./token-cache.ts";
import {
  isInvalidScope,
  readTokenAnswer,
  tokenCall,
  withoutDueDateScopes,
} from "./token-request.ts";
import {
  type HttpAnswer,
  type HttpCall,
  isClosedWithoutAnswer,
  makeMtlsAgent,
  type RetryPolicy,
  retryPolicy,
  sendWithRetry,
} from "./transport.ts";
import type {
  BacenPixClient,
  CobView,
  PixListQuery,
  PspCredentials,
  PutCobInput,
  PutCobVInput,
} from "./types.ts";

export type BacenClientOptions = {
  /** Per-attempt timeout (default 3000 ms). */
  timeoutMs?: number;
  /** Extra attempts on a timeout, network failure or 5xx (default 2). */
  retries?: number;
  /** Pauses between attempts (default 150, 400 ms). */
  backoffMs?: readonly number[];
  /** Total time for one call's attempts (default 5000 ms). */
  budgetMs?: number;
  /** Longest PSP Retry-After honoured inside one call (default 2000 ms). */
  maxRetryAfterMs?: number;
  clock?: Clock;
  /** Value for the profile's account header (Inter's x-conta-corrente), when it has one. */
  accountHeader?: string;
  /**
   * When given, the PSP's hosts must resolve to public addresses (or be allow-listed): pass
   * the webhook address policy. Tests against the local peer leave it out.
   */
  addressPolicy?: AddressPolicy;
};

/**
 * A client for one merchant's PSP connection, configured by its profile (profiles.ts). Calls
 * go over mTLS with a cached OAuth2 token; a 401 on an API call fetches a new token once and
 * repeats the call. Failures are PspError (psp-error.ts); messages never carry a credential.
 */
export function makeBacenPixClient(
  creds: PspCredentials,
  opts: BacenClientOptions = {},
): BacenPixClient & { automatico: PixAutomaticoClient } {
  const profile = PROFILES[creds.profile];
  const policy = retryPolicy(opts);
  const clock = opts.clock ?? { now: () => new Date() };
  const agent = makeMtlsAgent(creds, opts.addressPolicy);
  const baseUrl = creds.baseUrl.replace(/\/+$/, "");
  const extraValues = Object.values(creds.extraHeaders ?? {});
  const secrets = [creds.clientSecret, creds.privateKeyPem, creds.appKey, ...extraValues];
  // BB's key goes on every API call's query string (never on the token call).
  const query =
    profile.appKeyQuery && creds.appKey
      ? `?${new URLSearchParams({ [profile.appKeyQuery]: creds.appKey })}`
      : "";
  const certOnly = {
    certificatePem: creds.certificatePem,
    privateKeyPem: creds.privateKeyPem,
    ...(creds.caPem ? { caPem: creds.caPem } : {}),
  };

  /**
   * sendWithRetry, plus the one question a closed socket leaves open: was it an outage, or did
   * the PSP refuse our certificate (tls-diagnosis.ts)? The second is a configuration error the
   * merchant must fix, reported as "auth" (our 422), never retried.
   */
  async function send(call: HttpCall, p: RetryPolicy = policy): Promise<HttpAnswer> {
    try {
      return await sendWithRetry(agent, call, p);
    } catch (err) {
      if (!isClosedWithoutAnswer(err)) throw err;
      const refused = await serverRefusesCertificate(call.url, certOnly, {
        ...(opts.addressPolicy ? { policy: opts.addressPolicy } : {}),
      }).catch(() => false);
      if (!refused) throw err;
      throw new PspError(
        "auth",
        "the PSP refused the client certificate at TLS (not issued for this application, expired, or from another CA): check the certificate registered at the PSP",
        { certificateRefused: true },
      );
    }
  }

  // The scopes asked: the profile's, until the PSP refuses one the application was not granted
  // (invalid_scope); then those of immediate charges alone, so a merchant without due-date
  // charges at the PSP keeps a working connection (PUT /cobv is then the PSP's refusal).
  let scopes = profile.scopes;
  const tokens = new TokenCache(async () => {
    let answer = await send(tokenCall(creds, profile, scopes));
    if (scopes && isInvalidScope(answer) && scopes !== withoutDueDateScopes(scopes)) {
      scopes = withoutDueDateScopes(scopes);
      answer = await send(tokenCall(creds, profile, scopes));
    }
    return readTokenAnswer(answer, creds);
  }, clock);

  function apiHeaders(token: string, hasBody: boolean): Record<string, string> {
    // The merchant's extra headers go first, so a profile's own never yields to one of them
    // (extra-headers.ts also refuses the names we set).
    const h: Record<string, string> = { ...creds.extraHeaders };
    h.authorization = `Bearer ${token}`;
    h.accept = "application/json";
    if (hasBody) h["content-type"] = "application/json";
    for (const name of profile.clientIdHeaders ?? []) h[name] = creds.clientId;
    if (profile.accountHeader && opts.accountHeader) h[profile.accountHeader] = opts.accountHeader;
    return h;
  }

  /** The kind of a PSP error answer, with the profile's own spelling of "not found". */
  function kindOf(answer: HttpAnswer) {
    const name = errorName(answer.body);
    const notFound = profile.notFound?.some(
      (n) => n.status === answer.status && name !== undefined && n.names.includes(name),
    );
    return notFound ? "not_found" : kindForStatus(answer.status);
  }

  /** One API call: token, send with retries, one refresh on 401; errors become PspError. */
  async function api(
    op: string,
    method: HttpCall["method"],
    path: string,
    body?: unknown,
    extraHeaders: Readonly<Record<string, string>> = {},
    once = false,
  ): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // A path may carry its own query (GET /rec/{idRec}?txid=): BB's key joins it with "&".
    const url = `${baseUrl}${path}${query && path.includes("?") ? `&${query.slice(1)}` : query}`;
    const sendApi = async (token: string) =>
      send(
        {
          method,
          url,
          headers: { ...apiHeaders(token, payload !== undefined), ...extraHeaders },
          ...(payload !== undefined ? { body: payload } : {}),
        },
        once ? { ...policy, retries: 0 } : policy,
      );
    try {
      let token = await tokens.get();
      let answer = await sendApi(token);
      if (answer.status === 401) {
        tokens.invalidate(token);
        token = await tokens.get();
        answer = await sendApi(token);
        if (answer.status === 401) {
          throw new PspError("auth", reason(answer, token), { httpStatus: 401, op });
        }
      }
      if (answer.status >= 400) {
        throw new PspError(kindOf(answer), reason(answer, token), {
          httpStatus: answer.status,
          op,
          ...(answer.retryAfterSec !== undefined ? { retryAfterSec: answer.retryAfterSec } : {}),
        });
      }
      return answer;
    } catch (err) {
      throw err instanceof PspError ? err.withOp(op) : err;
    }
  }

  function reason(answer: HttpAnswer, token: string): string {
    return scrub(reasonFromBody(answer.status, answer.body), [...secrets, token]);
  }

  function shape<T>(op: string, read: () => T): T {
    try {
      return read();
    } catch (err) {
      if (err instanceof PspShapeError) throw new PspError("unavailable", err.message, { op });
      throw err;
    }
  }

  async function getCob(txid: string): Promise<CobView> {
    const a = await api("GET cob", "GET", cobPath(txid));
    return shape("GET cob", () => parseCob(a.body, profile.brCodeFields));
  }

  async function getCobV(txid: string) {
    const a = await api("GET cobv", "GET", cobvPath(txid));
    return shape("GET cobv", () => parseCobV(a.body, profile.brCodeFields));
  }

  async function getDevolucao(e2eid: string, id: string) {
    const a = await api("GET devolucao", "GET", devolucaoPath(e2eid, id));
    return shape("GET devolucao", () => parseDevolucao(a.body));
  }

  return {
    async checkConnection() {
      await tokens.get().catch((err) => {
        throw err instanceof PspError ? err.withOp("token") : err;
      });
    },
    async putCob(input: PutCobInput) {
      try {
        const a = await api("PUT cob", "PUT", cobPath(input.txid), cobBody(input));
        return shape("PUT cob", () => parseCob(a.body, profile.brCodeFields));
      } catch (err) {
        // Efí answers 409 txid_duplicado to a PUT on a txid it already holds, where the
        // standard replaces the cob: our own retry after a lost answer lands here. The cob we
        // asked for (same value, same key) is the answer; anything else stays a refusal.
        if (!(err instanceof PspError && err.httpStatus === 409)) throw err;
        const existing = await getCob(input.txid).catch(() => undefined);
        if (existing && isTheCobAskedFor(existing, input)) return existing;
        throw err;
      }
    },
    getCob,
    async removeCob(txid) {
      const a = await api("PATCH cob", "PATCH", cobPath(txid), {
        status: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
      });
      return shape("PATCH cob", () => parseCob(a.body, profile.brCodeFields));
    },
    async putCobV(input: PutCobVInput) {
      try {
        const a = await api("PUT cobv", "PUT", cobvPath(input.txid), cobvBody(input));
        return shape("PUT cobv", () => parseCobV(a.body, profile.brCodeFields));
      } catch (err) {
        // As for cob: a 409 on our own txid (a retry after a lost answer) is the cobv we
        // asked for when it has the same value and key.
        if (!(err instanceof PspError && err.httpStatus === 409)) throw err;
        const existing = await getCobV(input.txid).catch(() => undefined);
        if (
          existing &&
          existing.amountCents === input.valor.originalCents &&
          (existing.chave ?? input.chave) === input.chave
        ) {
          return existing;
        }
        throw err;
      }
    },
    getCobV,
    async removeCobV(txid) {
      const a = await api("PATCH cobv", "PATCH", cobvPath(txid), {
        status: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
      });
      return shape("PATCH cobv", () => parseCobV(a.body, profile.brCodeFields));
    },
    async putLoteCobV(id, descricao, cobs) {
      await api("PUT lotecobv", "PUT", loteCobVPath(id), loteCobVBody(descricao, cobs));
    },
    async getLoteCobV(id) {
      const a = await api("GET lotecobv", "GET", loteCobVPath(id));
      return shape("GET lotecobv", () => parseLoteCobV(a.body, id));
    },
    async putDevolucao(e2eid, id, amountCents, descricao) {
      const body = devolucaoBody(amountCents, descricao);
      try {
        const a = await api("PUT devolucao", "PUT", devolucaoPath(e2eid, id), body);
        return shape("PUT devolucao", () => parseDevolucao(a.body));
      } catch (err) {
        // The standard refuses a reused id (PixDevolucaoInvalida) instead of answering the
        // first result: when our earlier attempt did land, that refund is the answer.
        if (!(err instanceof PspError && err.kind === "rejected")) throw err;
        const existing = await getDevolucao(e2eid, id).catch(() => undefined);
        if (existing && existing.amountCents === amountCents) return existing;
        throw err;
      }
    },
    getDevolucao,
    async getPix(e2eid: string) {
      const a = await api("GET pix", "GET", `/pix/${encodeURIComponent(e2eid)}`);
      return shape("GET pix", () => parsePix(a.body));
    },
    async listPix(q: PixListQuery) {
      const a = await api("GET pix list", "GET", pixListPath(q));
      return shape("GET pix list", () => parsePixList(a.body, q.page));
    },
    async putWebhook(chave, webhookUrl) {
      await api(
        "PUT webhook",
        "PUT",
        webhookPath(chave),
        { webhookUrl: webhookUrl + profile.webhook.registerSuffix },
        profile.webhook.putHeaders,
      );
    },
    async getWebhook(chave) {
      try {
        const a = await api("GET webhook", "GET", webhookPath(chave));
        const url = (a.body as { webhookUrl?: unknown } | undefined)?.webhookUrl;
        return typeof url === "string" ? { webhookUrl: url } : undefined;
      } catch (err) {
        if (err instanceof PspError && err.kind === "not_found") return undefined;
        throw err;
      }
    },
    async deleteWebhook(chave) {
      try {
        await api("DELETE webhook", "DELETE", webhookPath(chave));
      } catch (err) {
        // Already gone is what we wanted.
        if (!(err instanceof PspError && err.kind === "not_found")) throw err;
      }
    },
    async close() {
      await agent.close();
    },
    automatico: automaticoCalls(
      (op, method, path, body, o = {}) => api(op, method, path, body, o.headers, o.once),
      shape,
      profile.webhook,
    ),
  };
}

/** The cob a 409 points at is ours when it has the value and key we asked for. */
function isTheCobAskedFor(cob: CobView, input: PutCobInput): boolean {
  return cob.amountCents === input.amountCents && (cob.chave ?? input.chave) === input.chave;
}
