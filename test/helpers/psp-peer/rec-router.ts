import { type Answer, ApiError } from "./pix-state.ts";
import type { PeerCobr, PeerRec, RecState } from "./rec-state.ts";

/** What a Pix Automático request changed, so the peer can notify after answering. */
export type RecEffect = { recs: PeerRec[]; cobrs: PeerCobr[] };

/**
 * Dispatches an already validated and authenticated Pix Automático request (locrec, rec, cobr,
 * webhookrec, webhookcobr). Returns undefined for any other path, which routeApi serves.
 */
export function routeRec(
  state: RecState,
  req: { method: string; path: string; raw: string; query: URLSearchParams },
): { answer: Answer; effect: RecEffect } | undefined {
  const { method, path } = req;
  const seg = path.split("/").slice(1).map(decodeURIComponent);
  const [a = "", b = "", c = "", d = ""] = seg;
  const body = req.raw.trim() === "" ? {} : (JSON.parse(req.raw) as Record<string, unknown>);
  const none: RecEffect = { recs: [], cobrs: [] };
  const plain = (answer: Answer) => ({ answer, effect: none });

  if (a === "locrec" && seg.length === 1 && method === "POST") return plain(state.postLocRec());
  if (a === "rec" && seg.length === 1 && method === "POST") return plain(state.postRec(body));
  if (a === "rec" && seg.length === 2) {
    if (method === "GET") return plain(state.getRec(b, req.query.get("txid")));
    if (method === "PATCH") {
      const before = new Set([...state.cobrs.values()].filter((x) => x.status === "ATIVA"));
      const answer = state.patchRec(b, body);
      const rec = state.rec(b);
      const cobrs = [...before].filter((x) => x.status !== "ATIVA");
      return { answer, effect: { recs: [rec], cobrs } };
    }
  }
  if (a === "solicrec" && seg.length === 1 && method === "POST")
    return plain(state.postSolicRec(body));
  if (a === "cobr" && seg.length === 1 && method === "POST") {
    const answer = state.putCobr(undefined, body);
    const txid = (answer.body as { txid: string }).txid;
    return { answer, effect: { recs: [], cobrs: [state.cobr(txid)] } };
  }
  if (a === "cobr" && seg.length === 2) {
    if (method === "PUT") {
      const answer = state.putCobr(b, body);
      return { answer, effect: { recs: [], cobrs: [state.cobr(b)] } };
    }
    if (method === "GET") return plain({ status: 200, body: state.cobrView(state.cobr(b)) });
    if (method === "PATCH") {
      const answer = state.patchCobr(b, body);
      return { answer, effect: { recs: [], cobrs: [state.cobr(b)] } };
    }
  }
  if (a === "cobr" && seg.length === 4 && c === "retentativa" && method === "POST") {
    const answer = state.retry(b, d);
    return { answer, effect: { recs: [], cobrs: [state.cobr(b)] } };
  }
  if ((a === "webhookrec" || a === "webhookcobr") && seg.length === 1) {
    const key = a === "webhookrec" ? "webhookRec" : "webhookCobr";
    if (method === "PUT") {
      const url = String(body.webhookUrl ?? "");
      if (!/^https?:\/\//.test(url)) {
        throw new ApiError(
          400,
          "WebhookOperacaoInvalida",
          "Webhook inválido.",
          "webhookUrl inválida",
        );
      }
      state[key] = url;
      return plain({ status: 200 });
    }
    if (method === "GET") {
      const url = state[key];
      if (!url) throw new ApiError(404, "WebhookNaoEncontrado", "Webhook não encontrado.", a);
      return plain({ status: 200, body: { webhookUrl: url, criacao: new Date().toISOString() } });
    }
    if (method === "DELETE") {
      if (!state[key])
        throw new ApiError(404, "WebhookNaoEncontrado", "Webhook não encontrado.", a);
      state[key] = undefined;
      return plain({ status: 204 });
    }
  }
  return undefined;
}
