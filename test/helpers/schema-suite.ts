import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { providerBody } from "./live-pix.ts";
import { type PhoenixdPeer, startPhoenixdPeer } from "./ln-peer/index.ts";
import { type PspPeer, startPspPeer } from "./psp-peer/index.ts";
import type { TestService } from "./service.ts";
import { monthlyPlan } from "./subscription-body.ts";

/** One successful call of a route: who calls, and with what (`path`: the route's with its params). */
export type Call = { token?: string; query?: string; body?: unknown; path?: string };
export type Ctx = {
  live: string;
  test: string;
  /**
   * Another account's test token, for a call that empties its sandbox (the test-mode reset), so
   * that what the suite checks afterwards (the events it stored) stays.
   */
  spare?: string;
  /** A call that must succeed; its `data`. */
  data(method: "GET" | "POST", url: string, token: string, body?: unknown): Promise<any>;
};

/** A test-network BIP84 key (the BIP84 test vector's, as a vpub), for the sandbox wallet. */
const VPUB =
  "vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc";

const pixCharge = async (c: Ctx) =>
  (await c.data("POST", "/api/pix/charge/create", c.test, { value: 12.34, title: "Pedido" }))
    .chargeId as string;
const subscription = async (c: Ctx, extra: Record<string, unknown> = {}) =>
  (
    await c.data(
      "POST",
      "/api/pix/subscriptions/create",
      c.test,
      monthlyPlan("2099-01-10", { value: 10, ...extra }),
    )
  ).subscriptionId as string;
const webhook = async (c: Ctx) =>
  (
    await c.data("POST", "/api/webhooks/create", c.test, {
      url: "https://public.example/hook",
      events: ["*"],
    })
  ).id as string;
const cryptoCharge = async (c: Ctx) => {
  await c.data("POST", "/api/crypto/wallet", c.test, { key: VPUB });
  return (await c.data("POST", "/api/crypto/charge/create", c.test, { value: 10 }))
    .chargeId as string;
};

// The live PIX provider routes need a PSP: one local PSP peer for the suite, made on first use.
let peer: PspPeer | undefined;

/** Closes the PSP peer the calls started, if any (a file that runs CALLS itself calls this). */
export async function closeCallsPeer(): Promise<void> {
  await peer?.close();
  peer = undefined;
  await lnPeer?.close();
  lnPeer = undefined;
}

// The Lightning routes need a node: a local phoenixd peer, made on first use.
let lnPeer: PhoenixdPeer | undefined;
async function lightningBody() {
  lnPeer ??= await startPhoenixdPeer({ network: "testnet" });
  return {
    backend: "phoenixd",
    url: lnPeer.url.replace("127.0.0.1", "localhost"),
    password: lnPeer.password,
  };
}
async function savedProvider(c: Ctx): Promise<{ notificationPath: string }> {
  peer ??= await startPspPeer({ profile: "efi" });
  return c.data("POST", "/api/pix/provider", c.live, providerBody(peer));
}

/**
 * A successful call for every route that declares a 200 schema, with whatever it needs made
 * first. A route missing here fails the suite, so a new route cannot go unchecked.
 */
export const CALLS: Record<string, (c: Ctx) => Promise<Call>> = {
  "GET /healthz": async () => ({}),
  "GET /readyz": async () => ({}),
  "POST /api/auth/token/create": async (c) => ({ token: c.live, body: { label: "new" } }),
  "GET /api/auth/tokens": async (c) => ({ token: c.live }),
  "POST /api/auth/token/revoke": async (c) => {
    const t = await c.data("POST", "/api/auth/token/create", c.live, { label: "to revoke" });
    return { token: c.live, body: { id: t.id } };
  },
  "POST /api/products/create": async (c) => ({
    token: c.test,
    body: { name: "Camiseta", value: 49.9, description: "azul" },
  }),
  "GET /api/products": async (c) => ({ token: c.test, query: "include_archived=true" }),
  "GET /api/account": async (c) => ({ token: c.test }),
  "POST /api/test-mode/reset": async (c) => {
    const token = c.spare ?? c.test;
    await c.data("POST", "/api/pix/charge/create", token, { value: 1 });
    return { token, body: { confirm: true } };
  },
  "POST /api/account/update": async (c) => ({
    token: c.live,
    body: { display_name: "Ateliê da Ana" },
  }),
  "POST /api/products/archive": async (c) => {
    const p = await c.data("POST", "/api/products/create", c.test, { name: "Caneca", value: 5 });
    return { token: c.test, body: { id: p.id } };
  },
  "POST /api/pix/charge/create": async (c) => ({
    token: c.test,
    body: { value: 10.5, title: "Pedido", customer_name: "Maria", customer_cpf: "52998224725" },
  }),
  "POST /api/pix/charges/batch": async (c) => ({
    token: c.test,
    body: {
      charges: [
        {
          value: 120,
          due_date: "2099-01-15",
          customer_name: "Maria",
          customer_cpf: "52998224725",
          fine: { mode: "percent", value: 2 },
        },
        { value: 80, due_date: "2099-01-15", customer_name: "Ana" },
      ],
    },
  }),
  "GET /api/pix/charge/status": async (c) => ({
    token: c.test,
    query: `charge_id=${await pixCharge(c)}`,
  }),
  "GET /api/pix/charges": async (c) => ({ token: c.test }),
  "POST /api/pix/charge/simulate-pay": async (c) => ({
    token: c.test,
    body: { charge_id: await pixCharge(c) },
  }),
  "POST /api/pix/qr-codes/create": async (c) => ({
    token: c.test,
    body: { title: "Balcão", value: 7.5, description: "Padaria" },
  }),
  "GET /api/pix/qr-codes/list": async (c) => {
    await c.data("POST", "/api/pix/qr-codes/create", c.test, { title: "Listado" });
    return { token: c.test, query: "include_disabled=true" };
  },
  "POST /api/pix/qr-codes/disable": async (c) => {
    const q = await c.data("POST", "/api/pix/qr-codes/create", c.test, { title: "Fora" });
    return { token: c.test, body: { qr_code_id: q.qrCodeId } };
  },
  "POST /api/pix/qr-codes/simulate-pay": async (c) => {
    const q = await c.data("POST", "/api/pix/qr-codes/create", c.test, { title: "Pago" });
    return { token: c.test, body: { qr_code_id: q.qrCodeId, value: 3 } };
  },
  "POST /api/counter-links/create": async (c) => ({
    token: c.test,
    body: { label: "Caixa 1" },
  }),
  "GET /api/counter-links/list": async (c) => {
    await c.data("POST", "/api/counter-links/create", c.test, { label: "Listado" });
    return { token: c.test, query: "limit=10" };
  },
  "POST /api/counter-links/revoke": async (c) => {
    const l = await c.data("POST", "/api/counter-links/create", c.test, { label: "Fora" });
    return { token: c.test, body: { counter_link_id: l.counterLinkId } };
  },
  "POST /api/pix/charge/cancel": async (c) => ({
    token: c.test,
    body: { charge_id: await pixCharge(c) },
  }),
  "POST /api/pix/charge/refund": async (c) => {
    const id = await pixCharge(c);
    await c.data("POST", "/api/pix/charge/simulate-pay", c.test, { charge_id: id });
    return { token: c.test, body: { charge_id: id } };
  },
  "POST /api/pix/subscriptions/create": async (c) => ({
    token: c.test,
    body: monthlyPlan("2099-01-10", { value: 10 }),
  }),
  "GET /api/pix/subscriptions/status": async (c) => ({
    token: c.test,
    query: `subscription_id=${await subscription(c)}`,
  }),
  "GET /api/pix/subscriptions": async (c) => ({ token: c.test }),
  "POST /api/pix/subscriptions/cancel": async (c) => ({
    token: c.test,
    body: { subscription_id: await subscription(c) },
  }),
  "POST /api/pix/subscriptions/charge": async (c) => ({
    token: c.test,
    body: {
      subscription_id: await subscription(c, { value: undefined, max_value: 50 }),
      value: 20,
    },
  }),
  "POST /api/pix/subscriptions/simulate-authorize": async (c) => ({
    token: c.test,
    body: { subscription_id: await subscription(c) },
  }),
  "POST /api/pix/subscriptions/test-clock/advance": async (c) => ({
    token: c.test,
    body: { days: 1 },
  }),
  "POST /api/test-clock/advance": async (c) => ({ token: c.test, body: { days: 1 } }),
  "GET /api/test-clock": async (c) => ({ token: c.test }),
  "POST /api/pix/provider": async (c) => {
    peer ??= await startPspPeer({ profile: "efi" });
    return { token: c.live, body: providerBody(peer) };
  },
  "GET /api/pix/provider": async (c) => {
    await savedProvider(c);
    return { token: c.live };
  },
  "GET /api/pix/statement": async (c) => {
    await savedProvider(c);
    return { token: c.live };
  },
  "POST /api/pix/provider/delete": async (c) => {
    await savedProvider(c);
    return { token: c.live };
  },
  "POST /api/pix/psp/notify/:hookId": async (c) => ({
    path: (await savedProvider(c)).notificationPath,
    body: { pix: [] },
  }),
  "POST /api/pix/psp/notify/:hookId/pix": async (c) => ({
    path: `${(await savedProvider(c)).notificationPath}/pix`,
    body: [],
  }),
  // Pix Automático's callbacks (webhookrec, webhookcobr): an empty list confirms nothing.
  "POST /api/pix/psp/notify/:hookId/rec": async (c) => ({
    path: `${(await savedProvider(c)).notificationPath}/rec`,
    body: { recs: [] },
  }),
  "POST /api/pix/psp/notify/:hookId/cobr": async (c) => ({
    path: `${(await savedProvider(c)).notificationPath}/cobr`,
    body: { cobsr: [] },
  }),
  "GET /api/events": async (c) => ({ token: c.test, query: `charge_id=${await pixCharge(c)}` }),
  "POST /api/webhooks/create": async (c) => ({
    token: c.test,
    body: { url: "https://public.example/created", events: ["charge.approved"] },
  }),
  "GET /api/webhooks": async (c) => ({ token: c.test }),
  "POST /api/webhooks/test": async (c) => ({ token: c.test, body: { id: await webhook(c) } }),
  "POST /api/webhooks/delete": async (c) => ({ token: c.test, body: { id: await webhook(c) } }),
  "GET /api/webhooks/deliveries": async (c) => {
    await c.data("POST", "/api/webhooks/test", c.test, { id: await webhook(c) });
    return { token: c.test };
  },
  "POST /api/webhooks/deliveries/redeliver": async (c) => {
    const sent = await c.data("POST", "/api/webhooks/test", c.test, { id: await webhook(c) });
    return { token: c.test, body: { id: sent.deliveryId } };
  },
  "GET /api/notifications": async (c) => {
    await c.data("POST", "/api/pix/charge/create", c.test, {
      value: 10,
      customer_email: "pagador@example.com",
    });
    return { token: c.test };
  },
  "GET /api/notifications/settings": async (c) => ({ token: c.test }),
  "GET /api/audit-log": async (c) => ({ token: c.live, query: "action=key.created" }),
  "POST /api/notifications/settings/update": async (c) => ({
    token: c.test,
    body: { language: "en", kinds: { reminder_due: false }, reminder_days_before: [5, 1] },
  }),
  "POST /api/notifications/resend": async (c) => {
    const charge = await c.data("POST", "/api/pix/charge/create", c.test, {
      value: 10,
      customer_email: "pagador@example.com",
    });
    return { token: c.test, body: { charge_id: charge.chargeId } };
  },
  "POST /api/crypto/wallet": async (c) => ({ token: c.test, body: { key: VPUB } }),
  "POST /api/crypto/lightning": async (c) => ({ token: c.test, body: await lightningBody() }),
  "GET /api/crypto/lightning": async (c) => {
    await c.data("POST", "/api/crypto/lightning", c.test, await lightningBody());
    return { token: c.test };
  },
  "POST /api/crypto/lightning/delete": async (c) => {
    await c.data("POST", "/api/crypto/lightning", c.test, await lightningBody());
    return { token: c.test };
  },
  "GET /api/crypto/wallet": async (c) => {
    await c.data("POST", "/api/crypto/wallet", c.test, { key: VPUB });
    return { token: c.test };
  },
  "GET /api/crypto/quote": async () => ({ query: "brl=100" }),
  "POST /api/crypto/charge/create": async (c) => {
    await c.data("POST", "/api/crypto/wallet", c.test, { key: VPUB });
    return { token: c.test, body: { value: 10, customer_name: "Maria" } };
  },
  "GET /api/crypto/charge/status": async (c) => ({
    token: c.test,
    query: `charge_id=${await cryptoCharge(c)}`,
  }),
  "GET /api/pay/status": async (c) => ({ query: `charge_id=${await pixCharge(c)}` }),
  "GET /api/integrations/mcp/tools": async (c) => ({ token: c.test }),
  "GET /api/crypto/charges": async (c) => {
    await cryptoCharge(c);
    return { token: c.test };
  },
};

/** Routes that answer without a 200 JSON schema: documents, images, health, the tool bridges. */
const WITHOUT_SCHEMA = new Set([
  "GET /api/crypto/charge/qr",
  // The CSV exports stream text, no JSON envelope (their bytes are tested in test/exports).
  "GET /api/pix/charges/export",
  "GET /api/crypto/charges/export",
  "POST /api/integrations/mcp/call",
  "GET /api/integrations/mcp/manifest",
  "GET /api/integrations/mcp/guide",
  "GET /api/openapi.json",
  "POST /mcp",
]);

/**
 * The response-schema cases, generated from the route table: each route's successful 200 body
 * parses against its declared schema with nothing left over. The service runs with strict
 * responses (test/helpers/service.ts), so a handler whose data holds a field that its schema
 * lacks answers 500 here instead of having the field silently dropped.
 */
export function responseSchemaSuite(getSvc: () => TestService): void {
  test("every route's 200 body is exactly its declared response schema", async () => {
    const svc = getSvc();
    const a = await svc.newAccount();
    const data: Ctx["data"] = async (method, url, token, body) => {
      const res = await svc.call(method, url, { token, ...(body ? { body } : {}) });
      assert.equal(res.statusCode, 200, `setup ${method} ${url}: ${res.body}`);
      return res.json().data;
    };
    const ctx: Ctx = { live: a.live, test: a.test, spare: (await svc.newAccount()).test, data };
    const seen = new Set<string>();
    for (const route of svc.app.routeTable) {
      const name = `${route.method} ${route.url}`;
      const declared = (route.schema as { response?: Record<string, unknown> } | undefined)
        ?.response?.[200];
      const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
      if (!(declared instanceof z.ZodType)) {
        // Pages and their assets (hidden from the API's documents) are not JSON routes.
        if (hidden) continue;
        assert.ok(WITHOUT_SCHEMA.has(name), `${name} declares no 200 response schema`);
        continue;
      }
      const recipe = CALLS[name];
      assert.ok(recipe, `${name}: add a successful call to CALLS in test/helpers/schema-suite.ts`);
      seen.add(name);
      const call = await recipe(ctx);
      const res = await svc.call(route.method as "GET" | "POST", urlOf(route.url, call), {
        ...(call.token ? { token: call.token } : {}),
        ...(call.body === undefined ? {} : { body: call.body }),
      });
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
      const body = JSON.parse(res.body);
      const parsed = declared.safeParse(body);
      assert.ok(parsed.success, `${name}: ${parsed.error && z.prettifyError(parsed.error)}`);
      assert.deepEqual(parsed.data, body, `${name}: the body holds fields the schema lacks`);
    }
    assert.deepEqual(
      Object.keys(CALLS).filter((k) => !seen.has(k)),
      [],
      "calls for routes that do not exist",
    );
    await closeCallsPeer();
  });
}

const urlOf = (route: string, call: Call) => {
  const path = call.path ?? route;
  return call.query ? `${path}?${call.query}` : path;
};
