import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { TOOLS } from "../../src/mcp/registry.ts";
import { publicRoutes } from "../../src/route-table.ts";
import { postToolsList } from "../helpers/mcp-http.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

const BIN = fileURLToPath(new URL("../../bin/tostao-mcp.js", import.meta.url));
let svc: TestService;
let url: string;
let account: { accountId: string; test: string; live: string };

before(async () => {
  svc = await startTestService({
    env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_WORKERS: "false" },
  });
  url = await svc.app.listen({ port: 0, host: "127.0.0.1" });
  account = await svc.newAccount();
});
after(() => svc.close());

type ToolResult = {
  isError?: boolean;
  structuredContent?: any;
  content: Array<{ type: string; text: string }>;
};

async function sandboxFlow(client: Client) {
  const listed = await client.listTools();
  // A test key is offered every tool but the live-only ones (the PSP's statement).
  assert.deepEqual(
    listed.tools.map((t) => t.name).sort(),
    TOOLS.filter((t) => !t.liveOnly)
      .map((t) => t.name)
      .sort(),
  );
  const create = listed.tools.find((t) => t.name === "create_pix_charge");
  assert.ok(
    create?.inputSchema.properties && "value" in create.inputSchema.properties,
    "input schemas are listed",
  );
  assert.equal(create?.annotations?.destructiveHint, true);
  const made = (await client.callTool({
    name: "create_pix_charge",
    arguments: { value: 10.5, title: "Camiseta" },
  })) as ToolResult;
  assert.ok(!made.isError, made.content[0]?.text);
  const chargeId = made.structuredContent.chargeId as string;
  assert.match(chargeId, /^pix_/);
  assert.match(made.structuredContent.brCode, /^000201/);
  const paid = (await client.callTool({
    name: "simulate_pay",
    arguments: { charge_id: chargeId },
  })) as ToolResult;
  assert.ok(!paid.isError, paid.content[0]?.text);
  const st = (await client.callTool({
    name: "get_pix_charge_status",
    arguments: { charge_id: chargeId },
  })) as ToolResult;
  assert.equal(st.structuredContent.statusCode, "approved");
  const bad = (await client.callTool({
    name: "create_pix_charge",
    arguments: { value: -1 },
  })) as ToolResult;
  assert.equal(bad.isError, true);
  assert.equal(bad.content[0]?.text, "value: must be greater than 0", "the REST API's message");
}

describe("MCP", () => {
  test("the official SDK client runs the sandbox flow over Streamable HTTP at /mcp", async () => {
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${account.test}` } },
      }),
    );
    try {
      await sandboxFlow(client);
    } finally {
      await client.close();
    }
  });

  test("/mcp without a token is 401", async () => {
    const res = await postToolsList(url);
    assert.equal(res.status, 401);
    const ok = await postToolsList(url, account.test);
    assert.equal(ok.status, 200);
    assert.match(
      ok.headers.get("x-request-id") ?? "",
      /^[0-9a-f-]{36}$/,
      "every response has a request id",
    );
  });

  test("the official SDK client runs the sandbox flow through the stdio server as a child process", async () => {
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN],
        env: { PATH: process.env.PATH ?? "", SVC_BASE_URL: url, SVC_API_TOKEN: account.test },
        stderr: "pipe",
      }),
    );
    try {
      await sandboxFlow(client);
    } finally {
      await client.close();
    }
  });
});

describe("the HTTP bridge, manifest, guide and OpenAPI", () => {
  const call = (tool: string, args: unknown, token?: string) =>
    svc.call("POST", "/api/integrations/mcp/call", {
      ...(token ? { token } : {}),
      body: { tool, arguments: args },
    });

  test("unknown tool 404; bad arguments 400/422 with the REST messages; token rules per tool", async () => {
    assert.equal((await call("nope", {}, account.test)).statusCode, 404);
    const neg = await call("create_pix_charge", { value: 0 }, account.test);
    assert.equal(neg.statusCode, 422);
    assert.equal(neg.json().error, "value: must be greater than 0");
    const wrongType = await call("create_pix_charge", { value: "10" }, account.test);
    assert.equal(wrongType.statusCode, 400);
    const loneSurrogate = await call(
      "create_pix_charge",
      { value: 10, title: "a\ud800" },
      account.test,
    );
    assert.equal(loneSurrogate.statusCode, 400);
    assert.match(loneSurrogate.json().error, /title: must be text without NUL/);
    assert.equal((await call("create_pix_charge", { value: 10 })).statusCode, 401);
    assert.equal((await call("get_integration_manifest", {})).statusCode, 200);
    const snippet = await call("generate_integration_snippet", { language: "python" });
    assert.equal(snippet.statusCode, 200);
    assert.match(snippet.json().data.code, /TOSTAO_API_TOKEN/);
  });

  test("the Bitcoin tools answer like their routes: quote, create, status; another account's charge is 404, an over-long id 422", async () => {
    const quote = await call("get_crypto_quote", { brl: 35 });
    assert.equal(quote.statusCode, 200);
    assert.equal(quote.json().data.price, 350_000);
    assert.equal(quote.json().data.btc, "0.00010000");
    const made = await call("create_crypto_charge", { value: 35 }, account.test);
    assert.equal(made.statusCode, 200, made.body);
    const id = made.json().data.chargeId as string;
    assert.match(id, /^BTC-/);
    const st = await call("get_crypto_charge_status", { charge_id: id }, account.test);
    assert.equal(st.statusCode, 200);
    assert.equal(st.json().data.statusCode, "pending");
    const rest = await svc.call("GET", `/api/crypto/charge/status?charge_id=${id}`, {
      token: account.test,
    });
    assert.deepEqual(st.json().data, rest.json().data, "the tool's view is the route's");
    const other = await svc.newAccount();
    const foreign = await call("get_crypto_charge_status", { charge_id: id }, other.test);
    assert.equal(foreign.statusCode, 404);
    const long = await call(
      "get_crypto_charge_status",
      { charge_id: "x".repeat(65) },
      account.test,
    );
    assert.equal(long.statusCode, 422);
    assert.equal(long.json().error, "charge_id: must be at most 64 characters");
  });

  test("verify_webhook_signature accepts a real delivery and refuses it after a one-byte change", async () => {
    const receiver = await startReceiver();
    try {
      const hook = (
        await svc.call("POST", "/api/webhooks/create", {
          token: account.test,
          body: { url: receiver.url, events: ["charge.created"] },
        })
      ).json().data;
      await svc.call("POST", "/api/pix/charge/create", { token: account.test, body: { value: 3 } });
      await svc.worker.runOnce();
      const [delivery] = await receiver.waitFor(1);
      assert.ok(delivery);
      const headers = Object.fromEntries(
        Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]),
      );
      const ok = await call("verify_webhook_signature", {
        secret: hook.secret,
        body: delivery.body,
        headers,
      });
      assert.equal(ok.json().data.ok, true);
      const tampered = delivery.body.replace('"value":3', '"value":4');
      assert.notEqual(tampered, delivery.body);
      const no = await call("verify_webhook_signature", {
        secret: hook.secret,
        body: tampered,
        headers,
      });
      assert.equal(no.json().data.ok, false);
      const onlyService = await call("verify_webhook_signature", {
        secret: hook.secret,
        body: `${delivery.body.slice(0, -1)}${delivery.body.endsWith("}") ? " }" : "}"}`,
        headers: { "x-service-signature": headers["x-service-signature"] ?? "" },
      });
      assert.equal(onlyService.json().data.ok, false);
    } finally {
      await receiver.close();
    }
  });

  test("the manifest has the spec's fields; its endpoints are the registered routes; every tool is in it", async () => {
    const res = await svc.call("GET", "/api/integrations/mcp/manifest");
    assert.equal(
      res.json().success,
      true,
      "the manifest comes in the envelope like every /api answer",
    );
    const m = res.json().data as any;
    assert.deepEqual(
      Object.keys(m).sort(),
      [
        "authentication",
        "baseUrl",
        "description",
        "endpoints",
        "integrationFlow",
        "mcp",
        "mcpTools",
        "name",
        "version",
        "webhooks",
      ].sort(),
    );
    assert.equal(m.version, "1.0.0");
    const routes = publicRoutes(svc.app.routeTable)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const endpoints = (m.endpoints as Array<{ method: string; path: string }>)
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    assert.deepEqual(endpoints, routes);
    for (const path of [
      "/api/pix/charge/create",
      "/api/webhooks/create",
      "/api/auth/token/create",
      "/api/crypto/charge/create",
      "/api/integrations/mcp/call",
    ]) {
      assert.ok(
        endpoints.some((e) => e.endsWith(` ${path}`)),
        path,
      );
    }
    assert.deepEqual(
      (m.mcpTools as Array<{ name: string }>).map((t) => t.name).sort(),
      TOOLS.map((t) => t.name).sort(),
    );
    for (const name of [
      "get_integration_manifest",
      "create_pix_charge",
      "get_pix_charge_status",
      "list_pix_charges",
      "list_webhooks",
      "create_webhook",
      "test_webhook",
      "list_api_tokens",
      "verify_webhook_signature",
      "generate_integration_snippet",
      "simulate_pay",
    ]) {
      assert.ok(
        TOOLS.some((t) => t.name === name),
        `the spec's tool ${name}`,
      );
    }
  });

  test("the guide is Markdown with real paths; OpenAPI 3.1 lists the routes; /docs renders", async () => {
    const guide = await svc.call("GET", "/api/integrations/mcp/guide");
    assert.match(String(guide.headers["content-type"]), /^text\/markdown/);
    assert.match(guide.body, /POST \| `\/api\/pix\/charge\/create`/);
    assert.match(guide.body, /X-Service-Signature/);
    const doc = (await svc.call("GET", "/api/openapi.json")).json() as any;
    assert.equal(doc.openapi, "3.1.0");
    assert.ok(doc.paths["/api/pix/charge/create"].post.requestBody);
    assert.equal(doc.paths["/api/pix/charges"].get.parameters[0].name, "limit");
    const page = await svc.call("GET", "/docs");
    assert.match(page.body, /<div id="swagger-ui">/);
    assert.match(String(page.headers["content-security-policy"]), /script-src 'self';/);
    assert.equal(page.headers["x-content-type-options"], "nosniff");
    assert.doesNotMatch(page.body, /(src|href)="(https?:)?\/\//, "every asset is served from here");
  });

  test("live-mode write tools can be switched off", async () => {
    const s = await startTestService({ env: { TOSTAO_MCP_LIVE_WRITES: "false" } });
    try {
      const a = await s.newAccount();
      const res = await s.call("POST", "/api/integrations/mcp/call", {
        token: a.live,
        body: { tool: "create_pix_charge", arguments: { value: 1 } },
      });
      assert.equal(res.statusCode, 403);
      const read = await s.call("POST", "/api/integrations/mcp/call", {
        token: a.live,
        body: { tool: "list_pix_charges", arguments: {} },
      });
      assert.equal(read.statusCode, 200);
    } finally {
      await s.close();
    }
  });
});
