import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { z } from "zod";
import { CreatePixChargeSchema, PixChargeCreatedSchema } from "../../src/domain/charges/schemas.ts";
import { TOOL_BY_NAME, TOOLS, type ToolDef } from "../../src/mcp/registry.ts";
import { useFileService } from "../helpers/service.ts";
import { driftOf } from "../helpers/tool-drift.ts";

// One behaviour per operation across REST, the HTTP bridge and MCP: every tool that is a REST
// operation takes that route's arguments and answers that route's data schema.

const VPUB =
  "vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc";

const svc = useFileService();

const tool = (name: string): ToolDef => {
  const t = TOOL_BY_NAME.get(name);
  assert.ok(t, name);
  return t;
};

describe("tools and routes", () => {
  test("every tool agrees with the REST operation it names", () => {
    assert.deepEqual(
      TOOLS.flatMap((t) => driftOf(t, svc.app.routeTable)),
      [],
    );
  });

  test("the check fails when a tool's schema is changed alone", () => {
    const routes = svc.app.routeTable;
    const create = tool("create_pix_charge");
    const moreArgs = { ...create, input: CreatePixChargeSchema.extend({ coupon: z.string() }) };
    assert.match(driftOf(moreArgs, routes).join("\n"), /create_pix_charge: arguments/);
    const moreAnswer = { ...create, output: PixChargeCreatedSchema.extend({ extra: z.string() }) };
    assert.match(driftOf(moreAnswer, routes).join("\n"), /answer schema differs/);
    // The quote tool as it was: no brl argument.
    const oldQuote = { ...tool("get_crypto_quote"), input: z.strictObject({}) };
    assert.match(driftOf(oldQuote, routes).join("\n"), /get_crypto_quote: arguments/);
    const unnamed = { ...create, operationId: undefined } as ToolDef;
    assert.match(driftOf(unnamed, routes).join("\n"), /names no operationId/);
  });

  test("the quote tool takes brl and answers what GET /api/crypto/quote answers", async () => {
    const rest = (await svc.call("GET", "/api/crypto/quote?brl=100")).json().data;
    const bridge = await svc.call("POST", "/api/integrations/mcp/call", {
      body: { tool: "get_crypto_quote", arguments: { brl: 100 } },
    });
    assert.equal(bridge.statusCode, 200, bridge.body);
    const viaTool = bridge.json().data;
    assert.deepEqual(Object.keys(viaTool), Object.keys(rest));
    assert.equal(viaTool.brl, 100);
    assert.equal(viaTool.btc, rest.btc);
    assert.equal(viaTool.price, rest.price);
  });

  test("simulate-pay answers a BTC- charge in the crypto view, on REST and as a tool", async () => {
    const a = await svc.newAccount();
    const made = async () => {
      const res = await svc.call("POST", "/api/crypto/charge/create", {
        token: a.test,
        body: { value: 10 },
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data.chargeId as string;
    };
    await svc.call("POST", "/api/crypto/wallet", { token: a.test, body: { key: VPUB } });
    const rest = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: await made() },
    });
    assert.equal(rest.statusCode, 200, rest.body);
    const viaTool = await svc.call("POST", "/api/integrations/mcp/call", {
      token: a.test,
      body: { tool: "simulate_pay", arguments: { charge_id: await made() } },
    });
    assert.equal(viaTool.statusCode, 200, viaTool.body);
    for (const data of [rest.json().data, viaTool.json().data]) {
      assert.match(data.chargeId, /^BTC-/);
      assert.equal(data.provider, "crypto");
      assert.equal(data.statusCode, "approved");
      assert.equal(data.simulated, true);
      assert.ok(data.address && data.amountCrypto, "the crypto view");
    }
    assert.deepEqual(Object.keys(rest.json().data), Object.keys(viaTool.json().data));
    // A PIX charge keeps the PIX view.
    const pix = (
      await svc.call("POST", "/api/pix/charge/create", {
        token: a.test,
        body: { value: 1, title: "p" },
      })
    ).json().data.chargeId;
    const paid = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: pix },
    });
    assert.equal(paid.json().data.order_id, pix);
  });
});
