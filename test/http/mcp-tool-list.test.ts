import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import fc from "fast-check";
import { SCOPES } from "../../src/domain/tokens/scopes.ts";
import { TOOLS } from "../../src/mcp/registry.ts";
import { postToolsList } from "../helpers/mcp-http.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// A key is offered exactly the tools it may call: tools/list over /mcp and
// GET /api/integrations/mcp/tools (what the stdio server lists) name the tools whose call is not
// refused for who the caller is (403), and no other. A live key is offered no sandbox tool, and
// no write tool while TOSTAO_MCP_LIVE_WRITES=false; a restricted key only its scopes' tools.

const SANDBOX_TOOLS = ["simulate_pay", "simulate_subscription_authorize", "advance_test_clock"];
// The PSP's own records, which the sandbox has none of.
const LIVE_TOOLS = ["get_pix_statement"];

/** Valid arguments for every tool (ids that exist nowhere: a 404 is an answer, not a refusal). */
const ARGS: Record<string, Record<string, unknown>> = {
  get_integration_manifest: {},
  list_api_tokens: {},
  create_pix_charge: { value: 1.5, title: "t" },
  create_pix_charges_batch: {
    charges: [
      {
        value: 10,
        title: "t",
        due_date: "2030-06-01",
        customer_name: "Maria Silva",
        customer_cpf: "529.982.247-25",
      },
    ],
  },
  get_pix_charge_status: { charge_id: "pix_nowhere" },
  list_pix_charges: {},
  create_pix_qr_code: { title: "Balcão" },
  create_counter_link: { label: "Caixa 1" },
  list_counter_links: {},
  revoke_counter_link: { counter_link_id: "ctr_nowhere" },
  list_pix_qr_codes: {},
  get_pix_statement: {},
  simulate_pay: { charge_id: "pix_nowhere" },
  create_subscription: {
    title: "Plano",
    customer_name: "Maria Silva",
    customer_cpf: "529.982.247-25",
    periodicity: "monthly",
    start_date: "2030-01-10",
    value: 49.9,
  },
  get_subscription_status: { subscription_id: "sub_nowhere" },
  list_subscriptions: {},
  cancel_subscription: { subscription_id: "sub_nowhere" },
  set_subscription_charge: { subscription_id: "sub_nowhere", value: 1 },
  simulate_subscription_authorize: { subscription_id: "sub_nowhere" },
  advance_test_clock: { days: 1 },
  create_webhook: { url: "http://127.0.0.1:9/h", events: ["*"] },
  list_webhooks: {},
  test_webhook: { id: "wh_nowhere" },
  list_webhook_deliveries: {},
  redeliver_webhook: { id: "dlv_nowhere" },
  list_notifications: {},
  list_audit_log: {},
  get_notification_settings: {},
  update_notification_settings: { language: "en" },
  resend_bill: { charge_id: "pix_nowhere" },
  get_crypto_quote: {},
  create_crypto_charge: { value: 10 },
  get_crypto_charge_status: { charge_id: "BTC-nowhere" },
  list_crypto_charges: {},
  verify_webhook_signature: { secret: "whsec_x", body: "{}", headers: {} },
  generate_integration_snippet: { language: "curl" },
};

const ENV = { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_WORKERS: "false" };
/** The two servers: live-mode write tools switched on (the default), and off. */
const svcs = {} as Record<"on" | "off", { svc: TestService; url: string }>;
before(async () => {
  for (const writes of ["on", "off"] as const) {
    const svc = await startTestService({
      env: { ...ENV, TOSTAO_MCP_LIVE_WRITES: writes === "on" ? "true" : "false" },
    });
    svcs[writes] = { svc, url: await svc.app.listen({ port: 0, host: "127.0.0.1" }) };
  }
});
after(async () => {
  await svcs.on?.svc.close();
  await svcs.off?.svc.close();
});

const sorted = (names: Iterable<string>) => [...names].sort();

/** The names of the tools that tools/list over /mcp gives, sorted. */
async function listedOverMcp(url: string, token: string): Promise<string[]> {
  const res = await postToolsList(url, token);
  assert.equal(res.status, 200);
  const body = (await res.json()) as { result: { tools: Array<{ name: string }> } };
  return sorted(body.result.tools.map((t) => t.name));
}

async function listedByRoute(svc: TestService, token?: string): Promise<string[]> {
  const res = await svc.call("GET", "/api/integrations/mcp/tools", token ? { token } : {});
  assert.equal(res.statusCode, 200, res.body);
  return sorted(res.json().data.tools);
}

/** Every tool called through the bridge with valid arguments: its HTTP status, by name. */
async function callEvery(svc: TestService, token?: string): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  for (const t of TOOLS) {
    const res = await svc.call("POST", "/api/integrations/mcp/call", {
      ...(token ? { token } : {}),
      body: { tool: t.name, arguments: ARGS[t.name] },
    });
    statuses.set(t.name, res.statusCode);
  }
  return statuses;
}

async function keyWith(svc: TestService, parent: string, scopes: string[]): Promise<string> {
  const res = await svc.call("POST", "/api/auth/token/create", {
    token: parent,
    body: { label: "restricted", scopes },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.token;
}

describe("the MCP tool list offers a key exactly the tools it may call", () => {
  test("a live key with live writes off is offered no write tool, over /mcp, the route and the stdio server, and each tool offered runs without a permission refusal", async () => {
    const { svc, url } = svcs.off;
    const a = await svc.newAccount();
    const client = new Client({ name: "live-list", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${a.live}` } },
      }),
    );
    const overMcp = await client.listTools().finally(() => client.close());
    const stdio = new Client({ name: "live-list-stdio", version: "1.0.0" });
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [fileURLToPath(new URL("../../bin/tostao-mcp.js", import.meta.url))],
        env: { PATH: process.env.PATH ?? "", SVC_BASE_URL: url, SVC_API_TOKEN: a.live },
        stderr: "pipe",
      }),
    );
    const overStdio = await stdio.listTools().finally(() => stdio.close());
    const names = sorted(overMcp.tools.map((t) => t.name));
    assert.deepEqual(await listedByRoute(svc, a.live), names);
    assert.deepEqual(sorted(overStdio.tools.map((t) => t.name)), names);
    assert.ok(names.includes("list_pix_charges") && names.includes("get_pix_charge_status"));
    for (const t of overMcp.tools) {
      assert.equal(t.annotations?.destructiveHint, false, `${t.name} is a write tool`);
      assert.equal(TOOLS.find((d) => d.name === t.name)?.write, false, `${t.name} writes`);
    }
    const statuses = await callEvery(svc, a.live);
    for (const name of names) {
      assert.notEqual(statuses.get(name), 403, `${name} is offered but refused`);
    }
  });

  test("a live key is offered no sandbox-only tool, whether live writes are on or off", async () => {
    for (const { svc, url } of [svcs.on, svcs.off]) {
      const a = await svc.newAccount();
      for (const names of [await listedOverMcp(url, a.live), await listedByRoute(svc, a.live)]) {
        assert.ok(names.includes("list_pix_charges"), "the live key is offered its reads");
        for (const sandbox of SANDBOX_TOOLS) {
          assert.ok(!names.includes(sandbox), `${sandbox} is offered to a live key`);
        }
      }
    }
  });

  test("a test key is offered simulate_pay and the other sandbox tools, each saying it is for test tokens only", async () => {
    const { svc, url } = svcs.off;
    const a = await svc.newAccount();
    assert.deepEqual(
      await listedByRoute(svc, a.test),
      sorted(TOOLS.map((t) => t.name).filter((n) => !LIVE_TOOLS.includes(n))),
    );
    const res = await postToolsList(url, a.test);
    const tools = ((await res.json()) as { result: { tools: any[] } }).result.tools;
    for (const name of SANDBOX_TOOLS) {
      assert.deepEqual(tools.find((t) => t.name === name)?.modes, ["test"], name);
    }
    const create = tools.find((t) => t.name === "create_pix_charge");
    assert.deepEqual(create?.modes, ["test", "live"]);
    assert.equal(create?.liveRequires, "TOSTAO_MCP_LIVE_WRITES=true");
    const made = await svc.call("POST", "/api/integrations/mcp/call", {
      token: a.test,
      body: { tool: "create_pix_charge", arguments: { value: 2, title: "t" } },
    });
    const paid = await svc.call("POST", "/api/integrations/mcp/call", {
      token: a.test,
      body: { tool: "simulate_pay", arguments: { charge_id: made.json().data.chargeId } },
    });
    assert.equal(paid.statusCode, 200, paid.body);
  });

  test("the manifest lists every tool with its requirements: sandbox tools for test tokens, live writes behind the setting", async () => {
    const m = (await svcs.on.svc.call("GET", "/api/integrations/mcp/manifest")).json().data;
    const byName = new Map((m.mcpTools as any[]).map((t) => [t.name, t]));
    assert.deepEqual(sorted(byName.keys()), sorted(TOOLS.map((t) => t.name)));
    for (const t of TOOLS) {
      const said = byName.get(t.name);
      const modes = SANDBOX_TOOLS.includes(t.name)
        ? ["test"]
        : LIVE_TOOLS.includes(t.name)
          ? ["live"]
          : ["test", "live"];
      assert.deepEqual(said.modes, modes, t.name);
      const behindSetting = t.write && !SANDBOX_TOOLS.includes(t.name);
      assert.equal(said.liveRequires, behindSetting ? "TOSTAO_MCP_LIVE_WRITES=true" : undefined);
    }
    const guide = (await svcs.on.svc.call("GET", "/api/integrations/mcp/guide")).body;
    assert.match(guide, /- `simulate_pay` \(test tokens only\)/);
    assert.match(guide, /- `get_pix_statement` \(live tokens only\)/);
  });

  test("property: for every kind of key, the tools listed are exactly those whose call is not refused with 403", async () => {
    // Every tool has valid arguments above (a new tool must add its own).
    assert.deepEqual(sorted(Object.keys(ARGS)), sorted(TOOLS.map((t) => t.name)));
    // Without a token: the tools listed are exactly those that need none (the rest are 401).
    const anon = await callEvery(svcs.off.svc);
    assert.deepEqual(
      await listedByRoute(svcs.off.svc),
      sorted([...anon].filter(([, s]) => s !== 401).map(([n]) => n)),
    );
    const kind = fc.record({
      mode: fc.constantFrom("test" as const, "live" as const),
      writes: fc.constantFrom("on" as const, "off" as const),
      scopes: fc.option(fc.subarray([...SCOPES], { minLength: 1 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(kind, async ({ mode, writes, scopes }) => {
        const { svc, url } = svcs[writes];
        const a = await svc.newAccount();
        const key = scopes ? await keyWith(svc, a[mode], scopes) : a[mode];
        const listed = await listedOverMcp(url, key);
        assert.deepEqual(await listedByRoute(svc, key), listed, "the route lists as /mcp does");
        const statuses = await callEvery(svc, key);
        const allowed = sorted([...statuses].filter(([, s]) => s !== 403).map(([n]) => n));
        assert.deepEqual(listed, allowed);
        if (mode === "test" && !scopes) {
          // The arguments above are valid: a full test key runs every tool or finds no such id.
          for (const [name, s] of statuses) {
            if (LIVE_TOOLS.includes(name)) assert.equal(s, 403, name);
            else assert.ok(s === 200 || s === 404, `${name}: ${s}`);
          }
        }
      }),
      {
        numRuns: 12,
        // The four kinds the guarantee names, then random ones.
        examples: [
          [{ mode: "test", writes: "off", scopes: undefined }],
          [{ mode: "live", writes: "on", scopes: undefined }],
          [{ mode: "live", writes: "off", scopes: undefined }],
          [{ mode: "live", writes: "on", scopes: ["charges:read", "subscriptions:write"] }],
          [{ mode: "test", writes: "off", scopes: ["charges:read", "charges:write"] }],
        ],
      },
    );
  });
});
