import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestService, type TestService } from "../helpers/service.ts";

let svc: TestService;
let token: string;
before(async () => {
  svc = await startTestService({ env: { TOSTAO_BODY_LIMIT_BYTES: "2048" } });
  token = (await svc.newAccount()).test;
});
after(() => svc.close());

const post = (payload: string | undefined, headers: Record<string, string>) =>
  svc.app.inject({
    method: "POST",
    url: "/api/auth/token/create",
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

function assertError(res: { statusCode: number; body: string }, status: number, pattern: RegExp) {
  assert.equal(res.statusCode, status, res.body);
  const body = JSON.parse(res.body);
  assert.deepEqual(Object.keys(body).sort(), ["error", "success"]);
  assert.equal(body.success, false);
  assert.match(body.error, pattern);
}

describe("envelope and errors", () => {
  test("an unknown route is a 404 envelope naming the route", async () => {
    const res = await svc.call("GET", "/api/nope?x=1");
    assertError(res, 404, /route not found: GET \/api\/nope$/);
  });

  test("malformed JSON is 400", async () => {
    assertError(
      await post("{bad json", { "content-type": "application/json" }),
      400,
      /^body: malformed JSON/,
    );
  });

  test("an empty JSON body is 400", async () => {
    assertError(await post("", { "content-type": "application/json" }), 400, /^body: /);
  });

  test("a missing body is 400 naming the body", async () => {
    assertError(await post(undefined, {}), 400, /^body: is required/);
  });

  test("a non-JSON content type is 415", async () => {
    assertError(await post("label=x", { "content-type": "text/plain" }), 415, /content-type/);
    assertError(
      await post("label=x", { "content-type": "application/x-www-form-urlencoded" }),
      415,
      /content-type/,
    );
  });

  test("an oversized body is 413", async () => {
    const big = JSON.stringify({ label: "x".repeat(5000) });
    assertError(
      await post(big, { "content-type": "application/json" }),
      413,
      /larger than 2048 bytes/,
    );
  });

  test("a missing required field is 400 and names it", async () => {
    assertError(
      await svc.call("POST", "/api/auth/token/create", { token, body: {} }),
      400,
      /^label: is required$/,
    );
  });

  test("a wrong JSON type is 400 and names the field", async () => {
    const res = await svc.call("POST", "/api/auth/token/create", { token, body: { label: 5 } });
    assertError(res, 400, /^label: must be a string$/);
  });

  test("an unknown field is 400 and names it", async () => {
    const res = await svc.call("POST", "/api/auth/token/create", {
      token,
      body: { label: "x", colour: "red" },
    });
    assertError(res, 400, /^colour: unknown field$/);
  });

  test("a well-formed but invalid value is 422 and names the field", async () => {
    assertError(
      await svc.call("POST", "/api/auth/token/create", {
        token,
        body: { label: "x", mode: "prod" },
      }),
      422,
      /^mode: must be one of "test", "live"$/,
    );
    assertError(
      await svc.call("POST", "/api/auth/token/create", { token, body: { label: "   " } }),
      422,
      /^label: must not be empty$/,
    );
  });

  test("a JSON array or scalar body is 400", async () => {
    assertError(
      await post("[1,2]", { "content-type": "application/json" }),
      400,
      /^body: must be a JSON object/,
    );
    assertError(
      await post("42", { "content-type": "application/json" }),
      400,
      /^body: must be a JSON object/,
    );
  });

  test("every response carries X-Request-Id, and a sane caller id is echoed", async () => {
    const a = await svc.call("GET", "/api/auth/tokens", { token });
    assert.match(String(a.headers["x-request-id"]), /^[0-9a-f-]{36}$/);
    const b = await svc.call("GET", "/api/nope", { headers: { "x-request-id": "abc-123" } });
    assert.equal(b.headers["x-request-id"], "abc-123");
    const c = await post("{", { "content-type": "application/json", "x-request-id": "<script>" });
    assert.match(String(c.headers["x-request-id"]), /^[0-9a-f-]{36}$/);
  });

  test("a prototype-poisoning body is refused with 400, not a crash", async () => {
    const res = await post('{"label":"x","__proto__":{"admin":true}}', {
      "content-type": "application/json",
    });
    assert.equal(res.statusCode, 400);
    assert.equal(JSON.parse(res.body).success, false);
  });

  test("health and readiness answer without a token", async () => {
    assert.equal((await svc.call("GET", "/healthz")).json().data.status, "ok");
    const ready = (await svc.call("GET", "/readyz")).json();
    assert.equal(ready.data.status, "ready");
  });
});
