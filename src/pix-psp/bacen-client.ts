import type { Clock } from "../domain/deps.ts";
import { centsToValor } from "./amounts.ts";
import { PspShapeError, parseCob, parseDevolucao } from "./parse-cob.ts";
import { PROFILES } from "./profiles.ts";
import { kindForStatus, PspError, reasonFromBody, scrub } from "./psp-error.ts";
import { TokenCache } from "./token-cache.ts";
import { readTokenAnswer, tokenCall } from "./token-request.ts";
import {
  DEFAULT_RETRY,
  type HttpAnswer,
  type HttpCall,
  makeMtlsAgent,
  type RetryPolicy,
  sendWithRetry,
} from "./transport.ts";
import type { BacenPixClient, PspCredentials, PutCobInput } from "./types.ts";

export type BacenClientOptions = {
  /** Per-attempt timeout (default 3000 ms). */
  timeoutMs?: number;
  /** Extra attempts on a timeout, network failure or 5xx (default 2). */
  retries?: number;
  /** Pauses between attempts (default 150, 400 ms). */
  backoffMs?: readonly number[];
  /** Total time for one call's attempts (default 5000 ms). */
  budgetMs?: number;
  clock?: Clock;
  /** Value for the profile's account header (Inter's x-conta-corrente), when it has one. */
  accountHeader?: string;
};

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;

/**
 * A client for one merchant's PSP connection, configured by its profile (profiles.ts). Calls
 * go over mTLS with a cached OAuth2 token; a 401 on an API call fetches a new token once and
 * repeats the call. Failures are PspError (psp-error.ts); messages never carry a credential.
 */
export function makeBacenPixClient(
  creds: PspCredentials,
  opts: BacenClientOptions = {},
): BacenPixClient {
  const profile = PROFILES[creds.profile];
  const policy: RetryPolicy = {
    timeoutMs: opts.timeoutMs ?? DEFAULT_RETRY.timeoutMs,
    retries: opts.retries ?? DEFAULT_RETRY.retries,
    backoffMs: opts.backoffMs ?? DEFAULT_RETRY.backoffMs,
    budgetMs: opts.budgetMs ?? DEFAULT_RETRY.budgetMs,
  };
  const clock = opts.clock ?? { now: () => new Date() };
  const agent = makeMtlsAgent(creds);
  const baseUrl = creds.baseUrl.replace(/\/+$/, "");
  const secrets = [creds.clientSecret, creds.privateKeyPem];

  const tokens = new TokenCache(async () => {
    const answer = await sendWithRetry(agent, tokenCall(creds, profile), policy);
    return readTokenAnswer(answer, creds);
  }, clock);

  function apiHeaders(token: string, hasBody: boolean): Record<string, string> {
    const h: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: "application/json",
    };
    if (hasBody) h["content-type"] = "application/json";
    if (profile.clientIdHeader) h[profile.clientIdHeader] = creds.clientId;
    if (profile.accountHeader && opts.accountHeader) h[profile.accountHeader] = opts.accountHeader;
    return h;
  }

  /** One API call: token, send with retries, one refresh on 401; errors become PspError. */
  async function api(
    op: string,
    method: HttpCall["method"],
    path: string,
    body?: unknown,
    extraHeaders: Readonly<Record<string, string>> = {},
  ): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const send = async (token: string) =>
      sendWithRetry(
        agent,
        {
          method,
          url: `${baseUrl}${path}`,
          headers: { ...apiHeaders(token, payload !== undefined), ...extraHeaders },
          ...(payload !== undefined ? { body: payload } : {}),
        },
        policy,
      );
    try {
      let token = await tokens.get();
      let answer = await send(token);
      if (answer.status === 401) {
        tokens.invalidate(token);
        token = await tokens.get();
        answer = await send(token);
        if (answer.status === 401) {
          throw new PspError("auth", reason(answer, token), { httpStatus: 401, op });
        }
      }
      if (answer.status >= 400) {
        throw new PspError(kindForStatus(answer.status), reason(answer, token), {
          httpStatus: answer.status,
          op,
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

  const cobPath = (txid: string) => {
    if (!TXID.test(txid)) throw new TypeError("txid must be 26-35 letters or digits");
    return `/cob/${txid}`;
  };
  const devPath = (e2eid: string, id: string) => {
    if (!DEVOLUCAO_ID.test(id)) throw new TypeError("devolução id must be 1-35 letters or digits");
    return `/pix/${encodeURIComponent(e2eid)}/devolucao/${id}`;
  };
  const hookPath = (chave: string) => `/webhook/${encodeURIComponent(chave)}`;

  async function getDevolucao(e2eid: string, id: string) {
    const a = await api("GET devolucao", "GET", devPath(e2eid, id));
    return shape("GET devolucao", () => parseDevolucao(a.body));
  }

  return {
    async checkConnection() {
      await tokens.get().catch((err) => {
        throw err instanceof PspError ? err.withOp("token") : err;
      });
    },
    async putCob(input: PutCobInput) {
      const body: Record<string, unknown> = {
        calendario: { expiracao: input.expiresInSec },
        valor: { original: centsToValor(input.amountCents) },
        chave: input.chave,
      };
      if (input.devedor) body.devedor = input.devedor;
      if (input.solicitacaoPagador) {
        body.solicitacaoPagador = [...input.solicitacaoPagador].slice(0, 140).join("");
      }
      const a = await api("PUT cob", "PUT", cobPath(input.txid), body);
      return shape("PUT cob", () => parseCob(a.body, profile.brCodeFields));
    },
    async getCob(txid) {
      const a = await api("GET cob", "GET", cobPath(txid));
      return shape("GET cob", () => parseCob(a.body, profile.brCodeFields));
    },
    async removeCob(txid) {
      const a = await api("PATCH cob", "PATCH", cobPath(txid), {
        status: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
      });
      return shape("PATCH cob", () => parseCob(a.body, profile.brCodeFields));
    },
    async putDevolucao(e2eid, id, amountCents, descricao) {
      const body: Record<string, unknown> = { valor: centsToValor(amountCents) };
      if (descricao) body.descricao = [...descricao].slice(0, 140).join("");
      try {
        const a = await api("PUT devolucao", "PUT", devPath(e2eid, id), body);
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
    async putWebhook(chave, webhookUrl) {
      await api(
        "PUT webhook",
        "PUT",
        hookPath(chave),
        { webhookUrl: webhookUrl + profile.webhook.registerSuffix },
        profile.webhook.putHeaders,
      );
    },
    async getWebhook(chave) {
      try {
        const a = await api("GET webhook", "GET", hookPath(chave));
        const url = (a.body as { webhookUrl?: unknown } | undefined)?.webhookUrl;
        return typeof url === "string" ? { webhookUrl: url } : undefined;
      } catch (err) {
        if (err instanceof PspError && err.kind === "not_found") return undefined;
        throw err;
      }
    },
    async deleteWebhook(chave) {
      try {
        await api("DELETE webhook", "DELETE", hookPath(chave));
      } catch (err) {
        // Already gone is what we wanted.
        if (!(err instanceof PspError && err.kind === "not_found")) throw err;
      }
    },
    async close() {
      await agent.close();
    },
  };
}
