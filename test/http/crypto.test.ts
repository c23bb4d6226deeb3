import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { HDKey } from "@scure/bip32";
import { NETWORK, p2wpkh } from "@scure/btc-signer";
import { generateTestWallet } from "../../src/bitcoin/wallet.ts";
import { watchOnce } from "../../src/domain/crypto/watch-chain.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { startFakeEsplora, startFakePriceSources } from "../helpers/fake-chain.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

const clock = manualClock(new Date());
let svc: TestService;
let chain: Awaited<ReturnType<typeof startFakeEsplora>>;
let prices: Awaited<ReturnType<typeof startFakePriceSources>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

before(async () => {
  chain = await startFakeEsplora();
  prices = await startFakePriceSources({
    binance: "350000.00",
    coinbase: "350100.00",
    mercadobitcoin: "349900.00",
  });
  receiver = await startReceiver();
  svc = await startTestService({
    clock,
    env: {
      ...prices.env,
      TOSTAO_QUOTE_FIXED_BRL: "",
      TOSTAO_ESPLORA_URL_TESTNET: chain.url,
      TOSTAO_WORKERS: "false",
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
    },
  });
});
after(async () => {
  await svc.close();
  await chain.close();
  await prices.close();
  await receiver.close();
});

const create = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  svc.call("POST", "/api/crypto/charge/create", { ...(token ? { token } : {}), body, headers });
const status = (token: string | undefined, id: string) =>
  svc.call(
    "GET",
    `/api/crypto/charge/status?charge_id=${encodeURIComponent(id)}`,
    token ? { token } : {},
  );
const watcherDeps = () => ({ ...svc.deps, ...svc.deps.crypto });
/** The charge's events, in order, are charge.<name> for each of `names`. */
const assertChargeEvents = async (token: string, id: string, ...names: string[]) =>
  assert.deepEqual(
    (await svc.eventsOf(token, id)).map((e) => e.event),
    names.map((n) => `charge.${n}`),
  );

/** Activates a wallet key for the token's account and mode; returns the wallet view. */
async function activateKey(token: string, key: string) {
  const res = await svc.call("POST", "/api/crypto/wallet", { token, body: { key } });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { nextIndex: number; unpaidAddresses: number };
}

describe("Bitcoin charges", () => {
  test("quote, create, status pending, simulate-pay, status approved, charge.approved delivered", async () => {
    const a = await svc.newAccount();
    const quote = await svc.call("GET", "/api/crypto/quote?brl=100");
    assert.equal(quote.statusCode, 200, quote.body);
    const q = quote.json().data;
    assert.equal(q.pair, "BTC/BRL");
    assert.equal(q.price, 350000, "median of the three sources");
    assert.equal(q.btc, "0.00028571");
    assert.equal(q.sources.length, 3);

    await svc.call("POST", "/api/webhooks/create", {
      token: a.test,
      body: { url: receiver.url, events: ["charge.approved"] },
    });
    const res = await create(a.test, {
      value: 100,
      product_name: "Camiseta",
      customer_name: "Maria",
      customer_email: "maria@example.com",
    });
    assert.equal(res.statusCode, 200, res.body);
    const c = res.json().data;
    assert.match(c.chargeId, /^BTC-/);
    assert.equal(c.status, "Pendente");
    assert.equal(c.statusCode, "pending");
    assert.equal(c.amountBrl, 100);
    assert.equal(c.amountCrypto, "0.00028571");
    assert.match(c.address, /^tb1q[0-9a-z]{38}$/);
    assert.equal(c.copyAddress, c.address);
    // The sandbox adds its simulated Lightning invoice (docs/lightning.md).
    assert.equal(
      c.payUri,
      `bitcoin:${c.address}?amount=0.00028571&label=Camiseta&message=Charge%20${c.chargeId}&lightning=${c.lightningInvoice}`,
    );
    assert.match(c.qrCodeImage, /^http:\/\/.+\/api\/crypto\/charge\/qr\?charge_id=BTC-/);
    assert.equal(c.provider, "crypto");
    assert.equal(new Date(c.expiresAt).getTime() - clock.now().getTime(), 15 * 60_000);

    const png = await svc.app.inject({
      method: "GET",
      url: new URL(c.qrCodeImage).pathname + new URL(c.qrCodeImage).search,
    });
    assert.equal(png.statusCode, 200);
    assert.equal(png.headers["content-type"], "image/png");

    assert.equal((await status(a.test, c.chargeId)).json().data.statusCode, "pending");
    const paid = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: c.chargeId },
    });
    assert.equal(paid.statusCode, 200, paid.body);
    const st = (await status(a.test, c.chargeId)).json().data;
    assert.equal(st.statusCode, "approved");
    assert.equal(st.simulated, true);
    const start = receiver.received.length;
    await svc.worker.runOnce();
    const got = receiver.received.slice(start);
    assert.equal(got.length, 1);
    assert.equal(got[0]?.json.event, "charge.approved");
    assert.equal(got[0]?.json.data.chargeId, c.chargeId);
  });

  test("a confirmed full payment approves on the next status read; the watcher approves without reads", async () => {
    const a = await svc.newAccount();
    const one = (await create(a.test, { value: 35 })).json().data;
    const two = (await create(a.test, { value: 35 })).json().data;
    const sats = 10_000; // 35 BRL at 350,000 BRL/BTC
    assert.equal(one.amountCrypto, "0.00010000");
    chain.pay(one.address, sats);
    chain.pay(two.address, sats);
    clock.advance(6_000);
    const st = (await status(a.test, one.chargeId)).json().data;
    assert.equal(st.statusCode, "approved");
    assert.equal(st.amountReceived, "0.00010000");
    assert.equal(st.paidLate, false);
    // The second is approved by the background watcher alone.
    await watchOnce(watcherDeps());
    const two2 = (await status(a.test, two.chargeId)).json().data;
    assert.equal(two2.statusCode, "approved");
    await assertChargeEvents(a.test, two.chargeId, "created", "pending", "approved");
  });

  test("an unconfirmed payment waits for confirmations; a partial payment stays pending with amountReceived", async () => {
    const a = await svc.newAccount();
    const c = (await create(a.test, { value: 35 })).json().data;
    chain.pay(c.address, 4_000);
    chain.pay(c.address, 6_000, { confirmed: false });
    clock.advance(6_000);
    let st = (await status(a.test, c.chargeId)).json().data;
    assert.equal(st.statusCode, "pending");
    assert.equal(st.amountReceived, "0.00010000");
    await assertChargeEvents(a.test, c.chargeId, "created", "pending", "updated");
    const partial = (await create(a.test, { value: 35 })).json().data;
    chain.pay(partial.address, 3_000);
    clock.advance(6_000);
    st = (await status(a.test, partial.chargeId)).json().data;
    assert.equal(st.statusCode, "pending");
    assert.equal(st.amountReceived, "0.00003000");
  });

  test("a charge expires unpaid with charge.declined; paid in full within 24 h after, it is approved with paidLate", async () => {
    const a = await svc.newAccount();
    const c = (await create(a.test, { value: 35 })).json().data;
    clock.advance(16 * 60_000);
    let st = (await status(a.test, c.chargeId)).json().data;
    assert.equal(st.statusCode, "expired");
    chain.pay(c.address, 10_000);
    clock.advance(6_000);
    st = (await status(a.test, c.chargeId)).json().data;
    assert.equal(st.statusCode, "approved");
    assert.equal(st.paidLate, true);
    await assertChargeEvents(a.test, c.chargeId, "created", "pending", "declined", "approved");
  });

  test("concurrent creates hand out distinct addresses", async () => {
    const a = await svc.newAccount();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => create(a.test, { value: 2 })),
    );
    assert.ok(results.every((r) => r.statusCode === 200));
    const addresses = new Set(results.map((r) => r.json().data.address));
    assert.equal(addresses.size, 100);
    const w = (await svc.call("GET", "/api/crypto/wallet", { token: a.test })).json().data;
    assert.equal(w.nextIndex, 100);
    assert.match(w.gapWarning, /gap limit/);
  });

  test("a wallet key activated again (A, then B, then A) resumes where it stopped: no address is reissued, nothing is walked past, and each key's unpaid count is its own", async () => {
    const a = await svc.newAccount();
    const keyA = generateTestWallet(randomBytes, "testnet").descriptor;
    const keyB = generateTestWallet(randomBytes, "testnet").descriptor;
    const activate = (key: string) => activateKey(a.test, key);
    const addresses = new Set<string>();
    const make = async () => {
      const res = await create(a.test, { value: 2 });
      assert.equal(res.statusCode, 200, res.body);
      addresses.add(res.json().data.address);
      return res.json().data.chargeId as string;
    };
    assert.equal((await activate(keyA)).nextIndex, 0);
    for (let i = 0; i < 3; i++) await make();
    assert.equal((await activate(keyB)).nextIndex, 0, "a new key starts at 0");
    const paidOnB = await make();
    const pay = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: paidOnB },
    });
    assert.equal(pay.statusCode, 200, pay.body);
    const backToA = await activate(keyA);
    assert.equal(backToA.nextIndex, 3, "A resumes after its three addresses");
    assert.equal(backToA.unpaidAddresses, 3, "B's payment says nothing about A's addresses");
    await make();
    const w = (await svc.call("GET", "/api/crypto/wallet", { token: a.test })).json().data;
    assert.equal(w.nextIndex, 4, "index 3 was handed out, none skipped");
    const toB = await activate(keyB);
    assert.equal(toB.nextIndex, 1);
    assert.equal(toB.unpaidAddresses, 0, "B's only address was paid");
    assert.equal(addresses.size, 5);
  });

  test("charges made before keys were recorded count as the key they were made with once it is replaced, so the new key's unpaid count is its own", async () => {
    const a = await svc.newAccount();
    const keyA = generateTestWallet(randomBytes, "testnet").descriptor;
    const keyB = generateTestWallet(randomBytes, "testnet").descriptor;
    const activate = (key: string) => activateKey(a.test, key);
    await activate(keyA);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(a.test, { value: 2 })).json().data.chargeId);
    const pay = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: ids[2] },
    });
    assert.equal(pay.statusCode, 200, pay.body);
    // As if made before the upgrade: no key id on the charges.
    await svc.deps.db.query(
      "UPDATE charges SET crypto = crypto - 'keyId' WHERE account_id = $1 AND method = 'crypto'",
      [a.accountId],
    );
    await activate(keyB);
    await create(a.test, { value: 2 });
    await create(a.test, { value: 2 });
    const w = (await svc.call("GET", "/api/crypto/wallet", { token: a.test })).json().data;
    assert.equal(w.nextIndex, 2);
    assert.equal(w.unpaidAddresses, 2, "A's paid index 2 says nothing about B");
    assert.equal((await activate(keyA)).unpaidAddresses, 0, "A's last address was paid");
  });

  test("an amount below the dust limit at the locked price is 422 naming the least chargeable", async () => {
    const a = await svc.newAccount();
    // R$ 1 is 286 sats at R$ 350,000/BTC; wallets will not send less than 294.
    const res = await create(a.test, { value: 1 });
    assert.equal(res.statusCode, 422);
    assert.match(res.json().error, /^value: is 286 sats .* dust limit.*R\$ 1\.03$/);
    const w = (await svc.call("GET", "/api/crypto/wallet", { token: a.test })).json().data;
    assert.equal(w.nextIndex, 0, "no address was handed out");
    assert.equal((await create(a.test, { value: 1.03 })).statusCode, 200);
  });

  test("the list holds only the caller's Bitcoin charges of its mode, newest first, up to limit", async () => {
    const a = await svc.newAccount();
    const other = await svc.newAccount();
    const ids: string[] = [];
    for (const value of [5, 6, 7]) {
      clock.advance(1);
      ids.push((await create(a.test, { value })).json().data.chargeId);
    }
    await create(other.test, { value: 8 });
    await svc.call("POST", "/api/pix/charge/create", { token: a.test, body: { value: 9 } });
    const list = async (query: string) =>
      (await svc.call("GET", `/api/crypto/charges${query}`, { token: a.test })).json().data
        .charges as Array<{ chargeId: string; amountBrl: number }>;
    assert.deepEqual(
      (await list("")).map((c) => c.chargeId),
      [...ids].reverse(),
    );
    assert.deepEqual(
      (await list("?limit=2")).map((c) => c.amountBrl),
      [7, 6],
    );
    const bad = await svc.call("GET", "/api/crypto/charges?limit=0", { token: a.test });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().error, "limit: must be between 1 and 200");
  });

  test("public checkout by product_id works without a token, refuses a wrong value, and its status has no customer data", async () => {
    const a = await svc.newAccount();
    const p = (
      await svc.call("POST", "/api/products/create", {
        token: a.test,
        body: { name: "Ebook", value: 35 },
      })
    ).json().data;
    const res = await create(undefined, {
      product_id: p.id,
      customer_name: "Joana",
      customer_email: "joana@example.com",
    });
    assert.equal(res.statusCode, 200, res.body);
    const c = res.json().data;
    assert.equal(c.amountBrl, 35);
    const wrong = await create(undefined, { product_id: p.id, value: 1 });
    assert.equal(wrong.statusCode, 422);
    assert.match(wrong.json().error ?? "", /^value: does not match/);
    const anonymous = await create(undefined, { value: 10 });
    assert.equal(anonymous.statusCode, 401, "no token and no product");
    assert.match(anonymous.json().error ?? "", /^authorization: .*product_id/);
    const pub = await status(undefined, c.chargeId);
    assert.equal(pub.statusCode, 200);
    assert.ok(!pub.body.includes("Joana") && !pub.body.includes("joana@example.com"));
    const own = (await status(a.test, c.chargeId)).json().data;
    assert.equal(own.customer_name, "Joana");
  });

  test("live mode needs an activated mainnet wallet; test keys and private keys are refused", async () => {
    const a = await svc.newAccount();
    const none = await create(a.live, { value: 10 });
    assert.equal(none.statusCode, 422);
    assert.match(none.json().error ?? "", /POST \/api\/crypto\/wallet/);
    // A key of the merchant's own (published test keys are refused in live mode, below).
    const account = HDKey.fromMasterSeed(randomBytes(64)).derive("m/84'/0'/0'");
    const xpub = account.publicExtendedKey;
    const w = await svc.call("POST", "/api/crypto/wallet", { token: a.live, body: { key: xpub } });
    assert.equal(w.statusCode, 200, w.body);
    assert.equal(w.json().data.network, "mainnet");
    const c = (await create(a.live, { value: 10 })).json().data;
    const first = account.deriveChild(0).deriveChild(0).publicKey;
    assert.ok(first);
    assert.equal(c.address, p2wpkh(first, NETWORK).address, "BIP84 0/0 of the wallet");
    assert.equal(c.livemode, true);
    assert.equal(
      (await svc.call("POST", "/api/crypto/wallet", { token: a.test, body: { key: xpub } }))
        .statusCode,
      422,
    );
    const prv = await svc.call("POST", "/api/crypto/wallet", {
      token: a.live,
      body: {
        key: "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi",
      },
    });
    assert.equal(prv.statusCode, 422);
    assert.match(prv.json().error ?? "", /private key/);
  });

  test("live mode refuses published test keys (anyone can spend from them); the sandbox takes them", async () => {
    const a = await svc.newAccount();
    for (const [key, source] of [
      // BIP84's test vector ("abandon … about", m/84'/0'/0'), as docs/crypto.md once showed it.
      [
        "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
        "m/84'/0'/0'",
      ],
      // The same account as a descriptor, the way wallet software prints it.
      [
        "wpkh([73c5da0a/84'/0'/0']xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V/0/*)",
        "m/84'/0'/0'",
      ],
      // The mnemonic's second BIP84 account.
      [
        "xpub6CatWdiZiodmYVtWLtEQsAg1H9ooS1bmsJUBwQ83FE1Fyk386FWcyicJgEZv3quZSJKA5dh5Lo2PbubMGxCfZtRthV6ST2qquL9w3HSzcUn",
        "m/84'/0'/1'",
      ],
      // BIP86's test vector account.
      [
        "xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ",
        "m/86'/0'/0'",
      ],
      // BIP32 test vector 1, m/0'/1/2'.
      [
        "xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5",
        "BIP32 test vector 1, m/0'/1/2'",
      ],
    ] as const) {
      const res = await svc.call("POST", "/api/crypto/wallet", { token: a.live, body: { key } });
      assert.equal(res.statusCode, 422, `${key}: ${res.body}`);
      const error = res.json().error ?? "";
      assert.match(error, /^key: this is a published test key \(/);
      assert.ok(error.includes(source), error);
      assert.match(error, /anyone can spend from it/);
    }
    const none = await svc.call("GET", "/api/crypto/wallet", { token: a.live });
    assert.equal(none.statusCode, 422, "no live wallet was stored");
    // The sandbox activates the same test-vector account in its test-network form.
    const vpub =
      "vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc";
    const sandbox = await activateKey(a.test, vpub);
    assert.equal(sandbox.nextIndex, 0);
    const c = (await create(a.test, { value: 10 })).json().data;
    assert.equal(
      c.address,
      "tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl",
      "BIP84's first testnet address",
    );
  });
});

describe("Bitcoin quotes from the price sources", () => {
  test("no source answering is 503 with a clear message, for the quote, its MCP tool and a create; a bad amount is still 422", async () => {
    const down = await startFakePriceSources({});
    down.down("binance", "coinbase", "mercadobitcoin");
    const s = await startTestService({ env: { ...down.env, TOSTAO_QUOTE_FIXED_BRL: "" } });
    try {
      const q = await s.call("GET", "/api/crypto/quote?brl=10");
      assert.equal(q.statusCode, 503);
      assert.match(
        q.json().error ?? "",
        /^quote: no BTC\/BRL price is available now \(.*binance.*\)/,
      );
      // Offline, the fix is a setting: the message names it.
      assert.match(q.json().error ?? "", /TOSTAO_QUOTE_FIXED_BRL/);
      // The caller's mistake is reported as such even while no price is available.
      const badBrl = await s.call("GET", "/api/crypto/quote?brl=1.234");
      assert.equal(badBrl.statusCode, 422);
      assert.equal(badBrl.json().error, "brl: must have at most 2 decimal places");
      const tool = await s.call("POST", "/api/integrations/mcp/call", {
        body: { tool: "get_crypto_quote", arguments: {} },
      });
      assert.equal(tool.statusCode, 503);
      assert.equal(tool.json().success, false);
      assert.equal(tool.json().error, q.json().error);
      const a = await s.newAccount();
      const c = await s.call("POST", "/api/crypto/charge/create", {
        token: a.test,
        body: { value: 10 },
      });
      assert.equal(c.statusCode, 503);
      const w = (await s.call("GET", "/api/crypto/wallet", { token: a.test })).json().data;
      assert.equal(w.nextIndex, 0, "a failed create hands out no address");
    } finally {
      await s.close();
      await down.close();
    }
  });

  test("one outlier source does not move the price", async () => {
    const skewed = await startFakePriceSources({
      binance: "350000.00",
      coinbase: "9999999.00",
      mercadobitcoin: "350200.00",
    });
    const s = await startTestService({ env: { ...skewed.env, TOSTAO_QUOTE_FIXED_BRL: "" } });
    try {
      const q = (await s.call("GET", "/api/crypto/quote")).json().data;
      assert.equal(q.price, 350100, "the median of the two agreeing sources");
      const bad = q.sources.find((x: { name: string }) => x.name === "coinbase");
      assert.ok(bad, "the outlier is still reported");
    } finally {
      await s.close();
      await skewed.close();
    }
  });

  test("TOSTAO_QUOTE_FIXED_BRL replaces the sources for offline development", async () => {
    const s = await startTestService({ env: { TOSTAO_QUOTE_FIXED_BRL: "300000" } });
    try {
      const q = (await s.call("GET", "/api/crypto/quote?brl=30")).json().data;
      assert.equal(q.price, 300000);
      assert.equal(q.btc, "0.00010000");
    } finally {
      await s.close();
    }
  });
});
