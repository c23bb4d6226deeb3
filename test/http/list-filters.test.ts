import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useFileService } from "../helpers/service.ts";

// A list filtered by an id answers like a read of that id: 404 when the caller cannot see it
// (unknown, another account's, or the other mode's), never 200 with an empty list, which would
// tell an unknown id from a real one with no entries yet.

const svc = useFileService({
  env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_WORKERS: "false" },
});

const get = (token: string, url: string) => svc.call("GET", url, { token });

async function pixCharge(token: string): Promise<string> {
  const res = await svc.call("POST", "/api/pix/charge/create", {
    token,
    body: { value: 10, title: "Pedido" },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.chargeId;
}

async function webhook(token: string): Promise<string> {
  const res = await svc.call("POST", "/api/webhooks/create", {
    token,
    body: { url: "http://127.0.0.1:9/hook", events: ["*"] },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.id;
}

/**
 * What no caller may read through the filter of `url` (".../path?kind_id="), each a 404 naming
 * it: an unknown id, another account's, and one of the caller's account in the other mode
 * (`a.live` reading `own`).
 */
async function assertUnseen(
  url: string,
  unknown: string,
  a: { test: string; live: string },
  own: string,
  others: string,
) {
  const param = /[?&](\w+)=$/.exec(url)?.[1] ?? "";
  const kind = param.replace(/_id$/, "");
  const cases: Array<[string, string, string]> = [
    ["unknown id", a.test, unknown],
    [`another account's ${kind}`, a.test, others],
    [`the other mode's ${kind}`, a.live, own],
  ];
  for (const [name, token, id] of cases) {
    const res = await get(token, `${url}${id}`);
    assert.equal(res.statusCode, 404, name);
    assert.deepEqual(res.json(), { success: false, error: `${param}: ${kind} ${id} not found` });
  }
}

describe("GET /api/events?charge_id=", () => {
  test("a charge the caller cannot see is 404, its own charge lists its events", async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    const own = await pixCharge(a.test);
    const others = await pixCharge(b.test);
    await assertUnseen("/api/events?charge_id=", "pix_unknown", a, own, others);
    const mine = await get(a.test, `/api/events?charge_id=${own}`);
    assert.equal(mine.statusCode, 200);
    assert.deepEqual(
      mine.json().data.events.map((e: { event: string }) => e.event),
      ["charge.created", "charge.pending"],
    );
    assert.equal((await get(a.live, "/api/events")).statusCode, 200, "no filter, no lookup");
  });
});

describe("GET /api/webhooks/deliveries?webhook_id=", () => {
  test("a webhook the caller cannot see is 404; its own, new or deleted, lists its deliveries", async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    const own = await webhook(a.test);
    const others = await webhook(b.test);
    await assertUnseen("/api/webhooks/deliveries?webhook_id=", "wh_unknown", a, own, others);
    const fresh = await get(a.test, `/api/webhooks/deliveries?webhook_id=${own}`);
    assert.equal(fresh.statusCode, 200, "a webhook with no deliveries yet is an empty list");
    assert.deepEqual(fresh.json().data.deliveries, []);

    // A deleted webhook's log stays readable, filtered by its id too.
    await pixCharge(a.test);
    const del = await svc.call("POST", "/api/webhooks/delete", {
      token: a.test,
      body: { id: own },
    });
    assert.equal(del.statusCode, 200, del.body);
    const log = await get(a.test, `/api/webhooks/deliveries?webhook_id=${own}`);
    assert.equal(log.statusCode, 200);
    assert.equal(log.json().data.deliveries.length, 2, "charge.created and charge.pending");
    const quiet = await webhook(a.test);
    await svc.call("POST", "/api/webhooks/delete", { token: a.test, body: { id: quiet } });
    const none = await get(a.test, `/api/webhooks/deliveries?webhook_id=${quiet}`);
    assert.equal(none.statusCode, 200, "a deleted webhook that never had a delivery");
    assert.deepEqual(none.json().data.deliveries, []);
  });

  test("the same filter through the MCP tool is the same 404", async () => {
    const a = await svc.newAccount();
    const res = await svc.call("POST", "/api/integrations/mcp/call", {
      token: a.test,
      body: { tool: "list_webhook_deliveries", arguments: { webhook_id: "wh_unknown" } },
    });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error, "webhook_id: webhook wh_unknown not found");
  });
});
