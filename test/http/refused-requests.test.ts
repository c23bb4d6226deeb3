import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { rawExchange } from "../helpers/raw-http.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Requests Node's HTTP parser refuses before the app still answer the envelope, with a request
// id, and close the connection; bodies that are not UTF-8 are refused instead of stored with
// U+FFFD. Over a raw socket: an HTTP client would not send these bytes.

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

describe("request bodies", () => {
  const post = (token: string, payload: string | Buffer) =>
    svc.app.inject({
      method: "POST",
      url: "/api/pix/charge/create",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload,
    });

  test("a body that is not valid UTF-8 is 400 and nothing is stored", async () => {
    const a = await svc.newAccount();
    const bad = Buffer.concat([
      Buffer.from('{"value": 10, "title": "caf'),
      Buffer.from([0xe9]), // Latin-1 é, not UTF-8
      Buffer.from('"}'),
    ]);
    const res = await post(a.test, bad);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { success: false, error: "body: is not valid UTF-8" });
    const list = await svc.call("GET", "/api/pix/charges", { token: a.test });
    assert.deepEqual(list.json().data.charges, []);
  });

  test("valid UTF-8 is kept exactly, and the empty and malformed errors are unchanged", async () => {
    const a = await svc.newAccount();
    const ok = await post(a.test, Buffer.from('{"value": 10, "title": "café ☕"}', "utf8"));
    assert.equal(ok.statusCode, 200, ok.body);
    const id = ok.json().data.chargeId;
    const st = await svc.call("GET", `/api/pix/charge/status?charge_id=${id}`, { token: a.test });
    assert.equal(st.json().data.title, "café ☕");
    assert.deepEqual((await post(a.test, "")).json(), {
      success: false,
      error: "body: is empty; send a JSON object",
    });
    assert.deepEqual((await post(a.test, '{"value": ')).json(), {
      success: false,
      error: "body: malformed JSON",
    });
    const big = await post(a.test, `{"title": "${"x".repeat(1_100_000)}"}`);
    assert.equal(big.statusCode, 413);
    const poisoned = await post(a.test, '{"value": 10, "__proto__": {"x": 1}}');
    assert.equal(poisoned.statusCode, 400);
  });
});
