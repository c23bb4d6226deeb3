import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { HDKey } from "@scure/bip32";
import { decode } from "light-bolt11-decoder";
import { watchOnce } from "../../src/domain/crypto/watch-chain.ts";
import { startFakeEsplora } from "../helpers/fake-chain.ts";
import { type BothNodes, nodeBackends, startBothNodes } from "../helpers/ln-peer/index.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { untilValue } from "../helpers/until.ts";

// Lightning on the Bitcoin charge, end to end through the API, against each node peer: the
// unified URI's invoice (decoded with light-bolt11-decoder), settlement by stream and by the
// periodic check, a node down at creation, both paths paid, Lightning-only small amounts, and
// no secret in the database. 350,000 BRL/BTC: R$ 35 is 10,000 sats.

let svc: TestService;
let nodes: BothNodes;
let chain: Awaited<ReturnType<typeof startFakeEsplora>>;

before(async () => {
  nodes = await startBothNodes();
  chain = await startFakeEsplora();
  svc = await startTestService({
    env: {
      TOSTAO_WORKERS: "false",
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      TOSTAO_ESPLORA_URL_TESTNET: chain.url,
      TOSTAO_LIGHTNING_CHECK_SECONDS: "0.2",
    },
  });
});
after(async () => {
  await svc.close();
  await nodes.close();
  await chain.close();
});

const backends = nodeBackends(() => nodes);

const create = (token: string, body: unknown) =>
  svc.call("POST", "/api/crypto/charge/create", { token, body });
const status = async (token: string, id: string) =>
  (await svc.call("GET", `/api/crypto/charge/status?charge_id=${id}`, { token })).json().data;
const approvals = async (token: string, id: string) =>
  (
    (await svc.call("GET", `/api/events?charge_id=${id}`, { token })).json().data.events as Array<{
      event: string;
      data: { paymentMethod?: string };
    }>
  ).filter((e) => e.event === "charge.approved");
const field = (inv: string, name: string) =>
  (decode(inv).sections.find((s) => s.name === name) as { value?: unknown } | undefined)?.value;
const hashOf = (inv: string) => String(field(inv, "payment_hash"));

async function connect(token: string, body: object) {
  const res = await svc.call("POST", "/api/crypto/lightning", { token, body });
  assert.equal(res.statusCode, 200, res.body);
  // The worker's streams start at its next refresh; the test asks for it now.
  await svc.lightningWorker.runOnce();
  return res.json().data;
}

describe("Lightning on the Bitcoin charge", () => {
  for (const b of backends) {
    test(`${b.name}: the unified URI's invoice decodes to the charge's msat and expiry; settling approves within 2 s with one charge.approved (lightning)`, async () => {
      const a = await svc.newAccount();
      const view = await connect(a.test, b.body());
      assert.equal(view.backend, b.name);
      assert.ok(
        !JSON.stringify(view).includes(
          b.name === "lnd" ? nodes.lnd.macaroon : nodes.phoenixd.password,
        ),
      );
      const got = (await svc.call("GET", "/api/crypto/lightning", { token: a.test })).json().data;
      assert.deepEqual(got, view);

      const res = await create(a.test, { value: 35, product_name: "Camiseta" });
      assert.equal(res.statusCode, 200, res.body);
      const c = res.json().data;
      assert.equal(c.lightning, "included");
      const m =
        /^bitcoin:(\w+)\?amount=0\.0001&label=Camiseta&message=Charge%20BTC-\w+&lightning=(\w+)$/.exec(
          c.payUri,
        );
      assert.ok(m, c.payUri);
      assert.equal(m[2], c.lightningInvoice);
      assert.equal(field(c.lightningInvoice, "amount"), "10000000", "10,000 sats in msat");
      assert.equal(field(c.lightningInvoice, "expiry"), 15 * 60, "the charge's lifetime");
      assert.equal(field(c.lightningInvoice, "description"), "Camiseta");

      await untilValue(
        "the node stream",
        async () => b.peer().streamCount(),
        (n) => n >= 1,
        3000,
      );
      const t0 = Date.now();
      b.peer().settle(hashOf(c.lightningInvoice));
      const st = await untilValue(
        "the charge approved",
        () => status(a.test, c.chargeId),
        (s) => s.statusCode === "approved",
        2000,
      );
      assert.equal(st.statusCode, "approved", "approved within 2 s of the settlement");
      assert.ok(Date.now() - t0 < 2000);
      assert.equal(st.paymentMethod, "lightning");
      const events = await approvals(a.test, c.chargeId);
      assert.equal(events.length, 1);
      assert.equal(events[0]?.data.paymentMethod, "lightning");
      assert.deepEqual(b.peer().violations, []);
    });

    test(`${b.name}: a stream dropped before the settlement still approves (resume or check)`, async () => {
      const a = await svc.newAccount();
      await connect(a.test, b.body());
      const c = (await create(a.test, { value: 35 })).json().data;
      await untilValue(
        "the node stream",
        async () => b.peer().streamCount(),
        (n) => n >= 1,
        3000,
      );
      b.peer().dropStreams();
      b.peer().settle(hashOf(c.lightningInvoice));
      const st = await untilValue(
        "the charge approved",
        () => status(a.test, c.chargeId),
        (s) => s.statusCode === "approved",
        3000,
      );
      assert.equal(st.statusCode, "approved");
      assert.equal((await approvals(a.test, c.chargeId)).length, 1);
    });

    test(`${b.name}: the node down at creation gives an on-chain-only charge in under 3 s`, async () => {
      const a = await svc.newAccount();
      await connect(a.test, b.body());
      b.peer().down("hang");
      try {
        const t0 = Date.now();
        const res = await create(a.test, { value: 35 });
        const ms = Date.now() - t0;
        assert.equal(res.statusCode, 200, res.body);
        const c = res.json().data;
        assert.ok(ms < 3000, `${ms} ms`);
        assert.equal(c.lightning, "unavailable");
        assert.equal(c.lightningInvoice, null);
        assert.match(c.lightningNote, /did not answer/);
        assert.ok(!c.payUri.includes("lightning="));
        // Below the dust limit there is nothing to pay on-chain: refused, saying why.
        const small = await create(a.test, { value: 0.5 });
        assert.equal(small.statusCode, 422);
        assert.match(small.json().error ?? "", /dust limit.*Lightning node did not answer/);
      } finally {
        b.peer().down(false);
      }
    });
  }

  test("both paths paid: one approval (on-chain first), the Lightning payment recorded as a second payment", async () => {
    const a = await svc.newAccount();
    await connect(a.test, backends[0]?.body() ?? {});
    const c = (await create(a.test, { value: 35 })).json().data;
    chain.pay(c.address, 10_000);
    await watchOnce({ ...svc.deps, ...svc.deps.crypto });
    assert.equal((await status(a.test, c.chargeId)).statusCode, "approved");
    nodes.lnd.settle(hashOf(c.lightningInvoice));
    const extra = await untilValue(
      "the extra payment recorded",
      () =>
        svc.deps.db.query<{ method: string; amount_sats: string }>(
          "SELECT method, amount_sats::text FROM charge_extra_payments WHERE charge_id = $1",
          [c.chargeId],
        ),
      (r) => r.length === 1,
      3000,
    );
    assert.deepEqual(extra, [{ method: "lightning", amount_sats: "10000" }]);
    const events = await approvals(a.test, c.chargeId);
    assert.equal(events.length, 1);
    assert.equal(events[0]?.data.paymentMethod, "onchain");
    assert.equal((await status(a.test, c.chargeId)).paymentMethod, "onchain");
  });

  test("both paths paid: Lightning first, the on-chain payment after it recorded, one approval", async () => {
    const a = await svc.newAccount();
    await connect(a.test, backends[0]?.body() ?? {});
    const c = (await create(a.test, { value: 35 })).json().data;
    await untilValue(
      "the node stream",
      async () => nodes.lnd.streamCount(),
      (n) => n >= 1,
      3000,
    );
    nodes.lnd.settle(hashOf(c.lightningInvoice));
    await untilValue(
      "the charge approved",
      () => status(a.test, c.chargeId),
      (s) => s.statusCode === "approved",
      2000,
    );
    chain.pay(c.address, 10_000);
    await watchOnce({ ...svc.deps, ...svc.deps.crypto });
    const extra = await untilValue(
      "the extra payment recorded",
      async () => {
        await svc.lightningWorker.runOnce();
        return svc.deps.db.query<{ method: string }>(
          "SELECT method FROM charge_extra_payments WHERE charge_id = $1",
          [c.chargeId],
        );
      },
      (r) => r.length === 1,
      3000,
    );
    assert.deepEqual(
      extra.map((r) => r.method),
      ["onchain"],
    );
    assert.equal((await approvals(a.test, c.chargeId)).length, 1);
  });

  test("a replayed create (same Idempotency-Key and body) is answered from the stored response and asks the node for nothing", async () => {
    const a = await svc.newAccount();
    await connect(a.test, backends[0]?.body() ?? {});
    const invoiceCalls = () =>
      nodes.lnd.requests.filter((r) => r.method === "POST" && r.path === "/v1/invoices").length;
    const keyed = (body: object) =>
      svc.call("POST", "/api/crypto/charge/create", {
        token: a.test,
        body,
        headers: { "idempotency-key": "btc-order-9" },
      });
    const before = invoiceCalls();
    const first = await keyed({ value: 35, product_name: "Camiseta" });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().data.lightning, "included");
    assert.equal(invoiceCalls(), before + 1);
    const replay = await keyed({ value: 35, product_name: "Camiseta" });
    assert.equal(replay.headers["idempotent-replayed"], "true");
    assert.equal(replay.body, first.body);
    const other = await keyed({ value: 36, product_name: "Camiseta" });
    assert.equal(other.statusCode, 422, other.body);
    assert.equal(invoiceCalls(), before + 1, "neither the replay nor the 422 asked the node");
  });

  test("R$ 0,50 is a Lightning-only charge with a node, refused clearly without one", async () => {
    const a = await svc.newAccount();
    await connect(a.test, backends[1]?.body() ?? {});
    const res = await create(a.test, { value: 0.5 });
    assert.equal(res.statusCode, 200, res.body);
    const c = res.json().data;
    assert.equal(c.lightning, "lightning_only");
    assert.match(c.lightningNote, /below the on-chain dust limit/);
    assert.equal(c.payUri, `lightning:${c.lightningInvoice}`);
    assert.equal(field(c.lightningInvoice, "amount"), String(143 * 1000));
    nodes.phoenixd.settle(hashOf(c.lightningInvoice));
    const st = await untilValue(
      "the charge approved",
      () => status(a.test, c.chargeId),
      (s) => s.statusCode === "approved",
      2000,
    );
    assert.equal(st.statusCode, "approved");

    // Live, a wallet and no node: refused, naming the way out.
    const key = HDKey.fromMasterSeed(randomBytes(64)).derive("m/84'/0'/0'").publicExtendedKey;
    assert.equal(
      (await svc.call("POST", "/api/crypto/wallet", { token: a.live, body: { key } })).statusCode,
      200,
    );
    const refused = await create(a.live, { value: 0.5 });
    assert.equal(refused.statusCode, 422);
    assert.match(
      refused.json().error ?? "",
      /below the 294 sats .* dust limit.* no Lightning node is connected .*POST \/api\/crypto\/lightning/,
    );
  });

  test("saving checks the node: wrong secret, wrong network for the mode, no secret in the database", async () => {
    const a = await svc.newAccount();
    const bad = await svc.call("POST", "/api/crypto/lightning", {
      token: a.test,
      body: { backend: "phoenixd", url: nodes.phoenixd.url, password: "wrong" },
    });
    assert.equal(bad.statusCode, 422);
    assert.match(bad.json().error ?? "", /^password: the node refused/);
    const live = await svc.call("POST", "/api/crypto/lightning", {
      token: a.live,
      body: { backend: "phoenixd", url: nodes.phoenixd.url, password: nodes.phoenixd.password },
    });
    assert.equal(live.statusCode, 422);
    assert.match(live.json().error ?? "", /testnet; live mode takes a mainnet node/);
    const missing = await svc.call("POST", "/api/crypto/lightning", {
      token: a.test,
      body: { backend: "lnd", url: nodes.lnd.url },
    });
    assert.equal(missing.statusCode, 422);
    assert.match(missing.json().error ?? "", /^macaroon: is required/);

    await connect(a.test, backends[0]?.body() ?? {});
    const b2 = await svc.newAccount();
    // Through an Idempotency-Key too: the stored reply must hold no secret either.
    const keyed = await svc.call("POST", "/api/crypto/lightning", {
      token: b2.test,
      body: backends[1]?.body(),
      headers: { "idempotency-key": "ln-save-1" },
    });
    assert.equal(keyed.statusCode, 200, keyed.body);
    // Every text column of the tables Lightning added, as a dump would show them.
    const dump = JSON.stringify([
      await svc.deps.db.query("SELECT * FROM lightning_connections"),
      await svc.deps.db.query("SELECT * FROM lightning_invoices"),
      await svc.deps.db.query("SELECT * FROM charge_extra_payments"),
      await svc.deps.db.query("SELECT * FROM idempotency_keys"),
    ]);
    assert.ok(dump.includes("lnd") && dump.includes("phoenixd"));
    assert.ok(!dump.includes(nodes.lnd.macaroon), "no macaroon in clear");
    assert.ok(!dump.includes(nodes.phoenixd.password), "no password in clear");

    const del = await svc.call("POST", "/api/crypto/lightning/delete", { token: a.test });
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(
      (await svc.call("GET", "/api/crypto/lightning", { token: a.test })).statusCode,
      404,
    );
  });

  test("sandbox: a test token with no node gets a simulated invoice (real BOLT11 on the test network)", async () => {
    const a = await svc.newAccount();
    const c = (await create(a.test, { value: 35 })).json().data;
    assert.equal(c.lightning, "simulated");
    assert.match(c.lightningInvoice, /^lntb100u1/, "testnet, 10,000 sats");
    assert.equal(field(c.lightningInvoice, "amount"), "10000000");
    assert.ok(c.payUri.endsWith(`&lightning=${c.lightningInvoice}`));
    const paid = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: c.chargeId, method: "lightning" },
    });
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal(paid.json().data.statusCode, "approved");
    assert.equal(paid.json().data.paymentMethod, "lightning");
    assert.equal(paid.json().data.simulated, true);
    const events = await approvals(a.test, c.chargeId);
    assert.deepEqual(
      events.map((e) => e.data.paymentMethod),
      ["lightning"],
    );
    const pix = (
      await svc.call("POST", "/api/pix/charge/create", { token: a.test, body: { value: 5 } })
    ).json().data;
    const refused = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: pix.chargeId, method: "lightning" },
    });
    assert.equal(refused.statusCode, 422);
    assert.match(refused.json().error ?? "", /^method: /);
  });
});
