import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { TOOLS } from "../../src/mcp/registry.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Scopes on API keys: a "charges only" key creates and reads PIX and Bitcoin charges and is
// refused (403 naming the scope) everything else, the same through REST, the MCP bridge and
// /mcp, whose tools/list offers it only its tools, as does the stdio server's; it cannot mint
// a broader key; a key made without scopes (as every key made before them) still does everything.

const VPUB =
  "vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc";
const CHARGES = ["charges:read", "charges:write"];

let svc: TestService;
let url: string;
before(async () => {
  svc = await startTestService({
    env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_WORKERS: "false" },
  });
  url = await svc.app.listen({ port: 0, host: "127.0.0.1" });
});
after(() => svc.close());

async function keyWith(parent: string, scopes: string[]): Promise<string> {
  const res = await svc.call("POST", "/api/auth/token/create", {
    token: parent,
    body: { label: "restricted", scopes },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json().data.scopes, scopes);
  return res.json().data.token;
}

const BIN = fileURLToPath(new URL("../../bin/tostao-mcp.js", import.meta.url));

/** The stdio server as a client starts it (bin/tostao-mcp.js, a child process), connected. */
async function stdioClient(baseUrl: string, token?: string): Promise<Client> {
  const client = new Client({ name: "scopes-stdio-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN],
      env: {
        PATH: process.env.PATH ?? "",
        SVC_BASE_URL: baseUrl,
        ...(token ? { SVC_API_TOKEN: token } : {}),
      },
      stderr: "pipe",
    }),
  );
  return client;
}

/** The registry's tools a test key of these scopes may call (undefined: every scope). */
const toolsFor = (scopes?: string[]) =>
  TOOLS.filter((t) => !t.liveOnly && (!scopes || !t.scope || scopes.includes(t.scope)))
    .map((t) => t.name)
    .sort();

const bridge = (token: string, tool: string, args: Record<string, unknown>) =>
  svc.call("POST", "/api/integrations/mcp/call", { token, body: { tool, arguments: args } });

describe("scopes on API keys", () => {
  test("a charges-only key creates and reads PIX and Bitcoin charges, on REST and the bridge", async () => {
    const a = await svc.newAccount();
    await svc.call("POST", "/api/crypto/wallet", { token: a.test, body: { key: VPUB } });
    const key = await keyWith(a.test, CHARGES);
    const pix = await svc.call("POST", "/api/pix/charge/create", {
      token: key,
      body: { value: 10, title: "p" },
    });
    assert.equal(pix.statusCode, 200, pix.body);
    const id = pix.json().data.chargeId;
    const read = await svc.call("GET", `/api/pix/charge/status?charge_id=${id}`, { token: key });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal((await svc.call("GET", "/api/pix/charges", { token: key })).statusCode, 200);
    const btc = await svc.call("POST", "/api/crypto/charge/create", {
      token: key,
      body: { value: 10 },
    });
    assert.equal(btc.statusCode, 200, btc.body);
    const btcId = btc.json().data.chargeId;
    const btcRead = await svc.call("GET", `/api/crypto/charge/status?charge_id=${btcId}`, {
      token: key,
    });
    assert.equal(btcRead.statusCode, 200, btcRead.body);
    assert.equal((await svc.call("GET", "/api/crypto/charges", { token: key })).statusCode, 200);
    const viaTool = await bridge(key, "create_pix_charge", { value: 5, title: "t" });
    assert.equal(viaTool.statusCode, 200, viaTool.body);
    const st = await bridge(key, "get_crypto_charge_status", { charge_id: btcId });
    assert.equal(st.statusCode, 200, st.body);
  });

  test("outside its scopes it is 403 naming the scope, on REST and the bridge", async () => {
    const a = await svc.newAccount();
    const testKey = await keyWith(a.test, CHARGES);
    const liveKey = await keyWith(a.live, CHARGES);
    const rest: Array<["GET" | "POST", string, string, unknown, string]> = [
      ["POST", "/api/auth/token/create", testKey, { label: "x" }, "tokens:write"],
      [
        "POST",
        "/api/webhooks/create",
        testKey,
        { url: "http://127.0.0.1:9/h", events: ["*"] },
        "webhooks:write",
      ],
      ["POST", "/api/crypto/wallet", testKey, { key: VPUB }, "wallet:write"],
      ["POST", "/api/pix/provider", liveKey, {}, "provider:write"],
      ["GET", "/api/webhooks", testKey, undefined, "webhooks:read"],
      ["GET", "/api/auth/tokens", testKey, undefined, "tokens:read"],
      ["GET", "/api/notifications", testKey, undefined, "notifications:read"],
      ["POST", "/api/notifications/resend", testKey, { charge_id: "pix_x" }, "notifications:write"],
    ];
    for (const [method, path, token, body, scope] of rest) {
      const res = await svc.call(method, path, { token, ...(body ? { body } : {}) });
      assert.equal(res.statusCode, 403, `${method} ${path}: ${res.body}`);
      assert.match(res.json().error, new RegExp(`^scope: this API key lacks the ${scope} scope`));
    }
    const tools: Array<[string, Record<string, unknown>, string]> = [
      ["create_webhook", { url: "http://127.0.0.1:9/h", events: ["*"] }, "webhooks:write"],
      ["list_api_tokens", {}, "tokens:read"],
      ["list_webhooks", {}, "webhooks:read"],
      ["get_notification_settings", {}, "notifications:read"],
    ];
    for (const [tool, args, scope] of tools) {
      const res = await bridge(testKey, tool, args);
      assert.equal(res.statusCode, 403, `${tool}: ${res.body}`);
      assert.match(res.json().error, new RegExp(`lacks the ${scope} scope`));
    }
  });

  test("over /mcp the official client lists only the key's tools, and a call outside is refused", async () => {
    const a = await svc.newAccount();
    const key = await keyWith(a.test, CHARGES);
    const client = new Client({ name: "scopes-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      assert.ok(names.includes("create_pix_charge") && names.includes("create_crypto_charge"));
      for (const hidden of ["create_webhook", "list_webhooks", "list_api_tokens", "test_webhook"]) {
        assert.ok(!names.includes(hidden), `${hidden} is not offered`);
      }
      const made = (await client.callTool({
        name: "create_pix_charge",
        arguments: { value: 3, title: "m" },
      })) as { isError?: boolean; content: Array<{ text: string }> };
      assert.ok(!made.isError, made.content[0]?.text);
      const refused = (await client.callTool({
        name: "create_webhook",
        arguments: { url: "http://127.0.0.1:9/h", events: ["*"] },
      })) as { isError?: boolean; content: Array<{ text: string }> };
      assert.equal(refused.isError, true);
      assert.match(refused.content[0]?.text ?? "", /lacks the webhooks:write scope/);
    } finally {
      await client.close();
    }
  });

  test("the stdio server lists only the tools its key may call: a charges:read key gets no write tool, a full key every tool", async () => {
    const a = await svc.newAccount();
    const readOnly = await keyWith(a.test, ["charges:read"]);
    const client = await stdioClient(url, readOnly);
    try {
      const tools = (await client.listTools()).tools;
      const names = tools.map((t) => t.name).sort();
      assert.deepEqual(names, toolsFor(["charges:read"]));
      assert.ok(names.includes("list_pix_charges") && names.includes("get_pix_charge_status"));
      for (const t of tools) {
        assert.equal(t.annotations?.destructiveHint, false, `${t.name} is a write tool`);
      }
      for (const hidden of ["create_pix_charge", "create_crypto_charge", "create_webhook"]) {
        assert.ok(!names.includes(hidden), `${hidden} is not offered`);
      }
    } finally {
      await client.close();
    }
    const full = await stdioClient(url, a.test);
    try {
      const names = (await full.listTools()).tools.map((t) => t.name).sort();
      assert.deepEqual(names, toolsFor(), "a key without scopes is offered every tool");
      assert.ok(names.includes("create_pix_charge"));
    } finally {
      await full.close();
    }
  });

  test("GET /api/integrations/mcp/tools: a key's tools, the tokenless ones without a key, 401 for a bad key", async () => {
    const a = await svc.newAccount();
    const key = await keyWith(a.test, CHARGES);
    const mine = await svc.call("GET", "/api/integrations/mcp/tools", { token: key });
    assert.equal(mine.statusCode, 200, mine.body);
    assert.deepEqual(mine.json().data.tools.sort(), toolsFor(CHARGES));
    const anon = await svc.call("GET", "/api/integrations/mcp/tools");
    assert.equal(anon.statusCode, 200, anon.body);
    assert.deepEqual(
      anon.json().data.tools.sort(),
      TOOLS.filter((t) => !t.auth)
        .map((t) => t.name)
        .sort(),
    );
    const bad = await svc.call("GET", "/api/integrations/mcp/tools", { token: "svc_test_nope" });
    assert.equal(bad.statusCode, 401, bad.body);
  });

  test("the stdio server's tools/list says so when the service cannot be reached or refuses its key; from a service before the route, every tool", async () => {
    // A port nothing listens on: the one this test's own listener had, now closed.
    const { createServer } = await import("node:net");
    const idle = createServer();
    await new Promise<void>((done) => idle.listen(0, "127.0.0.1", done));
    const port = (idle.address() as { port: number }).port;
    await new Promise((done) => idle.close(done));
    const down = await stdioClient(`http://127.0.0.1:${port}`, "svc_test_x");
    try {
      await assert.rejects(
        down.listTools(),
        /cannot reach the Tostão service at http:\/\/127\.0\.0\.1:\d+ \(connection refused: is it running\? `npm start` starts it\)/,
      );
    } finally {
      await down.close();
    }
    const refused = await stdioClient(url, "svc_test_nope");
    try {
      await assert.rejects(refused.listTools(), /did not list the tools: authorization: /);
    } finally {
      await refused.close();
    }
    // A service from before the route answers 404: every tool is listed, as it was then.
    const { createServer: httpServer } = await import("node:http");
    const older = httpServer((_req, res) => res.writeHead(404).end('{"success":false}'));
    await new Promise<void>((done) => older.listen(0, "127.0.0.1", done));
    const olderUrl = `http://127.0.0.1:${(older.address() as { port: number }).port}`;
    const old = await stdioClient(olderUrl, "svc_test_x");
    try {
      const names = (await old.listTools()).tools.map((t) => t.name).sort();
      // It cannot ask who the key is, so it lists the whole registry.
      assert.deepEqual(names, TOOLS.map((t) => t.name).sort());
    } finally {
      await old.close();
      older.close();
    }
  });

  test("a key cannot mint a broader key: not a scope it lacks, nor a higher mode", async () => {
    const a = await svc.newAccount();
    const minter = await keyWith(a.test, ["charges:read", "tokens:write"]);
    const broader = await svc.call("POST", "/api/auth/token/create", {
      token: minter,
      body: { label: "more", scopes: ["charges:read", "charges:write"] },
    });
    assert.equal(broader.statusCode, 403, broader.body);
    assert.match(broader.json().error, /cannot grant charges:write/);
    const live = await svc.call("POST", "/api/auth/token/create", {
      token: minter,
      body: { label: "live", mode: "live", scopes: ["charges:read"] },
    });
    assert.equal(live.statusCode, 403, live.body);
    // Without a list, the new key gets the minter's own scopes, never every scope.
    const same = await svc.call("POST", "/api/auth/token/create", {
      token: minter,
      body: { label: "same" },
    });
    assert.equal(same.statusCode, 200, same.body);
    assert.deepEqual(same.json().data.scopes, ["charges:read", "tokens:write"]);
    const narrower = await keyWith(minter, ["charges:read"]);
    assert.ok(narrower);
  });

  test("a key made without scopes (as before scopes existed) does everything", async () => {
    const a = await svc.newAccount();
    const list = await svc.call("GET", "/api/auth/tokens", { token: a.test });
    assert.equal(list.json().data.tokens[0].scopes, null);
    const hook = await svc.call("POST", "/api/webhooks/create", {
      token: a.test,
      body: { url: "http://127.0.0.1:9/h", events: ["*"] },
    });
    assert.equal(hook.statusCode, 200, hook.body);
    const wallet = await svc.call("POST", "/api/crypto/wallet", {
      token: a.test,
      body: { key: VPUB },
    });
    assert.equal(wallet.statusCode, 200, wallet.body);
    const minted = await svc.call("POST", "/api/auth/token/create", {
      token: a.test,
      body: { label: "full" },
    });
    assert.equal(minted.json().data.scopes, null);
  });

  test("the OpenAPI document shows each operation's scope", async () => {
    const doc = (await svc.call("GET", "/api/openapi.json")).json();
    const op = doc.paths["/api/webhooks/create"].post;
    assert.equal(op["x-scope"], "webhooks:write");
    assert.deepEqual(op.security, [{ bearer: ["webhooks:write"] }]);
    assert.equal(doc.paths["/api/pix/charge/create"].post["x-scope"], "charges:write");
    assert.equal(doc.paths["/api/crypto/quote"].get["x-scope"], undefined);
  });
});
