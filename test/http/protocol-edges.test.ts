import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { rawExchange } from "../helpers/raw-http.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Requests at the edge of HTTP still answer the envelope and close cleanly: a path the router
// cannot decode, HTTP/1.1 without Host, an HTTP/0.9 request line. Over a raw socket, since an
// HTTP client would not send these bytes.

let svc: TestService;
let port: number;
before(async () => {
  svc = await startTestService({ env: { TOSTAO_HEADERS_TIMEOUT_MS: "1000" } });
  const address = await svc.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
});
after(() => svc.close());

const envelope = (body: string) => JSON.parse(body) as { success: boolean; error: string };

describe("protocol edges", () => {
  test("a path with bad percent-encoding answers the JSON envelope, not Fastify's own error body", async () => {
    for (const path of ["/api/pix/%ZZ", "/api/pix/charge/status%E0%A4%A", "/dashboard/%ZZ"]) {
      const res = await rawExchange(
        port,
        `GET ${path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`,
      );
      assert.equal(res.status, 400, `${path}: ${res.body}`);
      assert.match(res.headers["content-type"] ?? "", /^application\/json/);
      assert.ok(res.headers["x-request-id"], "a request id");
      assert.deepEqual(envelope(res.body), {
        success: false,
        error: "path: not valid percent-encoding (a % must be followed by two hex digits)",
      });
    }
  });

  test("HTTP/1.1 without Host answers 400 with the envelope and closes; HTTP/1.0 without Host is served", async () => {
    const res = await rawExchange(port, "GET /healthz HTTP/1.1\r\n\r\n");
    assert.equal(res.status, 400, res.body);
    assert.equal(envelope(res.body).error, "host: header required in HTTP/1.1");
    assert.equal(res.headers.connection, "close");
    assert.ok(res.closed, "the connection is closed");
    const old = await rawExchange(port, "GET /healthz HTTP/1.0\r\n\r\n");
    assert.equal(old.status, 200, old.body);
  });

  test("an HTTP/0.9 request line is answered with the envelope and closed, never left open", async () => {
    const res = await rawExchange(port, "GET /healthz\r\n\r\n");
    assert.equal(res.status, 400, res.body);
    assert.equal(envelope(res.body).error, "request: HTTP/0.9 is not supported; send HTTP/1.1");
    assert.ok(res.closed);
    // A bare line (what an HTTP/0.9 client sends) waits for the headers timeout, then is told
    // and closed.
    const bare = await rawExchange(port, "GET /healthz\r\n", { waitMs: 4_000 });
    assert.equal(bare.status, 408, bare.body);
    assert.match(envelope(bare.body).error, /^request: not received in time/);
    assert.ok(bare.closed);
    assert.ok(bare.ms < 3_500, `closed after ${bare.ms} ms`);
  });
});
