// A loopback HTTP server for the bitcoin modules' tests: it stands in for Esplora and the price
// APIs, records the paths it was asked for, and can be told to hang to exercise timeouts.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeReply = { status?: number; body: unknown; contentType?: string } | "hang";
export type FakeRoute = (path: string) => FakeReply | undefined;

export type FakeServer = { url: string; hits: string[]; close(): Promise<void> };

export async function startFakeServer(route: FakeRoute): Promise<FakeServer> {
  const hits: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "/";
    hits.push(path);
    const reply = route(path);
    if (reply === "hang") return;
    if (reply === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
    const type =
      reply.contentType ?? (typeof reply.body === "string" ? "text/plain" : "application/json");
    res.writeHead(reply.status ?? 200, { "content-type": type }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens: a port just released by a server we closed. */
export async function deadUrl(): Promise<string> {
  const s = await startFakeServer(() => undefined);
  await s.close();
  return s.url;
}
