import { createServer as createHttp, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttps } from "node:https";
import type { AddressInfo } from "node:net";
import { after, before } from "node:test";

export type Received = {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
  json: any;
};
export type Responder = (
  r: Received,
  n: number,
) => { status: number; headers?: Record<string, string>; delayMs?: number; body?: string };

/**
 * A local webhook receiver on 127.0.0.1 that records every request (path, raw body, headers,
 * time) and answers as the test says: 200 by default, or any status, delay or hang. A hung
 * request stays open until `release`; `peak` is the most requests ever open at once on a path.
 */
export async function startReceiver(
  opts: { tls?: { key: string; cert: string }; respond?: Responder } = {},
) {
  const received: Received[] = [];
  let respond: Responder = opts.respond ?? (() => ({ status: 200 }));
  const waiters: Array<() => void> = [];
  const hung: Array<{ path: string; res: ServerResponse }> = [];
  const open = new Map<string, number>();
  const peaks = new Map<string, number>();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const path = req.url ?? "/";
      const r: Received = { path, headers: req.headers, body, at: Date.now(), json };
      received.push(r);
      for (const w of waiters.splice(0)) w();
      const now = (open.get(path) ?? 0) + 1;
      open.set(path, now);
      peaks.set(path, Math.max(peaks.get(path) ?? 0, now));
      res.on("close", () => open.set(path, (open.get(path) ?? 1) - 1));
      const a = respond(r, received.length);
      const send = () => {
        res.writeHead(a.status, a.headers ?? {});
        res.end(a.body ?? "ok");
      };
      if (a.delayMs === Number.POSITIVE_INFINITY) {
        hung.push({ path, res });
        return;
      }
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  };
  const server = opts.tls ? createHttps(opts.tls, handler) : createHttp(handler);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `${opts.tls ? "https" : "http"}://${opts.tls ? "localhost" : "127.0.0.1"}:${port}/hook`,
    received,
    setResponder(fn: Responder) {
      respond = fn;
    },
    /** The most requests open at once on `path`. */
    peak: (path: string) => peaks.get(path) ?? 0,
    /** Answers 200 to the hung requests on `path`. */
    release(path: string) {
      for (const h of hung.splice(0)) {
        if (h.path !== path) hung.push(h);
        else {
          h.res.writeHead(200);
          h.res.end("ok");
        }
      }
    },
    /** Resolves once at least n requests have arrived (or rejects after timeoutMs). */
    async waitFor(n: number, timeoutMs = 10_000): Promise<Received[]> {
      const t0 = Date.now();
      while (received.length < n) {
        if (Date.now() - t0 > timeoutMs)
          throw new Error(`expected ${n} deliveries, got ${received.length}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A receiver for the calling file (or describe block): started before its first test, closed
 * after its last; read it as `.r` inside the tests.
 */
export function useReceiver(opts: Parameters<typeof startReceiver>[0] = {}) {
  const h = {} as { r: Receiver };
  before(async () => {
    h.r = await startReceiver(opts);
  });
  after(() => h.r.close());
  return h;
}
