import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { REUSE_QUARANTINE_MS } from "../../src/domain/crypto/address-reuse.ts";
import { watchOnce } from "../../src/domain/crypto/watch-chain.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { useChainService } from "../helpers/fake-chain.ts";

// A public Bitcoin checkout nobody can lock (docs/decisions/0005-bitcoin-address-reuse.md):
// addresses of checkouts opened and abandoned go back to a pool once the chain shows them
// unused, and are handed out again before a new index, so the merchant's wallet never runs
// past its gap limit; a late payment to an address handed out again goes to the charge whose
// exact amount it is, or is recorded as unmatched with a payment.unmatched event.
// The chain is a local Esplora; time moves by the injected clock; the background jobs are off,
// so each watcher pass is one explicit watchOnce.

const EXPIRES_MINUTES = 1;
const GAP_LIMIT = 20;
const clock = manualClock(new Date());

const file = useChainService({
  clock,
  env: {
    TOSTAO_QUOTE_FIXED_BRL: "350000",
    TOSTAO_CRYPTO_EXPIRES_MINUTES: String(EXPIRES_MINUTES),
    TOSTAO_WORKERS: "false",
    TOSTAO_RATE_LIMIT_PUBLIC: "0",
    TOSTAO_CHECKOUT_PER_IP_PER_MINUTE: "0",
    TOSTAO_CHECKOUT_PER_PRODUCT_PER_MINUTE: "0",
  },
});

type Opened = { chargeId: string; address: string; amountCrypto: string };
const sats = (btc: string) => Math.round(Number(btc) * 100_000_000);
const watch = () => watchOnce({ ...file.svc.deps, ...file.svc.deps.crypto });
const publicCheckout = (product: string) =>
  file.svc.call("POST", "/api/crypto/charge/create", { body: { product_id: product } });
const wallet = async (token: string) =>
  (await file.svc.call("GET", "/api/crypto/wallet", { token })).json().data as {
    nextIndex: number;
    unpaidAddresses: number;
    reusedAddresses: number;
    pooledAddresses: number;
    unmatchedPayments: number;
  };
const status = async (token: string, id: string) =>
  (await file.svc.call("GET", `/api/crypto/charge/status?charge_id=${id}`, { token })).json()
    .data as {
    statusCode: string;
    paidLate: boolean;
  };

describe("public Bitcoin checkout: addresses handed out again", () => {
  test("200 checkouts opened and abandoned leave the checkout open and the wallet within its gap limit; a late payment to a reused address goes to the charge of its amount, an unknown amount is announced as unmatched", async () => {
    const a = await file.svc.newAccount();
    const created = await file.svc.call("POST", "/api/products/create", {
      token: a.test,
      body: { name: "Ebook", value: 35 },
    });
    const product = created.json().data.id as string;

    // Twenty waves of ten visitors who open the checkout and leave; between waves the charges
    // expire and the quarantine passes.
    const opened: Opened[] = [];
    for (let wave = 0; wave < 20; wave++) {
      const replies = await Promise.all(Array.from({ length: 10 }, () => publicCheckout(product)));
      for (const r of replies) {
        assert.equal(r.statusCode, 200, `wave ${wave}: ${r.body}`);
        opened.push(r.json().data as Opened);
      }
      clock.advance(EXPIRES_MINUTES * 60_000 + REUSE_QUARANTINE_MS + 60_000);
      await watch();
    }
    assert.equal(opened.length, 200);

    // Unused addresses in a row past the last used one: at most the gap limit plus those still
    // pending (none now: every wave expired and went back to the pool).
    const w = await wallet(a.test);
    assert.ok(w.nextIndex <= GAP_LIMIT, `next index ${w.nextIndex}`);
    assert.equal(w.unpaidAddresses, w.nextIndex, "nothing was paid");
    assert.equal(new Set(opened.map((o) => o.address)).size, w.nextIndex);
    assert.equal(w.reusedAddresses, 200 - w.nextIndex, "every other checkout reused an address");
    assert.equal(w.pooledAddresses, w.nextIndex);

    // The checkout is still open, and takes a pooled address (the lowest) rather than a new one.
    const b = await publicCheckout(product);
    assert.equal(b.statusCode, 200, b.body);
    const holder = b.json().data as Opened;
    assert.equal((await wallet(a.test)).nextIndex, w.nextIndex, "no new index was used");
    const earlier = opened.filter((o) => o.address === holder.address);
    assert.ok(earlier.length >= 2, "the address was held before");
    // Every holder of one address has its own amount, so the amount says whose a payment is.
    const amounts = [...earlier, holder].map((o) => sats(o.amountCrypto));
    assert.equal(new Set(amounts).size, amounts.length, amounts.join(","));

    // Late payments to it: the first abandoned charge's exact amount, the current charge's, and
    // an amount nobody was asked for.
    const first = earlier[0] as Opened;
    file.chain.pay(holder.address, sats(first.amountCrypto));
    file.chain.pay(holder.address, sats(holder.amountCrypto));
    file.chain.pay(holder.address, 12_345);
    await watch();

    const late = await status(a.test, first.chargeId);
    assert.equal(late.statusCode, "approved", "the late payment went to its own charge");
    assert.equal(late.paidLate, true);
    assert.equal((await status(a.test, holder.chargeId)).statusCode, "approved");
    for (const o of earlier.slice(1)) {
      assert.equal((await status(a.test, o.chargeId)).statusCode, "expired", o.chargeId);
    }
    const events = (await file.svc.call("GET", "/api/events?limit=200", { token: a.test })).json()
      .data.events as Array<{ event: string; data: Record<string, unknown> }>;
    const unmatched = events.filter((e) => e.event === "payment.unmatched");
    assert.equal(unmatched.length, 1, "one payment.unmatched, for the unknown amount only");
    assert.equal(unmatched[0]?.data.kind, "bitcoin");
    assert.equal(unmatched[0]?.data.address, holder.address);
    assert.equal(unmatched[0]?.data.amountSats, 12_345);
    assert.deepEqual(
      [...((unmatched[0]?.data.chargeIds ?? []) as string[])].sort(),
      [...earlier, holder].map((o) => o.chargeId).sort(),
    );
    assert.equal((await wallet(a.test)).unmatchedPayments, 1);

    // Another pass attributes nothing twice.
    clock.advance(10_000);
    await watch();
    const again = (await file.svc.call("GET", "/api/events?limit=200", { token: a.test })).json()
      .data.events as Array<{ event: string }>;
    assert.equal(again.filter((e) => e.event === "payment.unmatched").length, 1);
  });

  test("an address with history on the chain is never handed out again", async () => {
    const a = await file.svc.newAccount();
    const c = await file.svc.call("POST", "/api/crypto/charge/create", {
      token: a.test,
      body: { value: 35 },
    });
    const first = c.json().data as Opened;
    // A payment too small to pay the charge still marks the address as used.
    file.chain.pay(first.address, 500);
    clock.advance(EXPIRES_MINUTES * 60_000 + 1);
    await watch();
    clock.advance(REUSE_QUARANTINE_MS + 60_000);
    await watch();
    const next = await file.svc.call("POST", "/api/crypto/charge/create", {
      token: a.test,
      body: { value: 35 },
    });
    assert.notEqual((next.json().data as Opened).address, first.address);
    assert.equal((await wallet(a.test)).reusedAddresses, 0);
  });
});
