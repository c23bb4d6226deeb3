import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { startFakePriceSources } from "../helpers/fake-chain.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// A Bitcoin charge needs the BTC/BRL price, which may take the price sources up to their
// timeout to give. The price is asked before any transaction opens, so meanwhile the database
// stays free for everyone else: with one connection (PGlite always, PostgreSQL here with a pool
// of one), a creation that held its transaction open across the fetch would stall every other
// request until the sources answered.

const SLOW_MS = 1500;
const clock = manualClock(new Date());
let svc: TestService;
let prices: Awaited<ReturnType<typeof startFakePriceSources>>;

before(async () => {
  prices = await startFakePriceSources({
    binance: "350000.00",
    coinbase: "350100.00",
    mercadobitcoin: "349900.00",
  });
  svc = await startTestService({
    clock,
    env: {
      ...prices.env,
      TOSTAO_QUOTE_FIXED_BRL: "",
      TOSTAO_WORKERS: "false",
      TOSTAO_DB_POOL_SIZE: "1",
    },
  });
});
after(async () => {
  await svc.close();
  await prices.close();
});

/**
 * Starts a creation that has to fetch the price (the quote cache has expired), waits until it is
 * waiting on the slow sources, and times a database read meanwhile.
 */
async function readWhileCreating(create: () => Promise<{ statusCode: number; body: string }>) {
  const a = await svc.newAccount();
  // Warm the token cache and the pool, so the timed read below is just a read.
  assert.equal((await svc.call("GET", "/api/pix/charges", { token: a.test })).statusCode, 200);
  clock.advance(10 * 60_000); // past the quote cache
  prices.slow(SLOW_MS);
  try {
    let done = false;
    const creating = create().then((res) => {
      done = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const read = await svc.call("GET", "/api/pix/charges", { token: a.test });
    const took = Date.now() - started;
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(done, false, "the creation is still waiting on the price");
    assert.ok(took < SLOW_MS / 2, `the read took ${took} ms`);
    return { a, res: await creating };
  } finally {
    prices.slow(0);
  }
}

test("while a Bitcoin charge waits on slow price sources, other requests still reach the database at once; the charge is then created at that price", async () => {
  let token = "";
  const { res } = await readWhileCreating(async () => {
    const a = await svc.newAccount();
    token = a.test;
    return svc.call("POST", "/api/crypto/charge/create", { token, body: { value: 35 } });
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(JSON.parse(res.body).data.amountCrypto, "0.00010000");
});

test("the same holds for the MCP create_crypto_charge tool", async () => {
  const { res } = await readWhileCreating(async () => {
    const a = await svc.newAccount();
    return svc.call("POST", "/api/integrations/mcp/call", {
      token: a.test,
      body: { tool: "create_crypto_charge", arguments: { value: 35 } },
    });
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(res.body, /0\.00010000/);
});

test("with every price source down, a new Bitcoin charge is 503 but an Idempotency-Key replay of one made earlier still answers", async () => {
  const a = await svc.newAccount();
  const body = { value: 35 };
  const headers = { "idempotency-key": "btc-replay-while-no-price" };
  const first = await svc.call("POST", "/api/crypto/charge/create", {
    token: a.test,
    body,
    headers,
  });
  assert.equal(first.statusCode, 200, first.body);
  prices.down("binance", "coinbase", "mercadobitcoin");
  // Past the quote cache's longest life, so no price is left to use.
  clock.advance(10 * 60_000);
  try {
    const fresh = await svc.call("POST", "/api/crypto/charge/create", { token: a.test, body });
    assert.equal(fresh.statusCode, 503, fresh.body);
    assert.match(fresh.json().error ?? "", /no BTC\/BRL price/);
    const again = await svc.call("POST", "/api/crypto/charge/create", {
      token: a.test,
      body,
      headers,
    });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.headers["idempotent-replayed"], "true");
    assert.equal(again.body, first.body);
    // The creation's own errors keep their place ahead of the missing price.
    const unknown = await svc.call("POST", "/api/crypto/charge/create", {
      token: a.test,
      body: { product_id: "prod_doesnotexist" },
    });
    assert.equal(unknown.statusCode, 404, unknown.body);
  } finally {
    prices.up();
  }
});
