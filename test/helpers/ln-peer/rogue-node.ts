import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

// A "node" that misbehaves the ways a merchant's URL can: it answers getinfo well enough to be
// saved (LND's /v1/getinfo and phoenixd's /getinfo, any credentials), then its invoice stream
// sends bytes without a newline for as long as the socket takes them, or its answers are huge,
// or its errors carry a local service's banner. Plain HTTP on 127.0.0.1, as a host on the
// allow-list may be.

export const BANNER = "SSH-2.0-OpenSSH_9.6 internal-admin.corp.example redis-password=hunter2";

export type RogueBehaviour = {
  /** getinfo: a good answer, one padded to this many bytes, or an error status with the banner. */
  getinfo: "ok" | { hugeBytes: number } | { status: number };
  /** POST /v1/invoices, /createinvoice: the banner with this status. */
  invoiceStatus: number;
  /** The LND invoice stream: endless bytes with no newline. */
  stream: "endless";
};

export async function startRogueNode(network = "regtest") {
  const behaviour: RogueBehaviour = { getinfo: "ok", invoiceStatus: 400, stream: "endless" };
  const sockets = new Set<Socket>();
  const stats = { subscriptions: [] as number[], streamedBytes: 0, hugeBytesWritten: 0 };
  const chunk = Buffer.alloc(64 * 1024, "x");

  /** Writes `total` bytes (or forever), waiting for drain, until the client goes away. */
  const pour = (res: ServerResponse, total: number, count: (n: number) => void) => {
    let left = total;
    const more = () => {
      while (left > 0 && !res.destroyed) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        count(part.length);
        if (left <= 0) {
          res.end(part);
          return;
        }
        if (!res.write(part)) {
          res.once("drain", more);
          return;
        }
      }
    };
    more();
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/v1/getinfo" || path === "/getinfo") {
      const g = behaviour.getinfo;
      if (g === "ok" || "hugeBytes" in g) {
        const answer = JSON.stringify({
          identity_pubkey: `02${"ab".repeat(32)}`,
          nodeId: `02${"ab".repeat(32)}`,
          chains: [{ chain: "bitcoin", network }],
          chain: network,
          pad: "",
        });
        if (g === "ok") {
          res.writeHead(200, { "content-type": "application/json" });
          return res.end(answer);
        }
        // Valid JSON of the asked size, streamed without a Content-Length (chunked).
        const head = answer.slice(0, -2);
        res.writeHead(200, { "content-type": "application/json" });
        res.write(head);
        return pour(res, g.hugeBytes - head.length - 2, (n) => {
          stats.hugeBytesWritten += n;
        });
      }
      res.writeHead(g.status, { "content-type": "text/plain" });
      return res.end(BANNER);
    }
    if (path === "/v1/invoices" || path === "/createinvoice") {
      res.writeHead(behaviour.invoiceStatus, { "content-type": "text/plain" });
      return res.end(BANNER);
    }
    if (path === "/v1/invoices/subscribe") {
      stats.subscriptions.push(Date.now());
      res.writeHead(200, { "content-type": "application/json" });
      return pour(res, Number.POSITIVE_INFINITY, (n) => {
        stats.streamedBytes += n;
      });
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end(BANNER);
  };

  const server = createServer(handle);
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    behaviour,
    stats,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
export type RogueNode = Awaited<ReturnType<typeof startRogueNode>>;
