import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { HDKey } from "@scure/bip32";
import { decode } from "light-bolt11-decoder";
import { startLndPeer, startPhoenixdPeer } from "../helpers/ln-peer/index.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { until, untilValue } from "../helpers/until.ts";

// A Lightning address (LUD-16 over LUD-06's payRequest), end to end against each node peer on
// mainnet (the address is the live connection's): the payRequest and its metadata, the
// callback's invoice (decoded with light-bolt11-decoder: its amount and `h` tag), settlement
// approving the charge it recorded, and the errors in LUD-06's words. 350,000 BRL/BTC.

const BASE = "https://loja.example";
let svc: TestService;
let lnd: Awaited<ReturnType<typeof startLndPeer>>;
let phoenixd: Awaited<ReturnType<typeof startPhoenixdPeer>>;

before(async () => {
  lnd = await startLndPeer({ network: "mainnet" });
  phoenixd = await startPhoenixdPeer({ network: "mainnet" });
  svc = await startTestService({
    env: {
      TOSTAO_WORKERS: "false",
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      TOSTAO_BASE_URL: BASE,
      TOSTAO_LIGHTNING_CHECK_SECONDS: "0.2",
    },
  });
});
after(async () => {
  await svc.close();
  await lnd.close();
  await phoenixd.close();
});

const backends = [
  {
    name: "lnd",
    peer: () => lnd,
    body: () => ({
      backend: "lnd",
      url: lnd.url,
      macaroon: lnd.macaroon,
      tls_certificate: lnd.certificate,
    }),
  },
  {
    name: "phoenixd",
    peer: () => phoenixd,
    body: () => ({ backend: "phoenixd", url: phoenixd.url, password: phoenixd.password }),
  },
] as const;

const field = (inv: string, name: string) =>
  (decode(inv).sections.find((s) => s.name === name) as { value?: unknown } | undefined)?.value;

/** A live account with a mainnet wallet and the peer connected under `name`. */
async function liveAddress(body: object, name: string) {
  const a = await svc.newAccount();
  const xpub = HDKey.fromMasterSeed(randomBytes(64)).derive("m/84'/0'/0'").publicExtendedKey;
  const w = await svc.call("POST", "/api/crypto/wallet", { token: a.live, body: { key: xpub } });
  assert.equal(w.statusCode, 200, w.body);
  const res = await svc.call("POST", "/api/crypto/lightning", {
    token: a.live,
    body: { ...body, address_name: name },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().data.addressName, name);
  await svc.lightningWorker.runOnce();
  return a;
}

const get = (path: string) => svc.call("GET", path);

describe("a Lightning address", () => {
  for (const b of backends) {
    test(`${b.name}: name@host answers a payRequest whose callback invoice is for the amount asked, commits to sha256(metadata), and settles into an approved charge within 5 s`, async () => {
      const name = `loja.${b.name}-${randomBytes(3).toString("hex")}`;
      const a = await liveAddress(b.body(), name);
      const pr = await get(`/.well-known/lnurlp/${name}`);
      assert.equal(pr.statusCode, 200, pr.body);
      assert.equal(pr.headers["access-control-allow-origin"], "*");
      const p = JSON.parse(pr.body);
      assert.equal(p.tag, "payRequest");
      assert.equal(p.callback, `${BASE}/lnurlp/${name}/callback`);
      assert.equal(p.commentAllowed, 0);
      // R$ 0.01 at 350,000 BRL/BTC is 2.86 sats: 3 sats is the least.
      assert.equal(p.minSendable, 3000);
      assert.ok(p.maxSendable > p.minSendable && p.maxSendable % 1000 === 0);
      const meta = JSON.parse(p.metadata) as string[][];
      assert.equal(meta.find((m) => m[0] === "text/plain")?.length, 2);
      assert.deepEqual(
        meta.find((m) => m[0] === "text/identifier"),
        ["text/identifier", `${name}@loja.example`],
      );

      const cb = await get(`/lnurlp/${name}/callback?amount=21000000`);
      assert.equal(cb.statusCode, 200, cb.body);
      const { pr: invoice, routes } = JSON.parse(cb.body);
      assert.deepEqual(routes, []);
      assert.equal(field(invoice, "amount"), "21000000", "exactly the msat asked");
      assert.equal(
        field(invoice, "description_hash"),
        createHash("sha256").update(p.metadata, "utf8").digest("hex"),
      );
      assert.deepEqual(b.peer().violations, []);

      const list = await svc.call("GET", "/api/crypto/charges", { token: a.live });
      const charges = list.json().data.charges as Array<{ chargeId?: string; id?: string }>;
      assert.equal(charges.length, 1, list.body);
      const id = String(charges[0]?.chargeId ?? charges[0]?.id);
      const st0 = (
        await svc.call("GET", `/api/crypto/charge/status?charge_id=${id}`, { token: a.live })
      ).json().data;
      assert.equal(st0.statusCode, "pending");
      assert.equal(st0.amountBrl, 73.5, "21,000 sats at 350,000 BRL/BTC");

      await until("the node stream", () => b.peer().streamCount() >= 1, 3000);
      const t0 = Date.now();
      b.peer().settle(String(field(invoice, "payment_hash")));
      const st = await untilValue(
        "the charge approved",
        async () =>
          (
            await svc.call("GET", `/api/crypto/charge/status?charge_id=${id}`, { token: a.live })
          ).json().data,
        (s) => s.statusCode === "approved",
        5000,
      );
      assert.ok(Date.now() - t0 < 5000);
      assert.equal(st.paymentMethod, "lightning");
      const approved = (await svc.eventsOf(a.live, id)).filter(
        (e) => e.event === "charge.approved",
      );
      assert.equal(approved.length, 1);
      assert.equal(approved[0]?.data.paymentMethod, "lightning");
    });
  }

  test("below the minimum, not whole msat, missing or past the maximum: ERROR in LUD-06's words, no invoice asked", async () => {
    const name = `erros-${randomBytes(3).toString("hex")}`;
    await liveAddress(backends[0].body(), name);
    const before = lnd.book.all().length;
    for (const [q, reason] of [
      ["amount=2000", /between 3000 and/],
      ["amount=1.5", /whole number of millisatoshis/],
      ["amount=3500", /multiple of 1000/],
      ["", /amount: is required/],
      ["amount=99999999999999999", /whole number|between/],
      ["amount=5000%00", /amount: must be text without NUL/],
      ["amount=5000&amount=6000", /whole number of millisatoshis|is required/],
    ] as const) {
      const res = await get(`/lnurlp/${name}/callback${q ? `?${q}` : ""}`);
      assert.equal(res.statusCode, 400, `${q}: ${res.body}`);
      const body = JSON.parse(res.body);
      assert.equal(body.status, "ERROR");
      assert.match(body.reason, reason);
    }
    assert.equal(lnd.book.all().length, before, "the node was not asked");
  });

  test("an unknown name, one removed, or a malformed one answers 404 with status ERROR", async () => {
    for (const path of [
      "/.well-known/lnurlp/nobody-here",
      "/lnurlp/nobody-here/callback?amount=5000",
      "/.well-known/lnurlp/No%20Such%21",
    ]) {
      const res = await get(path);
      assert.equal(res.statusCode, 404, path);
      assert.equal(JSON.parse(res.body).status, "ERROR");
    }
    // Text the database cannot store is refused before the handler, still in LUD-06's words.
    for (const path of ["/.well-known/lnurlp/loja%00x", "/lnurlp/loja%00x/callback?amount=5000"]) {
      const res = await get(path);
      assert.equal(res.statusCode, 400, path);
      assert.equal(JSON.parse(res.body).status, "ERROR");
    }
    const name = `removida-${randomBytes(3).toString("hex")}`;
    const a = await liveAddress(backends[1].body(), name);
    const off = await svc.call("POST", "/api/crypto/lightning", {
      token: a.live,
      body: { ...backends[1].body(), address_name: null },
    });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal((await get(`/.well-known/lnurlp/${name}`)).statusCode, 404);
  });

  test("a name is one account's on the instance (409), live only (422), LUD-16 characters only (422)", async () => {
    const name = `unica-${randomBytes(3).toString("hex")}`;
    await liveAddress(backends[0].body(), name);
    const other = await svc.newAccount();
    const taken = await svc.call("POST", "/api/crypto/lightning", {
      token: other.live,
      body: { ...backends[0].body(), address_name: name },
    });
    assert.equal(taken.statusCode, 409, taken.body);
    assert.match(taken.json().error ?? "", /address_name: .* already another account's/);
    const test_ = await svc.call("POST", "/api/crypto/lightning", {
      token: other.test,
      body: { backend: "lnd", url: lnd.url, macaroon: lnd.macaroon, address_name: "teste" },
    });
    assert.equal(test_.statusCode, 422);
    assert.match(test_.json().error ?? "", /address_name: .*live connection only/);
    const upper = await svc.call("POST", "/api/crypto/lightning", {
      token: other.live,
      body: { ...backends[0].body(), address_name: "Loja" },
    });
    assert.equal(upper.statusCode, 422, upper.body);
    assert.match(upper.json().error ?? "", /address_name: must be 1-64 of a-z/);
  });
});
