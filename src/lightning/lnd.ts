import { request } from "undici";
import type { AddressPolicy } from "../net/address-policy.ts";
import { callNode, lines, makeNodeAgent, transportReason } from "./http.ts";
import { type InvoiceState, LightningError, type LightningNode, normaliseNetwork } from "./node.ts";

// LND's REST API (lnrpc/lightning.yaml maps each gRPC call to a path; the JSON is gRPC's, so
// int64 fields are strings and bytes fields base64). The calls used, and only these:
//   GET  /v1/getinfo                       -> chains[0].network, identity_pubkey
//   POST /v1/invoices {memo | description_hash, value_msat, expiry} -> r_hash, payment_request
//   GET  /v1/invoice/{r_hash_str}          (hex)  -> state, amt_paid_msat, settle_index
//   GET  /v1/invoices/subscribe?settle_index=N    -> a stream of {"result": Invoice} lines
// Every request carries the macaroon, hex, in the Grpc-Metadata-macaroon header. An invoice
// macaroon (invoice.macaroon: create and read invoices, nothing else) is all this needs.

export type LndOptions = {
  url: string;
  macaroonHex: string;
  certificatePem?: string;
  policy?: AddressPolicy;
  timeoutMs: number;
};

type LndInvoice = {
  r_hash?: string;
  state?: string;
  settled?: boolean;
  amt_paid_msat?: string;
  settle_index?: string;
};

export function makeLndNode(o: LndOptions): LightningNode {
  const agent = makeNodeAgent({
    ...(o.certificatePem ? { certificatePem: o.certificatePem } : {}),
    ...(o.policy ? { policy: o.policy } : {}),
  });
  const base = o.url.replace(/\/+$/, "");
  const headers = { "Grpc-Metadata-macaroon": o.macaroonHex, accept: "application/json" };
  const call = (method: "GET" | "POST", path: string, body?: unknown) =>
    callNode(agent, {
      method,
      url: base + path,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      timeoutMs: o.timeoutMs,
    });
  // In our words only: the node's own text is never passed on (a URL may point at any local
  // service on the allow-list, whose banner must not reach the caller).
  const failed = (what: string, status: number, body: unknown) =>
    new LightningError(
      "bad_answer",
      `${what}: the node answered ${status}${isLndError(body) ? "" : " (not an LND REST answer)"}`,
    );

  return {
    async getInfo() {
      const r = await call("GET", "/v1/getinfo");
      const b = r.body as { chains?: Array<{ network?: string }>; identity_pubkey?: string };
      if (r.status !== 200) throw failed("getinfo", r.status, r.body);
      const network = normaliseNetwork(b?.chains?.[0]?.network ?? "");
      if (!network)
        throw new LightningError(
          "bad_answer",
          "getinfo: no known network in chains[0].network (not an LND REST answer?)",
        );
      return { network, nodeId: b.identity_pubkey ?? null };
    },
    async createInvoice(input) {
      const r = await call("POST", "/v1/invoices", {
        // With a description hash the invoice carries `h` and no memo (LUD-06's pay requests).
        ...(input.descriptionHash
          ? { description_hash: Buffer.from(input.descriptionHash, "hex").toString("base64") }
          : { memo: input.memo }),
        value_msat: String(input.amountMsat),
        expiry: String(input.expirySeconds),
      });
      const b = r.body as { r_hash?: string; payment_request?: string };
      if (r.status !== 200 || !b?.r_hash || !b.payment_request)
        throw failed("addinvoice", r.status, r.body);
      return {
        paymentHash: Buffer.from(b.r_hash, "base64").toString("hex"),
        invoice: b.payment_request,
      };
    },
    async lookupInvoice(paymentHash) {
      const r = await call("GET", `/v1/invoice/${paymentHash}`);
      if (r.status === 404) return undefined;
      if (r.status !== 200) throw failed("lookupinvoice", r.status, r.body);
      return invoiceState(r.body as LndInvoice, paymentHash);
    },
    async subscribeSettlements(fromIndex, onSettled, signal, onOpen) {
      const q = fromIndex && fromIndex !== "0" ? `?settle_index=${fromIndex}` : "";
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(`${base}/v1/invoices/subscribe${q}`, {
          dispatcher: agent,
          headers,
          signal,
          // LND's gateway sends the headers with the first invoice event, and a stream is quiet
          // until an invoice changes: no deadline on either.
          headersTimeout: 0,
          bodyTimeout: 0,
        });
      } catch (err) {
        throw new LightningError("unavailable", transportReason(err, o.timeoutMs));
      }
      if (res.statusCode !== 200) {
        // Not read: its text is not passed on, and leaving it unread drops the connection.
        res.body.destroy();
        throw new LightningError(
          res.statusCode === 401 || res.statusCode === 403 ? "refused" : "unavailable",
          `subscribe: the node answered ${res.statusCode}`,
        );
      }
      onOpen?.();
      try {
        for await (const line of lines(res.body)) {
          let msg: { result?: LndInvoice; error?: { message?: string } };
          try {
            msg = JSON.parse(line);
          } catch {
            continue;
          }
          if (msg.error)
            throw new LightningError("unavailable", "subscribe: the node's stream sent an error");
          const inv = msg.result;
          if (!inv?.r_hash) continue;
          const st = invoiceState(inv, Buffer.from(inv.r_hash, "base64").toString("hex"));
          if (st.state === "settled") {
            await onSettled({
              paymentHash: st.paymentHash,
              amountPaidMsat: st.amountPaidMsat,
              settleIndex: st.settleIndex,
            });
          }
        }
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof LightningError) throw err;
        throw new LightningError("unavailable", transportReason(err, o.timeoutMs));
      }
    },
    close: () => agent.close(),
  };
}

function invoiceState(inv: LndInvoice, paymentHash: string): InvoiceState {
  const state =
    inv.state === "SETTLED" || inv.settled === true
      ? "settled"
      : inv.state === "CANCELED"
        ? "canceled"
        : "open";
  return {
    paymentHash,
    state,
    amountPaidMsat: state === "settled" ? Number(inv.amt_paid_msat ?? "0") : 0,
    settleIndex: inv.settle_index && inv.settle_index !== "0" ? inv.settle_index : null,
  };
}

/** grpc-gateway's error shape, {code, message}: an LND that refused, not some other server. */
function isLndError(body: unknown): boolean {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as { code?: unknown }).code === "number"
  );
}
