import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { rawExchange } from "../helpers/raw-http.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Requests Node's HTTP parser refuses before the app still answer the envelope, with a request
// id, and close the connection. Over a raw socket: an HTTP client would not send these bytes.

let svc: TestService;
let port: number;
const lines: string[] = [];
before(async () => {
  svc = await startTestService({
    env: { LOG_LEVEL: "info" },
    logStream: { write: (line) => void lines.push(line) },
  });
  const address = await svc.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
});
after(() => svc.close());

const CREATE =
  "POST /api/pix/charge/create HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n";

const cases: Array<[string, string, number, RegExp]> = [
  [
    "a control byte in a header value",
    "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Note: a\u0001b\r\n\r\n",
    400,
    /^headers: /,
  ],
  [
    "a Content-Length that is not a number",
    `${CREATE}Content-Length: ten\r\n\r\n{}`,
    400,
    /^content-length: /,
  ],
  [
    "two different Content-Length headers",
    `${CREATE}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{} `,
    400,
    /^content-length: /,
  ],
  [
    "a chunk size that is not hexadecimal",
    `${CREATE}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    400,
    /^body: a chunk size/,
  ],
  [
    "a URL over 16 KiB",
    `GET /api/pix/charge/status?charge_id=${"a".repeat(17_000)} HTTP/1.1\r\nHost: t\r\n\r\n`,
    431,
    /^headers: .*16 KiB/,
  ],
  [
    "headers over 16 KiB",
    `GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: ${"b".repeat(17_000)}\r\n\r\n`,
    431,
    /^headers: .*16 KiB/,
  ],
];

describe("requests refused before the app", () => {
  for (const [name, bytes, status, error] of cases) {
    test(`${name}: ${status} envelope with a request id, connection closed`, async () => {
      const before = lines.length;
      const res = await rawExchange(port, bytes);
      assert.equal(res.status, status, JSON.stringify(res));
      assert.equal(res.headers["content-type"], "application/json; charset=utf-8");
      assert.equal(res.headers.connection, "close");
      assert.match(res.headers["x-request-id"] ?? "", /^[0-9a-f-]{36}$/);
      const body = JSON.parse(res.body);
      assert.equal(body.success, false);
      assert.match(body.error, error);
      assert.ok(res.closed, "the server closed the connection");
      // One log line for it, with the same id, and none of the bytes sent.
      await new Promise((r) => setTimeout(r, 20));
      const logged = lines.slice(before).map((l) => JSON.parse(l));
      assert.equal(logged.length, 1, JSON.stringify(logged));
      assert.equal(logged[0].reqId, res.headers["x-request-id"]);
      assert.equal(logged[0].status, status);
    });
  }

  test("the server still answers normally afterwards", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.equal(res.status, 200);
  });
});
