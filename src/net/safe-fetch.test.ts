import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { after, describe, test } from "node:test";
import { makeSelfSignedCert } from "../../test/helpers/tls.ts";
import { makeSafeSender, type SafeSenderOptions, type SendResult } from "./safe-fetch.ts";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const LOCAL = ["127.0.0.1", "localhost"];

async function listen(server: Server, handler: Handler) {
  const seen: Seen[] = [];
  let connections = 0;
  server.on("connection", () => {
    connections++;
  });
  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = [];
    for await (const chunk of req) parts.push(chunk as Buffer);
    const body = Buffer.concat(parts).toString("utf8");
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return { port, seen, connections: () => connections };
}

const httpServer = (handler: Handler) => listen(createServer(), handler);
const ok: Handler = (_req, res) => res.end("ok");

function sender(opts: Partial<SafeSenderOptions> = {}) {
  const s = makeSafeSender({ allowHosts: LOCAL, timeoutMs: 2000, ...opts });
  after(() => s.close());
  return s;
}

const post = { headers: { "x-test": "1" }, body: '{"id":"evt_1"}' };
const at = (port: number, path = "/") => ({ url: `http://127.0.0.1:${port}${path}`, ...post });

// Narrowing helpers that print the whole result when the kind is not the expected one.
function response(r: SendResult) {
  if (r.kind !== "response") assert.fail(`expected a response, got ${JSON.stringify(r)}`);
  return r;
}
function failure(r: SendResult) {
  if (r.kind !== "error") assert.fail(`expected an error, got ${JSON.stringify(r)}`);
  return r;
}

describe("safe sender: delivery", () => {
  test("an allow-listed local http receiver gets the POST body and headers intact", async () => {
    const srv = await httpServer(ok);
    const body = JSON.stringify({ id: "evt_1", data: { name: "João Ç 💸", value: 10.5 } });
    const headers = { "X-Service-Signature": "sha256=abc", "webhook-id": "evt_1" };
    const res = await sender().send({ url: at(srv.port, "/hook?a=1").url, headers, body });
    assert.equal(response(res).status, 200);
    const got = srv.seen[0];
    assert.deepEqual([got?.method, got?.url, got?.body], ["POST", "/hook?a=1", body]);
    assert.equal(got?.headers["x-service-signature"], "sha256=abc");
    assert.equal(got?.headers["webhook-id"], "evt_1");
    assert.equal(got?.headers["content-type"], "application/json");
  });

  test("consecutive deliveries share pooled keep-alive connections, not one per delivery", async () => {
    const srv = await httpServer(ok);
    const s = sender();
    for (let i = 0; i < 20; i++) response(await s.send(at(srv.port)));
    assert.equal(srv.seen.length, 20);
    // undici may open a second socket while the first is still settling after its first reply.
    assert.ok(srv.connections() <= 2, `${srv.connections()} connections`);
  });

  test("a 302 redirect is returned as a non-2xx result and never followed", async () => {
    const target = await httpServer(ok);
    const srv = await httpServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${target.port}/internal` }).end();
    });
    const res = response(await sender().send(at(srv.port)));
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, `http://127.0.0.1:${target.port}/internal`);
    assert.equal(target.seen.length, 0);
  });

  test("Retry-After of a 429 or 503 answer is captured", async () => {
    const srv = await httpServer((_req, res) => res.writeHead(429, { "retry-after": "120" }).end());
    const res = response(await sender().send(at(srv.port)));
    assert.deepEqual([res.status, res.headers["retry-after"]], [429, "120"]);
  });

  test("the response snippet is truncated to the first 1024 bytes, large bodies cut off", async () => {
    const big = "abcdefghij".repeat(200_000); // 2 MB: must not be downloaded
    const srv = await httpServer((_req, res) => res.end(big));
    const s = sender();
    assert.equal(response(await s.send(at(srv.port))).bodySnippet, big.slice(0, 1024));
    // The sender stays usable after cutting a body short.
    assert.equal(response(await s.send(at(srv.port))).bodySnippet.length, 1024);
  });
});

describe("safe sender: failures never throw", () => {
  test("a hanging receiver yields a timeout error within the total budget", async () => {
    const srv = await listen(createServer(), () => {}); // never answers
    const res = failure(await sender({ timeoutMs: 200 }).send(at(srv.port)));
    assert.deepEqual([res.error, res.blocked], ["timeout after 200 ms", false]);
    assert.ok(res.latencyMs >= 190 && res.latencyMs < 1500, `latency ${res.latencyMs}`);
  });

  test("the timeout covers the body too: headers then a stalled body is a timeout", async () => {
    const srv = await httpServer((_req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("partial");
    });
    const res = failure(await sender({ timeoutMs: 200 }).send(at(srv.port)));
    assert.equal(res.error, "timeout after 200 ms");
  });

  test("a closed port yields 'connection refused'", async () => {
    const tmp = createServer();
    await new Promise<void>((r) => tmp.listen(0, "127.0.0.1", r));
    const { port } = tmp.address() as AddressInfo;
    await new Promise<void>((r) => tmp.close(() => r()));
    const res = failure(await sender().send(at(port)));
    assert.deepEqual([res.error, res.blocked], ["connection refused", false]);
  });
});

describe("safe sender: SSRF refusals", () => {
  const cases = `https://127.0.0.1/hook https://10.0.0.1/hook https://169.254.169.254/latest/
    https://[::1]/hook https://[::ffff:127.0.0.1]/hook https://0x7f000001/hook
    http://example.com/hook https://user:pw@example.com/hook`.split(/\s+/);
  for (const url of cases) {
    test(`refuses ${url} without an allow list, before any connection`, async () => {
      const res = failure(await sender({ allowHosts: [] }).send({ url, ...post }));
      assert.equal(res.blocked, true);
      assert.match(res.error, /^blocked: /);
    });
  }

  test("refuses at connect time a name that resolves to a private address", async () => {
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return [{ address: "10.0.0.1", family: 4 }];
    };
    const s = sender({ allowHosts: [], lookup });
    const res = failure(await s.send({ url: "https://hooks.example/x", ...post }));
    assert.deepEqual(
      [res.error, res.blocked],
      ["blocked: host hooks.example does not resolve to a public address", true],
    );
    assert.equal(lookups, 1);
  });

  test("a name that does not resolve at delivery reads as one resolving privately (one answer)", async () => {
    const failing = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    for (const lookup of [failing, async () => []]) {
      const res = failure(
        await sender({ allowHosts: [], lookup }).send({ url: "https://hooks.example/x", ...post }),
      );
      assert.equal(res.error, "blocked: host hooks.example does not resolve to a public address");
    }
  });

  test("refuses a name when any one of its addresses is private", async () => {
    const lookup = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "::ffff:169.254.169.254", family: 6 },
    ];
    const s = sender({ allowHosts: [], lookup });
    assert.equal(failure(await s.send({ url: "https://hooks.example/", ...post })).blocked, true);
  });

  test("dials the vetted address: a name resolving to an allow-listed IP reaches it", async () => {
    const srv = await httpServer(ok);
    const lookup = async () => [{ address: "127.0.0.1", family: 4 }];
    const url = `http://hooks.example:${srv.port}/`;
    // Plain http is refused for a name that is not itself allow-listed...
    const refused = await sender({ allowHosts: ["127.0.0.1"], lookup }).send({ url, ...post });
    assert.equal(failure(refused).blocked, true);
    // ...so allow the name too, and check the Host header carries the name.
    const s = sender({ allowHosts: ["127.0.0.1", "hooks.example"], lookup });
    assert.equal(response(await s.send({ url, ...post })).status, 200);
    assert.equal(srv.seen[0]?.headers.host, `hooks.example:${srv.port}`);
  });
});

describe("safe sender: TLS", () => {
  const made = makeSelfSignedCert(["hooks.example"]);
  const tls = { key: made.key, cert: made.cert };
  const to = (host: string, port: number) => ({ url: `https://${host}:${port}/`, ...post });

  test("https with a trusted CA succeeds, by IP and by name (servername checked)", async () => {
    const srv = await listen(createHttpsServer(tls), ok);
    const s = sender({ ca: tls.cert, lookup: async () => [{ address: "127.0.0.1", family: 4 }] });
    assert.equal(response(await s.send(to("127.0.0.1", srv.port))).status, 200);
    assert.equal(response(await s.send(to("localhost", srv.port))).status, 200);
    assert.equal(srv.seen[1]?.body, post.body);
  });

  test("DNS rebinding: each new connection re-checks the addresses it dials", async () => {
    // The receiver closes every connection, so the second delivery must resolve again.
    const srv = await listen(createHttpsServer(tls), (_req, res) => {
      res.setHeader("connection", "close");
      res.end("ok");
    });
    const answers = ["127.0.0.1", "10.0.0.1"];
    const lookup = async () => [{ address: answers.shift() ?? "10.0.0.1", family: 4 }];
    const s = sender({ allowHosts: ["127.0.0.1"], ca: tls.cert, lookup });
    assert.equal(response(await s.send(to("hooks.example", srv.port))).status, 200);
    const second = failure(await s.send(to("hooks.example", srv.port)));
    assert.equal(second.error, "blocked: host hooks.example does not resolve to a public address");
    assert.equal(srv.seen.length, 1);
  });

  test("an untrusted self-signed certificate is rejected (not a blocked address)", async () => {
    const srv = await listen(createHttpsServer(tls), ok);
    const res = failure(await sender().send(to("127.0.0.1", srv.port)));
    assert.equal(res.blocked, false);
    assert.match(res.error, /^tls error: /);
    assert.equal(srv.seen.length, 0);
  });
});
