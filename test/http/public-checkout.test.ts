import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { startBudgetedCheckout } from "../helpers/checkout-budget.ts";
import { useFileService } from "../helpers/service.ts";

// The public checkout (a Bitcoin charge by product_id, no token) is open to anyone: however many
// visitors open it, it stays open (addresses abandoned go back to a pool, decision 0005), and
// its budgets keep one client or one product from taking addresses without limit.

const svc = useFileService({
  env: {
    TOSTAO_QUOTE_FIXED_BRL: "350000",
    TOSTAO_WORKERS: "false",
    TOSTAO_RATE_LIMIT_PUBLIC: "0",
  },
});

async function productOf(token: string, name: string) {
  const res = await svc.call("POST", "/api/products/create", {
    token,
    body: { name, value: 35 },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.id as string;
}

const publicCreate = (body: unknown) => svc.call("POST", "/api/crypto/charge/create", { body });

describe("public checkout", () => {
  test("is not locked by visitors who open it together: 30 creations at once are all served, each with its own address", async () => {
    const a = await svc.newAccount();
    const product = await productOf(a.test, "Ebook");
    const results = await Promise.all(
      Array.from({ length: 30 }, () => publicCreate({ product_id: product })),
    );
    for (const r of results) assert.equal(r.statusCode, 200, r.body);
    const addresses = new Set(results.map((r) => r.json().data.address));
    assert.equal(addresses.size, 30, "pending charges never share an address");
    const wallet = (await svc.call("GET", "/api/crypto/wallet", { token: a.test })).json().data;
    // Pending addresses are watched by the service itself; the wallet view warns the merchant
    // about the gap (addresses abandoned go back to the pool: bitcoin-address-reuse.test.ts).
    assert.equal(wallet.unpaidAddresses, 30);
    assert.match(wallet.gapWarning, /gap limit/);
  });

  test("a payer cannot rename what they pay for: the product's name is the charge's title", async () => {
    const a = await svc.newAccount();
    const product = await productOf(a.test, "Ebook de receitas");
    const res = await publicCreate({ product_id: product, product_name: "Refund me" });
    assert.equal(res.statusCode, 200, res.body);
    const c = res.json().data;
    assert.match(decodeURIComponent(c.payUri), /label=Ebook de receitas/);
    const own = await svc.call("GET", `/api/crypto/charge/status?charge_id=${c.chargeId}`, {
      token: a.test,
    });
    assert.equal(own.json().data.product_name, "Ebook de receitas");
  });

  test("has its own per-minute budgets, per client IP and per product, far below the request limit, counted by the service's clock", async () => {
    // The budgets count in minutes of the service's clock, started just inside one.
    const checkout = await startBudgetedCheckout({
      TOSTAO_CHECKOUT_PER_IP_PER_MINUTE: "3",
      TOSTAO_CHECKOUT_PER_PRODUCT_PER_MINUTE: "5",
    });
    const { svc: limited, clock, account: a } = checkout;
    try {
      const [p1, p2] = [await checkout.product("Ebook", 35), await checkout.product("Curso", 35)];
      const from = (ip: string, product: string) =>
        checkout.from(ip, "/api/crypto/charge/create", { product_id: product });
      // One client: three creations a minute, whatever the product.
      const one = [
        await from("198.51.100.1", p1),
        await from("198.51.100.1", p2),
        await from("198.51.100.1", p1),
        await from("198.51.100.1", p2),
      ].map((r) => r.statusCode);
      assert.deepEqual(one, [200, 200, 200, 429]);
      const refused = await from("198.51.100.1", p1);
      assert.equal(refused.statusCode, 429);
      assert.match(
        refused.json().error,
        /^rate limit: at most 3 public checkouts per minute per client/,
      );
      assert.ok(Number(refused.headers["retry-after"]) >= 1);
      // One product: five a minute from any number of clients (p1 has two already).
      const many = [];
      for (let i = 2; i <= 6; i++) many.push((await from(`198.51.100.${i}`, p1)).statusCode);
      assert.deepEqual(many, [200, 200, 200, 429, 429]);
      // The merchant's own token is not held to the checkout budgets.
      const own = await limited.call("POST", "/api/crypto/charge/create", {
        token: a.test,
        body: { product_id: p1 },
      });
      assert.equal(own.statusCode, 200, own.body);
      // The next minute of the service's clock (no real waiting) opens the budgets again.
      clock.advance(60_000);
      assert.equal((await from("198.51.100.1", p1)).statusCode, 200);
    } finally {
      await limited.close();
    }
  });
});
