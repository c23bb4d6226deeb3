import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { generateTestWallet } from "../../src/bitcoin/wallet.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { useChainService } from "../helpers/fake-chain.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";

// Guarantees found missing in a review, each kept by a test.

const clock = manualClock(new Date());
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const VPUB_A =
  "vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc";

const file = useChainService({
  clock,
  env: {
    TOSTAO_WORKERS: "false",
    TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
  },
});
before(async () => {
  receiver = await startReceiver();
});
after(() => receiver.close());

/** A webhook of the account's test token (its view: id, secret). */
const webhookOf = async (token: string, url: string, events: string[]) =>
  (await file.svc.call("POST", "/api/webhooks/create", { token, body: { url, events } })).json()
    .data;
const deliveriesOf = async (token: string) =>
  (await file.svc.call("GET", "/api/webhooks/deliveries", { token })).json().data.deliveries;

/** A Bitcoin charge of R$ 35 (10,000 sats at the fixed quote): its view. */
const bitcoinCharge = async (token: string) =>
  (await file.svc.call("POST", "/api/crypto/charge/create", { token, body: { value: 35 } })).json()
    .data;
const bitcoinStatus = async (token: string, chargeId: string) =>
  (await file.svc.call("GET", `/api/crypto/charge/status?charge_id=${chargeId}`, { token })).json()
    .data;

describe("hardening", () => {
  test("a token made with an Idempotency-Key is replayed, but never stored in plaintext", async () => {
    const a = await file.svc.newAccount();
    const first = await file.svc.call("POST", "/api/auth/token/create", {
      token: a.live,
      body: { label: "k" },
      headers: { "idempotency-key": "tok-1" },
    });
    const value = first.json().data.token as string;
    const again = await file.svc.call("POST", "/api/auth/token/create", {
      token: a.live,
      body: { label: "k" },
      headers: { "idempotency-key": "tok-1" },
    });
    assert.equal(again.body, first.body);
    const dump = JSON.stringify(await file.svc.deps.db.query("SELECT * FROM idempotency_keys"));
    assert.ok(!dump.includes(value.slice(9)), "no token value in the idempotency store");
    const hook = await file.svc.call("POST", "/api/webhooks/create", {
      token: a.live,
      body: { url: "https://93.184.216.34/h", events: ["*"] },
      headers: { "idempotency-key": "wh-1" },
    });
    const secret = hook.json().data.secret as string;
    assert.ok(
      !JSON.stringify(await file.svc.deps.db.query("SELECT * FROM idempotency_keys")).includes(
        secret.slice(6),
      ),
    );
  });

  test("testing a * webhook sends one webhook.test to it and nothing to the others", async () => {
    const a = await file.svc.newAccount();
    const one = await webhookOf(a.test, receiver.url, ["*"]);
    await webhookOf(a.test, `${receiver.url}?other`, ["*"]);
    const res = await file.svc.call("POST", "/api/webhooks/test", {
      token: a.test,
      body: { id: one.id },
    });
    assert.equal(res.statusCode, 200, res.body);
    const log = await deliveriesOf(a.test);
    assert.equal(log.length, 1);
    assert.equal(log[0].webhookId, one.id);
  });

  test("an attempt that cannot even be signed is recorded and rescheduled, not stuck", async () => {
    const a = await file.svc.newAccount();
    const h = await webhookOf(a.test, receiver.url, ["charge.created"]);
    await file.svc.deps.db.query("UPDATE webhooks SET secret_box = 'v1:AAAA' WHERE id = $1", [
      h.id,
    ]);
    await file.svc.call("POST", "/api/pix/charge/create", { token: a.test, body: { value: 1 } });
    await file.svc.worker.runOnce();
    const [d] = await deliveriesOf(a.test);
    assert.equal(d.attempts, 1);
    assert.equal(d.status, "pending");
    assert.match(d.lastError, /^could not send/);
  });

  test("a delivery being attempted cannot be redelivered at the same time (409)", async () => {
    const a = await file.svc.newAccount();
    await webhookOf(a.test, receiver.url, ["charge.created"]);
    await file.svc.call("POST", "/api/pix/charge/create", { token: a.test, body: { value: 1 } });
    const [d] = await deliveriesOf(a.test);
    await file.svc.deps.db.query(
      "UPDATE deliveries SET locked_until = $2, locked_by = 'other' WHERE id = $1",
      [d.id, new Date(clock.now().getTime() + 10_000)],
    );
    const res = await file.svc.call("POST", "/api/webhooks/deliveries/redeliver", {
      token: a.test,
      body: { id: d.id },
    });
    assert.equal(res.statusCode, 409);
  });

  test("NUL characters are a 400, never a 500", async () => {
    const a = await file.svc.newAccount();
    assert.equal(
      (await file.svc.call("GET", "/api/pix/charge/status?charge_id=%00abc", { token: a.test }))
        .statusCode,
      400,
    );
    assert.equal(
      (
        await file.svc.call("POST", "/api/auth/token/create", {
          token: a.test,
          body: { label: "a\u0000b" },
        })
      ).statusCode,
      400,
    );
    assert.equal(
      (await file.svc.call("GET", "/api/crypto/charge/status?charge_id=%00")).statusCode,
      400,
    );
  });

  test("text PostgreSQL cannot hold (NUL, unpaired surrogates) is a 400 naming the field", async () => {
    const a = await file.svc.newAccount();
    const bodies: Array<[Record<string, unknown>, string]> = [
      [{ value: 10, title: "a\ud800b" }, "title"],
      [{ value: 10, description: "x\udc00" }, "description"],
      [{ value: 10, external_id: "a\u0000" }, "external_id"],
      [{ value: 10, address: { street: "Rua \ud83d" } }, "address.street"],
      [{ value: 10, customer_name: "\udfff Maria" }, "customer_name"],
    ];
    for (const [body, field] of bodies) {
      const res = await file.svc.call("POST", "/api/pix/charge/create", { token: a.test, body });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.match(res.json().error, new RegExp(`^${field.replace(".", "\\.")}: must be text`));
    }
    // A well-formed pair (an emoji) is fine.
    const ok = await file.svc.call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: { value: 10, title: "Café \ud83d\ude00" },
    });
    assert.equal(ok.statusCode, 200);
  });

  test("Bitcoin charges cannot be refunded or canceled through the PIX routes", async () => {
    const a = await file.svc.newAccount();
    const c = await bitcoinCharge(a.test);
    assert.equal(
      (
        await file.svc.call("POST", "/api/pix/charge/cancel", {
          token: a.test,
          body: { charge_id: c.chargeId },
        })
      ).statusCode,
      422,
    );
    await file.svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: c.chargeId },
    });
    assert.equal(
      (
        await file.svc.call("POST", "/api/pix/charge/refund", {
          token: a.test,
          body: { charge_id: c.chargeId },
        })
      ).statusCode,
      422,
    );
  });

  test("a quote for more BTC than exists is 422", async () => {
    const s = await startTestService({ env: { TOSTAO_QUOTE_FIXED_BRL: "1" } });
    try {
      assert.equal((await s.call("GET", "/api/crypto/quote?brl=9999999999")).statusCode, 422);
    } finally {
      await s.close();
    }
  });

  test("a key activated again never reuses an address, and old payments never approve a new charge", async () => {
    const a = await file.svc.newAccount();
    const activate = (key: string) =>
      file.svc.call("POST", "/api/crypto/wallet", { token: a.test, body: { key } });
    assert.equal((await activate(VPUB_A)).statusCode, 200);
    const first = await bitcoinCharge(a.test);
    file.chain.pay(first.address, 10_000);
    await file.svc.call("GET", "/api/crypto/wallet", { token: a.test });
    // Another key, then the first one again: its index starts over.
    const otherKey = generateTestWallet((n) => randomBytes(n), "testnet").xpub;
    const other = await file.svc.call("POST", "/api/crypto/wallet", {
      token: a.test,
      body: { key: otherKey },
    });
    assert.equal(other.statusCode, 200, other.body);
    assert.equal((await activate(VPUB_A)).statusCode, 200);
    const second = await bitcoinCharge(a.test);
    assert.notEqual(second.address, first.address, "an address is never given to two charges");
    // An old payment (mined a day before the charge) to a fresh charge's address does not count.
    const third = await bitcoinCharge(a.test);
    file.chain.pay(third.address, 10_000, {
      blockTime: Math.floor(clock.now().getTime() / 1000) - 86_400,
    });
    clock.advance(6_000);
    const st = await bitcoinStatus(a.test, third.chargeId);
    assert.equal(st.statusCode, "pending");
  });

  test("a payment first seen after expiry is late: expired, then approved with paidLate", async () => {
    const a = await file.svc.newAccount();
    const c = await bitcoinCharge(a.test);
    clock.advance(16 * 60_000); // overdue, not yet expired by any job
    file.chain.pay(c.address, 10_000, { confirmed: false });
    let st = await bitcoinStatus(a.test, c.chargeId);
    assert.equal(st.statusCode, "expired");
    file.chain.pay(c.address, 10_000); // and now one confirmed in full
    clock.advance(6_000);
    st = await bitcoinStatus(a.test, c.chargeId);
    assert.equal(st.statusCode, "approved");
    assert.equal(st.paidLate, true);
  });
});
