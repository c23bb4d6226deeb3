import type { IncomingHttpHeaders } from "node:http";
import type { CobVState } from "./cobv-state.ts";
import type { PeerProfile } from "./peer-profiles.ts";
import { type Answer, ApiError, type PixState } from "./pix-state.ts";

/**
 * Dispatches an already validated and authenticated API request to the peer's state. Efí's
 * deviation on PUT /webhook lives here: without `x-skip-mtls-checking` Efí probes the URL with
 * mutual TLS, which a test receiver on plain HTTP fails, so the peer answers as Efí does.
 */
export function routeApi(
  state: PixState,
  profile: PeerProfile,
  req: {
    method: string;
    path: string;
    headers: IncomingHttpHeaders;
    raw: string;
    query?: URLSearchParams;
  },
  onRefundSettled: (e2eid: string) => void,
  cobv?: CobVState,
): Answer {
  const { method, path } = req;
  const body = req.raw.trim() === "" ? {} : (JSON.parse(req.raw) as Record<string, unknown>);
  const seg = path.split("/").slice(1).map(decodeURIComponent);
  const [a = "", b = "", c = "", d = ""] = seg;
  if (a === "cob" && seg.length === 2) {
    if (method === "PUT") return state.putCob(b, body);
    if (method === "GET") return state.getCob(b);
    if (method === "PATCH") return state.patchCob(b, body);
  }
  if (cobv && a === "cobv" && seg.length === 2) {
    if (method === "PUT") return cobv.putCobV(b, body);
    if (method === "GET") return cobv.getCobV(b);
    if (method === "PATCH") return cobv.patchCobV(b, body);
  }
  if (cobv && a === "lotecobv" && seg.length === 2) {
    if (method === "PUT") return cobv.putLote(b, body);
    if (method === "GET") return cobv.getLote(b);
  }
  if (a === "pix" && seg.length === 1 && method === "GET") {
    return state.listPix(req.query ?? new URLSearchParams());
  }
  if (a === "pix" && seg.length === 2 && method === "GET") return state.getPix(b);
  if (a === "pix" && seg.length === 4 && c === "devolucao") {
    if (method === "PUT") {
      const answer = state.putDevolucao(b, d, body);
      if ((answer.body as { status: string }).status !== "EM_PROCESSAMENTO") onRefundSettled(b);
      return answer;
    }
    if (method === "GET") return state.getDevolucao(b, d);
  }
  if (a === "webhook" && seg.length === 2) {
    if (method === "PUT") {
      const [h, v] = profile.webhookPutHeader ?? [];
      if (h && req.headers[h] !== v) {
        throw new ApiError(
          400,
          "WebhookOperacaoInvalida",
          "Webhook inválido.",
          "A autenticação de TLS mútuo não está configurada na URL informada",
        );
      }
      return state.putWebhook(b, body);
    }
    if (method === "GET") return state.getWebhook(b);
    if (method === "DELETE") return state.deleteWebhook(b);
  }
  throw new ApiError(404, "NaoEncontrado", "Não encontrado.", `${method} ${path} is not served`);
}
