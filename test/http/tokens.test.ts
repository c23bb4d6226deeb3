import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useFileService } from "../helpers/service.ts";

const svc = useFileService();

describe("API tokens", () => {
  test("the bootstrap sandbox token lists the account's tokens in the envelope", async () => {
    const token = svc.bootstrapToken;
    assert.ok(token?.startsWith("svc_test_"));
    if (!token) return;
    const res = await svc.call("GET", "/api/auth/tokens", { token });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.success, true);
    assert.equal(body.data.tokens.length, 1);
    assert.equal(body.data.tokens[0].mode, "test");
    assert.equal(body.data.tokens[0].prefix, token.slice(0, 12));
  });

  test("a created token is shown once and works at once; the list never shows a value", async () => {
    const { test: caller } = await svc.newAccount();
    const res = await svc.call("POST", "/api/auth/token/create", {
      token: caller,
      body: { label: "ci" },
    });
    assert.equal(res.statusCode, 200);
    const created = res.json().data;
    assert.match(created.token, /^svc_test_[0-9A-Za-z]{42}$/);
    assert.equal(created.mode, "test", "mode defaults to the caller's");
    assert.equal(created.label, "ci");

    const list = await svc.call("GET", "/api/auth/tokens", { token: created.token });
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(created.token), "list must not contain a token value");
    assert.ok(!list.body.includes(caller), "list must not contain a token value");
    const item = list.json().data.tokens.find((t: { id: string }) => t.id === created.id);
    assert.deepEqual(Object.keys(item).sort(), [
      "createdAt",
      "id",
      "label",
      "lastUsedAt",
      "mode",
      "prefix",
      "revokedAt",
      "scopes",
    ]);
  });

  test("a test token cannot create a live token (403); a live token creates both", async () => {
    const a = await svc.newAccount();
    const denied = await svc.call("POST", "/api/auth/token/create", {
      token: a.test,
      body: { label: "x", mode: "live" },
    });
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().success, false);
    assert.match(denied.json().error ?? "", /test token cannot create a live token/);

    for (const mode of ["live", "test"] as const) {
      const res = await svc.call("POST", "/api/auth/token/create", {
        token: a.live,
        body: { label: mode, mode },
      });
      assert.equal(res.statusCode, 200);
      assert.ok(res.json().data.token.startsWith(mode === "live" ? "svc_prod_" : "svc_test_"));
    }
  });

  test("a test token sees and revokes only test tokens; live ones are 404 to it", async () => {
    const a = await svc.newAccount();
    const listed = (await svc.call("GET", "/api/auth/tokens", { token: a.test })).json().data
      .tokens;
    assert.ok(listed.every((t: { mode: string }) => t.mode === "test"));
    const all = (await svc.call("GET", "/api/auth/tokens", { token: a.live })).json().data.tokens;
    const liveId = all.find((t: { mode: string }) => t.mode === "live").id;
    const res = await svc.call("POST", "/api/auth/token/revoke", {
      token: a.test,
      body: { id: liveId },
    });
    assert.equal(res.statusCode, 404);
    assert.equal((await svc.call("GET", "/api/auth/tokens", { token: a.live })).statusCode, 200);
  });

  test("a revoked token is refused with 401 at once on this instance", async () => {
    const a = await svc.newAccount();
    const extra = (
      await svc.call("POST", "/api/auth/token/create", { token: a.test, body: { label: "tmp" } })
    ).json().data;
    assert.equal(
      (await svc.call("GET", "/api/auth/tokens", { token: extra.token })).statusCode,
      200,
    );
    const revoked = await svc.call("POST", "/api/auth/token/revoke", {
      token: a.test,
      body: { id: extra.id },
    });
    assert.equal(revoked.statusCode, 200);
    assert.ok(revoked.json().data.revokedAt);
    const res = await svc.call("GET", "/api/auth/tokens", { token: extra.token });
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error ?? "", /revoked/);
  });

  test("another account's token id is 404 on revoke (existence never leaks)", async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    const bTokens = (await svc.call("GET", "/api/auth/tokens", { token: b.live })).json().data
      .tokens;
    const res = await svc.call("POST", "/api/auth/token/revoke", {
      token: a.live,
      body: { id: bTokens[0].id },
    });
    assert.equal(res.statusCode, 404);
    const still = (await svc.call("GET", "/api/auth/tokens", { token: b.live })).json().data.tokens;
    assert.ok(still.every((t: { revokedAt: string | null }) => t.revokedAt === null));
  });

  test("an account holds at most 100 active tokens; the 101st is 422", async () => {
    const a = await svc.newAccount(); // 2 active already
    for (let i = 0; i < 98; i++) {
      const r = await svc.call("POST", "/api/auth/token/create", {
        token: a.live,
        body: { label: `t${i}` },
      });
      assert.equal(r.statusCode, 200);
    }
    const over = await svc.call("POST", "/api/auth/token/create", {
      token: a.live,
      body: { label: "one too many" },
    });
    assert.equal(over.statusCode, 422);
    assert.match(over.json().error ?? "", /at most 100 active tokens/);
  });

  test("lastUsedAt is written in a batch, not per request", async () => {
    const a = await svc.newAccount();
    await svc.call("GET", "/api/auth/tokens", { token: a.test });
    const before = (await svc.call("GET", "/api/auth/tokens", { token: a.live })).json().data
      .tokens;
    assert.ok(before.every((t: { lastUsedAt: string | null }) => t.lastUsedAt === null));
    await svc.deps.authenticator.flush();
    const afterFlush = (await svc.call("GET", "/api/auth/tokens", { token: a.live })).json().data
      .tokens;
    assert.ok(afterFlush.every((t: { lastUsedAt: string | null }) => t.lastUsedAt !== null));
  });

  test("the database holds token hashes only, never a token value", async () => {
    const a = await svc.newAccount();
    const rows = await svc.deps.db.query("SELECT * FROM api_tokens");
    const dump = JSON.stringify(rows);
    for (const token of [a.test, a.live, svc.bootstrapToken ?? ""]) {
      assert.ok(!dump.includes(token));
      assert.ok(!dump.includes(token.slice(9)), "not even the random part");
    }
  });
});
