import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { rawExchange, slowRequest } from "../helpers/raw-http.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// A client cannot hold the server with requests it never finishes: a request must arrive in
// full within the request timeout, and one token has at most a few requests open at once.

const REQUEST_TIMEOUT_MS = 3_000;
const OPEN_PER_TOKEN = 3;
let svc: TestService;
let port: number;

before(async () => {
  svc = await startTestService({
    env: {
      TOSTAO_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      TOSTAO_HEADERS_TIMEOUT_MS: "2000",
      TOSTAO_OPEN_REQUESTS_PER_TOKEN: String(OPEN_PER_TOKEN),
    },
  });
  const address = await svc.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
});
after(() => svc.close());

const slowCreate = (token: string) =>
  slowRequest(
    port,
    "POST /api/pix/charge/create HTTP/1.1\r\nHost: t\r\n" +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      "Content-Length: 100\r\n\r\n",
    '{"value": 1',
  );

const listTokens = (token: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/tokens`, {
    headers: { authorization: `Bearer ${token}` },
  });

describe("slow clients", () => {
  test("a body sent in part is cut off after the request timeout, with a 408 envelope", {
    timeout: 20_000,
  }, async () => {
    const a = await svc.newAccount();
    const slow = slowCreate(a.test);
    const res = await slow.ended;
    assert.equal(res.status, 408);
    assert.deepEqual(JSON.parse(res.body), {
      success: false,
      error: `request: not received in time (headers within 2000 ms, the whole request within ${REQUEST_TIMEOUT_MS} ms)`,
    });
    assert.match(res.headers["x-request-id"] ?? "", /^[0-9a-f-]{36}$/);
    assert.ok(res.ms >= REQUEST_TIMEOUT_MS - 100, `cut at ${Math.round(res.ms)} ms, not before`);
    assert.ok(
      res.ms < REQUEST_TIMEOUT_MS + 3_000,
      `cut at ${Math.round(res.ms)} ms, not much after`,
    );
  });

  test("one token holds at most its open requests; the next is 429 with Retry-After", {
    timeout: 20_000,
  }, async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    // The token's lookup is cached first, so the slow requests authenticate at once; and they
    // are given a moment to take their slots before the first listing. Without both, on
    // PostgreSQL a listing could take a slot while the slow requests were still being
    // authenticated (a database round trip), and the last slow request was the one refused:
    // the cap held, but with only two slow requests in, every listing after was a 200.
    assert.equal((await listTokens(a.test)).status, 200);
    const slow = Array.from({ length: OPEN_PER_TOKEN }, () => slowCreate(a.test));
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      // The slow requests took their slots as soon as their headers were read; ask until the
      // token is refused (well before the slow ones time out).
      let refused: Response | undefined;
      const deadline = performance.now() + REQUEST_TIMEOUT_MS - 500;
      while (!refused && performance.now() < deadline) {
        const r = await listTokens(a.test);
        if (r.status === 429) refused = r;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.ok(refused, "the request past the cap was refused");
      assert.equal(refused.headers.get("retry-after"), "1");
      const body = (await refused.json()) as { success: boolean; error: string };
      assert.equal(body.success, false);
      assert.match(body.error, /at most 3 requests open at once per token/);
      assert.equal((await listTokens(b.test)).status, 200, "another token is not affected");
    } finally {
      for (const s of slow) s.destroy();
    }
    await Promise.all(slow.map((s) => s.ended));
    // A closed connection gives its slot back.
    const deadline = performance.now() + 5_000;
    let status = 0;
    while (status !== 200 && performance.now() < deadline) {
      status = (await listTokens(a.test)).status;
    }
    assert.equal(status, 200, "slots are released when their connections close");
  });

  test("a connection that stops mid-headers is closed after the headers timeout", {
    timeout: 20_000,
  }, async () => {
    const res = await rawExchange(port, "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: 1", {
      waitMs: 5_000,
    });
    assert.equal(res.status, 408);
    assert.ok(res.closed);
    assert.equal(JSON.parse(res.body).success, false);
  });
});
