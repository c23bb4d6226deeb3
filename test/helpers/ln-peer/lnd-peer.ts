import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import type { InvoiceNetwork } from "../../../src/lightning/bolt11.ts";
import { makeSelfSignedCert } from "../tls.ts";
import { type InvoiceBook, makeInvoiceBook, type PeerInvoice } from "./invoice-book.ts";
import { type DownMode, peerControls, readBody } from "./peer-controls.ts";

// A local LND speaking the parts of its REST API (lnrpc/lightning.yaml) the service uses, over
// HTTPS with its own self-signed certificate (as LND's tls.cert), every request checked for
// the Grpc-Metadata-macaroon header. Requests that break the API's shape are answered 400 and
// kept in `violations`. Controls: settle, expire, dropStreams, down("hang" | "refuse" | false).

const INVOICE_FIELDS = new Set([
  "memo",
  "description_hash",
  "value_msat",
  "value",
  "expiry",
  "private",
]);

export async function startLndPeer(opts: { network?: InvoiceNetwork } = {}) {
  const lndNetwork = opts.network ?? "regtest";
  const tls = makeSelfSignedCert();
  const book: InvoiceBook = makeInvoiceBook(lndNetwork);
  const macaroon = Buffer.from(`macaroon-${Math.random()}`).toString("hex");
  const violations: string[] = [];
  const requests: Array<{ method: string; path: string }> = [];
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let down: DownMode = false;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const wire = (i: PeerInvoice) => ({
    memo: i.memo,
    r_preimage: Buffer.from(i.preimage, "hex").toString("base64"),
    r_hash: Buffer.from(i.paymentHash, "hex").toString("base64"),
    value: String(Math.floor(i.valueMsat / 1000)),
    value_msat: String(i.valueMsat),
    settled: i.state === "SETTLED",
    creation_date: String(i.createdAt),
    settle_date: String(i.settledAt),
    payment_request: i.paymentRequest,
    expiry: String(i.expirySeconds),
    add_index: String(i.addIndex),
    settle_index: String(i.settleIndex),
    amt_paid_sat: String(Math.floor(i.amtPaidMsat / 1000)),
    amt_paid_msat: String(i.amtPaidMsat),
    state: i.state,
  });
  book.onSettle((inv) => {
    for (const s of streams) s.write(`${JSON.stringify({ result: wire(inv) })}\n`);
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (down === "hang") return;
    const url = new URL(req.url ?? "/", "https://x");
    requests.push({ method: req.method ?? "", path: url.pathname });
    if (req.headers["grpc-metadata-macaroon"] !== macaroon) {
      return json(res, 401, { code: 2, message: "verification failed: signature mismatch" });
    }
    if (req.method === "GET" && url.pathname === "/v1/getinfo") {
      return json(res, 200, {
        identity_pubkey: book.nodeId,
        alias: "ln-peer",
        chains: [{ chain: "bitcoin", network: lndNetwork }],
        synced_to_chain: true,
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/invoices") {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        violations.push("POST /v1/invoices: body is not JSON");
        return json(res, 400, { code: 3, message: "invalid JSON" });
      }
      const bad = Object.keys(body).filter((k) => !INVOICE_FIELDS.has(k));
      const int64 = (v: unknown) => typeof v === "string" && /^\d+$/.test(v);
      if (bad.length > 0 || !int64(body.value_msat) || !int64(body.expiry)) {
        violations.push(`POST /v1/invoices: ${JSON.stringify(body)}`);
        return json(res, 400, { code: 3, message: "bad request" });
      }
      const inv = book.create({
        valueMsat: Number(body.value_msat),
        memo: String(body.memo ?? ""),
        expirySeconds: Number(body.expiry),
        ...(typeof body.description_hash === "string"
          ? { descriptionHash: Buffer.from(body.description_hash, "base64").toString("hex") }
          : {}),
      });
      return json(res, 200, {
        r_hash: wire(inv).r_hash,
        payment_request: inv.paymentRequest,
        add_index: String(inv.addIndex),
        payment_addr: "",
      });
    }
    const m = /^\/v1\/invoice\/([0-9a-f]{64})$/.exec(url.pathname);
    if (req.method === "GET" && m?.[1]) {
      const inv = book.invoices.get(m[1]);
      return inv
        ? json(res, 200, wire(inv))
        : json(res, 404, { code: 5, message: "unable to locate invoice" });
    }
    if (req.method === "GET" && url.pathname === "/v1/invoices/subscribe") {
      const from = Number(url.searchParams.get("settle_index") ?? "0");
      res.writeHead(200, { "content-type": "application/json" });
      // LND first replays the settlements after the index given (when non-zero).
      if (from > 0) {
        for (const inv of book.all().filter((i) => i.settleIndex > from)) {
          res.write(`${JSON.stringify({ result: wire(inv) })}\n`);
        }
      }
      streams.add(res);
      res.on("close", () => streams.delete(res));
      return;
    }
    violations.push(`${req.method} ${url.pathname}: not a route of this peer`);
    json(res, 404, { code: 5, message: "Not Found" });
  };

  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on("secureConnection", (s) => {
    if (down === "refuse") s.destroy();
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    if (down === "refuse") s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    macaroon,
    certificate: tls.cert,
    book,
    violations,
    requests,
    streamCount: () => streams.size,
    ...peerControls(book, streams, (mode) => {
      down = mode;
    }),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
export type LndPeer = Awaited<ReturnType<typeof startLndPeer>>;
