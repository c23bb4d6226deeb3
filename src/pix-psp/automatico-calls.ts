import {
  cobrBody,
  cobrPath,
  cobrRetryPath,
  recBody,
  recPath,
  solicRecBody,
} from "./automatico-requests.ts";
import type { CobrView, PixAutomaticoClient, PutCobrInput } from "./automatico-types.ts";
import { parseCobr, parseLocRec, parseRec, parseSolicRec } from "./parse-rec.ts";
import { PspError } from "./psp-error.ts";
import type { HttpAnswer, HttpCall } from "./transport.ts";

/** What the client lends these calls (bacen-client.ts): one API call, and a shape guard. */
export type ApiCall = (
  op: string,
  method: HttpCall["method"],
  path: string,
  body?: unknown,
  o?: { once?: boolean; headers?: Readonly<Record<string, string>> },
) => Promise<HttpAnswer>;
export type ShapeGuard = <T>(op: string, read: () => T) => T;

/**
 * The Pix Automático calls over the same token, mTLS agent, retries and error reading as the
 * cob calls. PUT, GET, PATCH to a final status and the webhook calls are idempotent and retried;
 * POST /locrec, /rec and /solicrec are sent once (`once`), since the PSP assigns their ids and a
 * repeat would make a second one. The retry request is a POST too, but the file refuses a second
 * request for a date already asked for ("Existe uma tentativa vigente para a data"), so a repeat
 * resolves to the cobr as it stands.
 */
export function automaticoCalls(
  api: ApiCall,
  shape: ShapeGuard,
  webhook: { registerSuffix: string; putHeaders: Readonly<Record<string, string>> },
): PixAutomaticoClient {
  const getCobr = async (txid: string) => {
    const a = await api("GET cobr", "GET", cobrPath(txid));
    return shape("GET cobr", () => parseCobr(a.body));
  };

  const webhookCalls = (kind: "rec" | "cobr") => {
    const path = `/webhook${kind}`;
    return {
      async put(webhookUrl: string) {
        await api(
          `PUT webhook${kind}`,
          "PUT",
          path,
          { webhookUrl: webhookUrl + webhook.registerSuffix },
          { headers: webhook.putHeaders },
        );
      },
      async get() {
        try {
          const a = await api(`GET webhook${kind}`, "GET", path);
          const url = (a.body as { webhookUrl?: unknown } | undefined)?.webhookUrl;
          return typeof url === "string" ? { webhookUrl: url } : undefined;
        } catch (err) {
          if (err instanceof PspError && err.kind === "not_found") return undefined;
          throw err;
        }
      },
      async delete() {
        try {
          await api(`DELETE webhook${kind}`, "DELETE", path);
        } catch (err) {
          if (!(err instanceof PspError && err.kind === "not_found")) throw err;
        }
      },
    };
  };
  const wrec = webhookCalls("rec");
  const wcobr = webhookCalls("cobr");

  return {
    async postLocRec() {
      // The file's POST /locrec declares no request body (PayloadLocationRecBody is unused).
      const a = await api("POST locrec", "POST", "/locrec", undefined, { once: true });
      return shape("POST locrec", () => parseLocRec(a.body));
    },
    async postRec(input) {
      const a = await api("POST rec", "POST", "/rec", recBody(input), { once: true });
      return shape("POST rec", () => parseRec(a.body));
    },
    async getRec(idRec, o = {}) {
      const a = await api("GET rec", "GET", recPath(idRec, o.txid));
      return shape("GET rec", () => parseRec(a.body));
    },
    async cancelRec(idRec) {
      const a = await api("PATCH rec", "PATCH", recPath(idRec), { status: "CANCELADA" });
      return shape("PATCH rec", () => parseRec(a.body));
    },
    async postSolicRec(input) {
      const a = await api("POST solicrec", "POST", "/solicrec", solicRecBody(input), {
        once: true,
      });
      return shape("POST solicrec", () => parseSolicRec(a.body));
    },
    async putCobr(input) {
      try {
        const a = await api("PUT cobr", "PUT", cobrPath(input.txid), cobrBody(input));
        return shape("PUT cobr", () => parseCobr(a.body));
      } catch (err) {
        // The file refuses a PUT on a txid in use ("O campo cobr.txid encontra-se em uso"):
        // when our own earlier attempt landed and its answer was lost, that cobr is the answer.
        if (!(err instanceof PspError && err.kind === "rejected")) throw err;
        const existing = await getCobr(input.txid).catch(() => undefined);
        if (existing && isTheCobrAskedFor(existing, input)) return existing;
        throw err;
      }
    },
    getCobr,
    async retryCobr(txid, data) {
      try {
        const a = await api("POST cobr retentativa", "POST", cobrRetryPath(txid, data));
        return shape("POST cobr retentativa", () => parseCobr(a.body));
      } catch (err) {
        if (!(err instanceof PspError && err.kind === "rejected")) throw err;
        const existing = await getCobr(txid).catch(() => undefined);
        if (existing?.tentativas.some((t) => t.dataLiquidacao === data)) return existing;
        throw err;
      }
    },
    async cancelCobr(txid) {
      const a = await api("PATCH cobr", "PATCH", cobrPath(txid), { status: "CANCELADA" });
      return shape("PATCH cobr", () => parseCobr(a.body));
    },
    putWebhookRec: wrec.put,
    getWebhookRec: wrec.get,
    deleteWebhookRec: wrec.delete,
    putWebhookCobr: wcobr.put,
    getWebhookCobr: wcobr.get,
    deleteWebhookCobr: wcobr.delete,
  };
}

/** The cobr a refused PUT points at is ours when it has the rec, amount and date we asked for. */
function isTheCobrAskedFor(cobr: CobrView, input: PutCobrInput): boolean {
  return (
    (cobr.idRec ?? input.idRec) === input.idRec &&
    cobr.amountCents === input.amountCents &&
    (cobr.dataDeVencimento ?? input.dataDeVencimento) === input.dataDeVencimento &&
    cobr.status !== "CANCELADA" &&
    cobr.status !== "REJEITADA"
  );
}
