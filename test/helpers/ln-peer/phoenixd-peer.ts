import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { InvoiceNetwork } from "../../../src/lightning/bolt11.ts";
import { type InvoiceBook, makeInvoiceBook, type PeerInvoice } from "./invoice-book.ts";
import { type DownMode, peerControls, readBody } from "./peer-controls.ts";

// A local phoenixd speaking the parts of its HTTP API the service uses (ACINQ/phoenixd Api.kt):
// basic auth with the http-password (any user name), GET /getinfo, POST /createinvoice (form),
// GET /payments/incoming/{paymentHash} (404 when unknown), and the /websocket of payment events
// ({"type":"payment_received",...}). phoenixd listens on plain HTTP on localhost by default, and
// so does this peer. Requests off the API's shape are answered 400 and kept in `violations`.

const CHAIN: Record<InvoiceNetwork, string> = {
  mainnet: "mainnet",
  testnet: "testnet3",
  signet: "signet",
  regtest: "regtest",
};
const FORM_FIELDS = new Set([
  "amountSat",
  "description",
  "descriptionHash",
  "expirySeconds",
  "externalId",
  "webhookUrl",
]);

export async function startPhoenixdPeer(opts: { network?: InvoiceNetwork } = {}) {
  const network = opts.network ?? "testnet";
  const book: InvoiceBook = makeInvoiceBook(network);
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const violations: string[] = [];
  const sockets = new Set<Socket>();
  const websockets = new Set<Socket>();
  let down: DownMode = false;

  const authorised = (req: IncomingMessage) => {
    const h = req.headers.authorization ?? "";
    if (!h.startsWith("Basic ")) return false;
    const decoded = Buffer.from(h.slice(6), "base64").toString();
    return decoded.slice(decoded.indexOf(":") + 1) === password;
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const incoming = (i: PeerInvoice) => ({
    subType: "lightning",
    paymentHash: i.paymentHash,
    preimage: i.preimage,
    externalId: null,
    description: i.memo,
    invoice: i.paymentRequest,
    isPaid: i.state === "SETTLED",
    isExpired: i.state === "CANCELED",
    requestedSat: Math.floor(i.valueMsat / 1000),
    receivedSat: Math.floor(i.amtPaidMsat / 1000),
    fees: 0,
    expiresAt: (i.createdAt + i.expirySeconds) * 1000,
    completedAt: i.state === "SETTLED" ? i.settledAt * 1000 : null,
    createdAt: i.createdAt * 1000,
  });
  book.onSettle((inv) => {
    const event = JSON.stringify({
      type: "payment_received",
      timestamp: Date.now(),
      amountSat: Math.floor(inv.amtPaidMsat / 1000),
      paymentHash: inv.paymentHash,
      externalId: null,
      payerNote: null,
      payerKey: null,
    });
    for (const s of websockets) s.write(textFrame(event));
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (down === "hang") return;
    const url = new URL(req.url ?? "/", "http://x");
    if (!authorised(req)) {
      res.writeHead(401, { "content-type": "text/plain" });
      res.end("Invalid authentication (use basic auth with the http password set in phoenix.conf)");
      return;
    }
    if (req.method === "GET" && url.pathname === "/getinfo") {
      return json(res, 200, {
        nodeId: book.nodeId,
        channels: [],
        chain: CHAIN[network],
        blockHeight: 100,
        version: "0.6.0-peer",
      });
    }
    if (req.method === "POST" && url.pathname === "/createinvoice") {
      const type = req.headers["content-type"] ?? "";
      const form = new URLSearchParams(await readBody(req));
      const bad = [...form.keys()].filter((k) => !FORM_FIELDS.has(k));
      const amount = form.get("amountSat");
      const expiry = form.get("expirySeconds");
      const description = form.get("description");
      const descriptionHash = form.get("descriptionHash");
      if (
        !type.startsWith("application/x-www-form-urlencoded") ||
        bad.length > 0 ||
        (amount !== null && !/^\d+$/.test(amount)) ||
        (expiry !== null && !/^\d+$/.test(expiry)) ||
        // phoenixd takes one of the two: a description or a description hash (hex, 32 bytes).
        (description === null) === (descriptionHash === null) ||
        (description !== null && description.length > 128) ||
        (descriptionHash !== null && !/^[0-9a-f]{64}$/.test(descriptionHash))
      ) {
        violations.push(`POST /createinvoice: ${type} ${form.toString()}`);
        res.writeHead(400, { "content-type": "text/plain" });
        res.end("Must provide either a description or descriptionHash");
        return;
      }
      const inv = book.create({
        valueMsat: Number(amount ?? 0) * 1000,
        memo: description ?? "",
        expirySeconds: Number(expiry ?? 3600),
        ...(descriptionHash ? { descriptionHash } : {}),
      });
      return json(res, 200, {
        amountSat: Math.floor(inv.valueMsat / 1000),
        paymentHash: inv.paymentHash,
        serialized: inv.paymentRequest,
      });
    }
    const m = /^\/payments\/incoming\/([0-9a-f]{64})$/.exec(url.pathname);
    if (req.method === "GET" && m?.[1]) {
      const inv = book.invoices.get(m[1]);
      if (!inv) {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("Not found");
        return;
      }
      return json(res, 200, incoming(inv));
    }
    violations.push(`${req.method} ${url.pathname}: not a route of this peer`);
    res.writeHead(404);
    res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    if (down === "refuse") s.destroy();
  });
  // The websocket handshake (RFC 6455), by hand: the peer only ever sends text frames.
  server.on("upgrade", (req: IncomingMessage, socket: Socket) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (down || url.pathname !== "/websocket" || !authorised(req)) {
      socket.end("HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    const accept = createHash("sha1")
      .update(`${req.headers["sec-websocket-key"]}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest("base64");
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    websockets.add(socket);
    socket.on("data", (buf: Buffer) => {
      // A close frame from the client: answer it and end.
      if (((buf[0] ?? 0) & 0x0f) === 8) socket.end(Buffer.from([0x88, 0]));
    });
    socket.on("close", () => websockets.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    password,
    book,
    violations,
    streamCount: () => websockets.size,
    /** Sends this text as one frame on every open websocket (a message of any size). */
    sendRaw(text: string) {
      for (const s of websockets) s.write(textFrame(text));
    },
    ...peerControls(book, websockets, (mode) => {
      down = mode;
    }),
    async close() {
      for (const s of sockets) s.destroy();
      for (const s of websockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
export type PhoenixdPeer = Awaited<ReturnType<typeof startPhoenixdPeer>>;

function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head =
    n < 126
      ? Buffer.from([0x81, n])
      : n < 65536
        ? Buffer.from([0x81, 126, n >> 8, n & 0xff])
        : Buffer.concat([Buffer.from([0x81, 127]), bigLength(n)]);
  return Buffer.concat([head, payload]);
}
function bigLength(n: number) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}
