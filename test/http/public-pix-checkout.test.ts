import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeBrCode } from "../../src/domain/pix/brcode.ts";
import { startBudgetedCheckout } from "../helpers/checkout-budget.ts";
import { useFileService } from "../helpers/service.ts";

// The public checkout for PIX, like the Bitcoin one: a charge by product_id without a token,
// of the product's account and mode, at the product's price; and the hosted payment page's
// link in every creation response, and its public status feed.

const svc = useFileService({ env: { TOSTAO_WORKERS: "false" } });

async function product(token: string, body: Record<string, unknown> = {}) {
  const res = await svc.call("POST", "/api/products/create", {
    token,
    body: { name: "Camiseta azul", value: 49.9, ...body },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { id: string; success_url: string | null };
}
const pixCreate = (body: unknown, token?: string) =>
  svc.call("POST", "/api/pix/charge/create", { body, ...(token ? { token } : {}) });

describe("public PIX checkout", () => {
  test("creates a charge of the product's account and mode at the product's price, without a token", async () => {
    const a = await svc.newAccount();
    const p = await product(a.test);
    const res = await pixCreate({ product_id: p.id, customer_name: "Joana Silva" });
    assert.equal(res.statusCode, 200, res.body);
    const c = res.json().data;
    assert.equal(c.value, 49.9);
    assert.equal(c.livemode, false);
    const decoded = decodeBrCode(c.brCode);
    assert.ok(decoded.ok);
    assert.equal(decoded.value.amountCentavos, 4990);
    assert.match(c.paymentUrl, /^http:\/\/localhost(:\d+)?\/pay\/pix_/);
    assert.equal(c.paymentUrl.endsWith(`/pay/${c.chargeId}`), true);
    // The merchant sees it among their charges, titled by the product, with the customer.
    const own = await svc.call("GET", `/api/pix/charge/status?charge_id=${c.chargeId}`, {
      token: a.test,
    });
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.json().data.title, "Camiseta azul");
    assert.equal(own.json().data.customer_name, "Joana Silva");
    assert.equal(own.json().data.product_id, p.id);
  });

  test("the amount is only ever the product's: another value is refused, a title is ignored", async () => {
    const a = await svc.newAccount();
    const p = await product(a.test);
    const wrong = await pixCreate({ product_id: p.id, value: 0.01 });
    assert.equal(wrong.statusCode, 422);
    assert.match(wrong.json().error ?? "", /^value: does not match the product's value \(49.9\)/);
    const renamed = await pixCreate({ product_id: p.id, title: "Reembolso" });
    assert.equal(renamed.statusCode, 200, renamed.body);
    const own = await svc.call(
      "GET",
      `/api/pix/charge/status?charge_id=${renamed.json().data.chargeId}`,
      { token: a.test },
    );
    assert.equal(own.json().data.title, "Camiseta azul");
  });

  test("a payer cannot set the merchant's fields: external_id, description, expires_in", async () => {
    const a = await svc.newAccount();
    const p = await product(a.test);
    for (const extra of [
      { external_id: "order-42" },
      { description: "x" },
      { expires_in: 2_592_000 },
    ]) {
      const res = await pixCreate({ product_id: p.id, ...extra });
      assert.equal(res.statusCode, 422, JSON.stringify(extra));
      assert.match(res.json().error ?? "", /is set by the merchant/);
    }
    // The merchant may, with a token.
    const own = await pixCreate({ product_id: p.id, external_id: "order-42" }, a.test);
    assert.equal(own.statusCode, 200, own.body);
  });

  test("without a token and without product_id both create routes are 401; an unknown product is 404", async () => {
    for (const url of ["/api/pix/charge/create", "/api/crypto/charge/create"]) {
      const res = await svc.call("POST", url, { body: { value: 10 } });
      assert.equal(res.statusCode, 401, `${url}: ${res.body}`);
      assert.match(res.json().error ?? "", /^authorization: missing header.*product_id/);
      const unknown = await svc.call("POST", url, { body: { product_id: "prod_nope" } });
      assert.equal(unknown.statusCode, 404, `${url}: ${unknown.body}`);
    }
  });

  test("with a token, a product of the other mode is 404, as if it did not exist (PIX and Bitcoin)", async () => {
    const a = await svc.newAccount();
    const liveProduct = await product(a.live);
    const testProduct = await product(a.test);
    for (const url of ["/api/pix/charge/create", "/api/crypto/charge/create"]) {
      const res = await svc.call("POST", url, {
        token: a.test,
        body: { product_id: liveProduct.id },
      });
      assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
      assert.match(res.json().error ?? "", /^product_id: product prod_\w+ not found/);
    }
    const other = await svc.newAccount();
    const foreign = await pixCreate({ product_id: testProduct.id }, other.test);
    assert.equal(foreign.statusCode, 404, "another account's product");
  });

  test("a live product's public PIX checkout is live: refused while no PSP is connected", async () => {
    const a = await svc.newAccount();
    const p = await product(a.live);
    const res = await pixCreate({ product_id: p.id });
    assert.equal(res.statusCode, 422);
    assert.match(res.json().error ?? "", /^live PIX charges need this account's PSP connection/);
  });

  test("spends the checkout budgets per client IP, as the Bitcoin checkout does", async () => {
    const checkout = await startBudgetedCheckout({ TOSTAO_CHECKOUT_PER_IP_PER_MINUTE: "2" });
    const limited = checkout.svc;
    try {
      const a = checkout.account;
      const p = await checkout.product();
      const from = (ip: string) => checkout.from(ip, "/api/pix/charge/create", { product_id: p });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await from("198.51.100.7")).statusCode);
      assert.deepEqual(codes, [200, 200, 429]);
      assert.equal((await from("198.51.100.8")).statusCode, 200, "another client");
      const own = await limited.call("POST", "/api/pix/charge/create", {
        token: a.test,
        body: { product_id: p },
      });
      assert.equal(own.statusCode, 200, "the merchant's token is not held to the budgets");
    } finally {
      await limited.close();
    }
  });

  test("an Idempotency-Key on the public checkout replays the same charge", async () => {
    const a = await svc.newAccount();
    const p = await product(a.test);
    const headers = { "idempotency-key": "checkout-retry-1" };
    const first = await svc.call("POST", "/api/pix/charge/create", {
      body: { product_id: p.id },
      headers,
    });
    const again = await svc.call("POST", "/api/pix/charge/create", {
      body: { product_id: p.id },
      headers,
    });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(again.body, first.body);
    assert.equal(again.headers["idempotent-replayed"], "true");
  });

  test("a payer's Idempotency-Key never replays the merchant's charge, whatever key the merchant chose", async () => {
    const a = await svc.newAccount();
    const p = await product(a.test);
    // Whatever prefix keeps the payer's keys apart, a merchant may not be able to send it.
    for (const [merchantKey, payerKey] of <const>[
      ["order-8", "order-8"],
      ["public-checkout:order-9", "order-9"],
    ]) {
      const own = await svc.call("POST", "/api/pix/charge/create", {
        token: a.test,
        body: { product_id: p.id },
        headers: { "idempotency-key": merchantKey },
      });
      assert.equal(own.statusCode, 200, own.body);
      const payer = await svc.call("POST", "/api/pix/charge/create", {
        body: { product_id: p.id },
        headers: { "idempotency-key": payerKey },
      });
      assert.equal(payer.statusCode, 200, payer.body);
      assert.notEqual(payer.json().data.chargeId, own.json().data.chargeId, merchantKey);
      assert.notEqual(payer.headers["idempotent-replayed"], "true", merchantKey);
    }
  });
});

describe("paymentUrl and the payment page's status feed", () => {
  test("every creation response carries paymentUrl: PIX and Bitcoin, REST and MCP", async () => {
    const a = await svc.newAccount();
    const base = "http://localhost:80";
    const pix = (await pixCreate({ value: 10 }, a.test)).json().data;
    const btc = (
      await svc.call("POST", "/api/crypto/charge/create", { token: a.test, body: { value: 10 } })
    ).json().data;
    for (const c of [pix, btc]) assert.equal(c.paymentUrl, `${base}/pay/${c.chargeId}`);
    for (const [tool, args] of [
      ["create_pix_charge", { value: 10 }],
      ["create_crypto_charge", { value: 10 }],
    ] as const) {
      const res = await svc.call("POST", "/api/integrations/mcp/call", {
        token: a.test,
        body: { tool, arguments: args },
      });
      assert.equal(res.statusCode, 200, res.body);
      const data = res.json().data;
      assert.equal(data.paymentUrl, `${base}/pay/${data.chargeId}`, tool);
    }
  });

  test("the status feed is public, has no customer data, and gives success_url once paid", async () => {
    const a = await svc.newAccount();
    const p = await product(a.test, { success_url: "https://loja.example/obrigado?pedido=1" });
    assert.equal(p.success_url, "https://loja.example/obrigado?pedido=1");
    const c = (
      await pixCreate({
        product_id: p.id,
        customer_name: "Joana Silva",
        customer_email: "joana@example.com",
        customer_cpf: "529.982.247-25",
      })
    ).json().data;
    const feed = () => svc.call("GET", `/api/pay/status?charge_id=${c.chargeId}`);
    const pending = await feed();
    assert.equal(pending.statusCode, 200, pending.body);
    assert.equal(pending.json().data.statusCode, "pending");
    assert.equal(pending.json().data.successUrl, null, "not before it is paid");
    for (const secret of ["Joana", "joana@example.com", "52998224725", "529.982"]) {
      assert.ok(!pending.body.includes(secret), secret);
    }
    await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: c.chargeId },
    });
    const paid = (await feed()).json().data;
    assert.equal(paid.statusCode, "approved");
    assert.equal(paid.status, "Aprovado");
    assert.equal(paid.successUrl, "https://loja.example/obrigado?pedido=1");
    assert.equal((await svc.call("GET", "/api/pay/status?charge_id=pix_nope")).statusCode, 404);
  });

  test("a product's success_url must be an http(s) URL", async () => {
    const a = await svc.newAccount();
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,hi",
      "ftp://files.example/x",
      "https://user:pw@loja.example/",
      "/obrigado",
    ]) {
      const res = await svc.call("POST", "/api/products/create", {
        token: a.test,
        body: { name: "X", value: 1, success_url: bad },
      });
      assert.equal(res.statusCode, 422, `${bad}: ${res.body}`);
      assert.match(res.json().error ?? "", /^success_url: must be an https \(or http\) URL/);
    }
    const ok = await product(a.test, { success_url: "http://localhost:8080/ok" });
    assert.equal(ok.success_url, "http://localhost:8080/ok");
    const none = await product(a.test);
    assert.equal(none.success_url, null);
  });
});
