import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MAX_NESTING } from "../../src/domain/input-errors.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// A red team sent JSON nested 10,000 levels deep: every JSON POST, with a token or without,
// answered 500 (the walk for unstorable text overflowed the stack), and /mcp answered JSON-RPC
// -32603 with "Maximum call stack size exceeded". Input that deep is the caller's mistake: 400
// with a message that says so, and never an internal message. Runs on PGlite and PostgreSQL.

let svc: TestService;
let account: { accountId: string; test: string; live: string };

before(async () => {
  svc = await startTestService({ env: { TOSTAO_WORKERS: "false" } });
  account = await svc.newAccount();
});
after(() => svc.close());

const DEPTH = 10_000;
const deepArray = "[".repeat(DEPTH) + "]".repeat(DEPTH);
const deepObject = `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`;

function post(url: string, payload: string, token?: string, extra: Record<string, string> = {}) {
  return svc.app.inject({
    method: "POST",
    url,
    payload,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extra,
    },
  });
}

describe("deeply nested input", () => {
  test("is a 400 that says so on routes without a token (MCP bridge, public Bitcoin checkout)", async () => {
    for (const [url, payload] of [
      ["/api/integrations/mcp/call", `{"tool":"get_crypto_quote","arguments":{"x":${deepArray}}}`],
      ["/api/integrations/mcp/call", deepObject],
      ["/api/crypto/charge/create", `{"product_id":${deepArray}}`],
      ["/api/crypto/charge/create", deepArray],
    ] as const) {
      const res = await post(url, payload);
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.deepEqual(res.json(), {
        success: false,
        error: `body: nested deeper than ${MAX_NESTING} levels`,
      });
    }
  });

  test("is a 400 on routes with a token, an Idempotency-Key changing nothing", async () => {
    for (const [url, payload] of [
      ["/api/pix/charge/create", `{"value":10,"title":${deepObject}}`],
      ["/api/pix/charge/create", deepArray],
      ["/api/webhooks/create", `{"url":"https://hooks.example/x","events":${deepArray}}`],
      ["/api/auth/token/create", `{"label":${deepObject}}`],
      ["/api/crypto/wallet", `{"key":${deepArray}}`],
    ] as const) {
      for (const token of [account.test, account.live]) {
        const res = await post(url, payload, token, { "idempotency-key": `deep-${url}` });
        assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
        assert.equal(res.json().error, `body: nested deeper than ${MAX_NESTING} levels`);
      }
    }
    const charges = await svc.call("GET", "/api/pix/charges", { token: account.test });
    assert.deepEqual(charges.json().data.charges, [], "nothing was created");
  });

  test("nesting up to the bound is judged by the schema as usual; one level more is refused", async () => {
    // The bridge's `arguments` is the one field that takes any JSON; the tool then refuses the
    // unknown field, which shows the walk let it through.
    const nest = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    // body {...} and arguments {...} are two levels, so x may hold MAX_NESTING - 2.
    const atBound = `{"tool":"get_crypto_quote","arguments":{"x":${nest(MAX_NESTING - 2)}}}`;
    const ok = await post("/api/integrations/mcp/call", atBound);
    assert.equal(ok.statusCode, 400);
    assert.equal(ok.json().error, "x: unknown field");
    const over = `{"tool":"get_crypto_quote","arguments":{"x":${nest(MAX_NESTING - 1)}}}`;
    const refused = await post("/api/integrations/mcp/call", over);
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().error, `body: nested deeper than ${MAX_NESTING} levels`);
  });

  test("deep MCP tool arguments over /mcp are a tool error saying so, never an internal message", async () => {
    const rpc = (params: string) =>
      post(
        "/mcp",
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${params}}`,
        account.test,
        { accept: "application/json, text/event-stream" },
      );
    for (const args of [deepObject, `{"x":${deepArray}}`]) {
      const res = await rpc(`{"name":"create_pix_charge","arguments":${args}}`);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.error, undefined, `no JSON-RPC error: ${res.body.slice(0, 200)}`);
      assert.equal(body.result.isError, true);
      assert.deepEqual(body.result.content, [
        { type: "text", text: `arguments: nested deeper than ${MAX_NESTING} levels` },
      ]);
    }
    // The rest of a deep JSON-RPC message is the SDK's to judge: never a 5xx, never "stack".
    for (const payload of [
      deepArray,
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":${deepObject}}}`,
      `{"jsonrpc":"2.0","id":${deepArray},"method":"tools/list"}`,
    ]) {
      const res = await post("/mcp", payload, account.test, {
        accept: "application/json, text/event-stream",
      });
      assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body.slice(0, 200)}`);
      assert.doesNotMatch(res.body, /stack|internal/i);
    }
  });

  test("a query string cannot nest: bracketed keys are plain unknown fields (400)", async () => {
    const key = `a${"[".repeat(5_000)}]`;
    const res = await svc.call("GET", `/api/pix/charges?${key}=1`, { token: account.test });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().error ?? "", /unknown field$/);
  });
});
