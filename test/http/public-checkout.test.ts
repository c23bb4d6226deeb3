import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestService, type TestService } from "../helpers/service.ts";

// The public checkout (a Bitcoin charge by product_id, no token) is open to anyone, so it must
// not let a stranger use up the merchant's wallet: every creation takes an address, and wallets
// stop scanning after 20 unpaid addresses in a row (the gap limit).

let svc: TestService;
before(async () => {
  svc = await startTestService({
    env: {
      TOSTAO_QUOTE_FIXED_BRL: "350000",
      TOSTAO_WORKERS: "false",
      TOSTAO_RATE_LIMIT_PUBLIC: "0",
    },
  });
});
after(() => svc.close());

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
  test("never pushes the merchant's wallet past its 20-address gap limit, even with 30 creations at once", async () => {
    const a = await svc.newAccount();
    const product = await productOf(a.test, "Ebook");
    const results = await Promise.all(
      Array.from({ length: 30 }, () => publicCreate({ product_id: product })),
    );
    const codes = results.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 200).length, 20, codes.join(","));
    const refused = results.filter((r) => r.statusCode !== 200);
    for (const r of refused) {
      assert.equal(r.statusCode, 503);
      assert.match(r.json().error, /^checkout: .*20 unpaid addresses in a row/);
      assert.equal(r.headers["retry-after"], "60");
    }
    const wallet = (await svc.call("GET", "/api/crypto/wallet", { token: a.test })).json().data;
    assert.equal(wallet.unpaidAddresses, 20, "no address was handed out past the gap limit");
    assert.equal(wallet.nextIndex, 20, "a refused creation took no address");

    // The merchant's own API is not held back (its wallet view warns instead).
    const own = await svc.call("POST", "/api/crypto/charge/create", {
      token: a.test,
      body: { product_id: product },
    });
    assert.equal(own.statusCode, 200, own.body);

    // A payment frees the checkout again.
    const paid = results.find((r) => r.statusCode === 200)?.json().data.chargeId;
    const sim = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: paid },
    });
    assert.equal(sim.statusCode, 200, sim.body);
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
});
