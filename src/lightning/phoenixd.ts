import { WebSocket } from "undici";
import type { AddressPolicy } from "../net/address-policy.ts";
import { callNode, makeNodeAgent } from "./http.ts";
import { LightningError, type LightningNode, normaliseNetwork } from "./node.ts";

// phoenixd's HTTP API (ACINQ/phoenixd, src/commonMain/kotlin/fr/acinq/phoenixd/Api.kt). HTTP
// basic auth, any user name, the http-password of phoenix.conf. The calls used:
//   GET  /getinfo                               -> chain ("mainnet", "testnet3", ...), nodeId
//   POST /createinvoice  (form: amountSat, description (<= 128 chars) or descriptionHash (hex),
//                         expirySeconds)
//                                               -> paymentHash (hex), serialized (BOLT11)
//   GET  /payments/incoming/{paymentHash}       -> isPaid, receivedSat (404: unknown)
//   GET  /websocket                             -> {"type":"payment_received","paymentHash",...}
// phoenixd amounts are whole satoshis; charges are too. Its event socket has no resume index:
// what happened while it was closed is found by looking the pending invoices up.

export type PhoenixdOptions = {
  url: string;
  password: string;
  policy?: AddressPolicy;
  timeoutMs: number;
};

export function makePhoenixdNode(o: PhoenixdOptions): LightningNode {
  const agent = makeNodeAgent({ ...(o.policy ? { policy: o.policy } : {}) });
  const base = o.url.replace(/\/+$/, "");
  const auth = `Basic ${Buffer.from(`:${o.password}`).toString("base64")}`;
  const call = (method: "GET" | "POST", path: string, form?: Record<string, string>) =>
    callNode(agent, {
      method,
      url: base + path,
      headers: {
        authorization: auth,
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      timeoutMs: o.timeoutMs,
    });
  // In our words only: phoenixd's errors are plain text, and so is any other local service's
  // banner on the allow-list, which must not reach the caller.
  const failed = (what: string, status: number) =>
    new LightningError(
      "bad_answer",
      `${what}: the node answered ${status}${status === 404 || status === 405 ? " (not phoenixd's HTTP API?)" : ""}`,
    );

  return {
    async getInfo() {
      const r = await call("GET", "/getinfo");
      if (r.status !== 200) throw failed("getinfo", r.status);
      const b = r.body as { chain?: string; nodeId?: string };
      const network = normaliseNetwork(b?.chain ?? "");
      if (!network)
        throw new LightningError(
          "bad_answer",
          "getinfo: no known chain (not phoenixd's HTTP API?)",
        );
      return { network, nodeId: b.nodeId ?? null };
    },
    async createInvoice(input) {
      if (input.amountMsat % 1000 !== 0)
        throw new LightningError("bad_answer", "phoenixd invoices are in whole satoshis");
      const r = await call("POST", "/createinvoice", {
        amountSat: String(input.amountMsat / 1000),
        ...(input.descriptionHash
          ? { descriptionHash: input.descriptionHash }
          : { description: input.memo.slice(0, 128) }),
        expirySeconds: String(input.expirySeconds),
      });
      const b = r.body as { paymentHash?: string; serialized?: string };
      if (r.status !== 200 || !b?.paymentHash || !b.serialized)
        throw failed("createinvoice", r.status);
      return { paymentHash: b.paymentHash.toLowerCase(), invoice: b.serialized };
    },
    async lookupInvoice(paymentHash) {
      const r = await call("GET", `/payments/incoming/${paymentHash}`);
      if (r.status === 404) return undefined;
      if (r.status !== 200) throw failed("payments/incoming", r.status);
      const b = r.body as { isPaid?: boolean; isExpired?: boolean; receivedSat?: number };
      const paid = b?.isPaid === true;
      return {
        paymentHash,
        state: paid ? "settled" : b?.isExpired ? "canceled" : "open",
        amountPaidMsat: paid ? Math.round(Number(b.receivedSat ?? 0)) * 1000 : 0,
        settleIndex: null,
      };
    },
    subscribeSettlements(_fromIndex, onSettled, signal, onOpen) {
      return new Promise<void>((resolve, reject) => {
        const wsUrl = `${base.replace(/^http/, "ws")}/websocket`;
        const ws = new WebSocket(wsUrl, { dispatcher: agent, headers: { authorization: auth } });
        let queue = Promise.resolve();
        let opened = false;
        const stop = () => ws.close();
        signal.addEventListener("abort", stop, { once: true });
        ws.addEventListener("open", () => {
          opened = true;
          onOpen?.();
        });
        ws.addEventListener("message", (ev) => {
          let msg: { type?: string; paymentHash?: string; amountSat?: number };
          try {
            msg = JSON.parse(String(ev.data));
          } catch {
            return;
          }
          if (msg.type !== "payment_received" || !msg.paymentHash) return;
          const s = {
            paymentHash: msg.paymentHash.toLowerCase(),
            amountPaidMsat: Math.round(Number(msg.amountSat ?? 0)) * 1000,
            settleIndex: null,
          };
          queue = queue.then(() => onSettled(s)).catch(() => {});
        });
        ws.addEventListener("close", (ev) => {
          signal.removeEventListener("abort", stop);
          void queue.then(() => {
            if (signal.aborted) resolve();
            // Dropped without a close frame: a message over NODE_ANSWER_MAX_BYTES (undici
            // fails the socket unread; the event says no more) or the connection lost. A
            // failure either way, so the worker waits its back-off before trying again.
            else if (opened && !ev.wasClean)
              reject(
                new LightningError(
                  "unavailable",
                  "the node's websocket was dropped (a message over 1 MiB, or the connection lost)",
                ),
              );
            else if (opened) resolve();
            else reject(new LightningError("unavailable", "the node's websocket did not open"));
          });
        });
        ws.addEventListener("error", () => {});
      });
    },
    close: () => agent.close(),
  };
}
