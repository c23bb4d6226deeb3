import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { HDKey } from "@scure/bip32";
import { startBudgetedCheckout } from "../helpers/checkout-budget.ts";
import { useFileService } from "../helpers/service.ts";

// The payer's pages through inject(): they are public, so they keep every rule of the API's
// public checkout (amount from the product only, budgets per client IP, modes kept apart), show
// no customer data, stay out of the API documents, and carry the pages' security headers.
// Their behaviour in a browser is test/browser/checkout.test.ts.

const svc = useFileService({ env: { TOSTAO_WORKERS: "false" } });

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const postForm = (
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  svc.app.inject({
    method: "POST",
    url,
    headers: { ...FORM, ...headers },
    payload: new URLSearchParams(form).toString(),
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  svc.app.inject({ method: "GET", url, headers });

/** A mainnet account key of a fresh wallet of the merchant's own, for live Bitcoin. */
const ownXpub = () => HDKey.fromMasterSeed(randomBytes(64)).derive("m/84'/0'/0'").publicExtendedKey;

async function product(token: string, body: Record<string, unknown> = {}) {
  const res = await svc.call("POST", "/api/products/create", {
    token,
    body: { name: "Camiseta", value: 49.9, ...body },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.id as string;
}

/** Buys the product through its checkout page; returns the new charge's id. */
async function buy(productId: string, form: Record<string, string> = {}) {
  const res = await postForm(`/checkout/${productId}`, { method: "pix", ...form });
  assert.equal(res.statusCode, 303, res.body);
  const id = /^\/pay\/([\w-]+)$/.exec(String(res.headers.location))?.[1];
  assert.ok(id, String(res.headers.location));
  return id;
}

describe("checkout and payment pages", () => {
  test("are pages, not API: out of the route table, the OpenAPI document and the manifest", async () => {
    const urls = svc.app.routeTable.map((r) => r.url);
    assert.ok(!urls.some((u) => u.startsWith("/pay/") || u.startsWith("/checkout/")), urls.join());
    assert.ok(urls.includes("/api/pay/status"), "the status feed is API, documented");
    const openapi = (await get("/api/openapi.json")).body;
    assert.ok(!openapi.includes('"/pay/') && !openapi.includes('"/checkout/'));
    assert.ok(openapi.includes('"/api/pay/status"'));
    const manifest = (await get("/api/integrations/mcp/manifest")).body;
    assert.ok(!manifest.includes("/checkout/{") && !manifest.includes('"/pay/'));
  });

  test("carry the pages' security headers, with no inline script or style", async () => {
    const a = await svc.newAccount();
    const id = await product(a.test);
    for (const url of [`/checkout/${id}`, `/pay/${await buy(id)}`]) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers["content-security-policy"]), /script-src 'self'/);
      assert.match(String(res.headers["content-security-policy"]), /frame-ancestors 'none'/);
      assert.doesNotMatch(res.body, /<script>|<script [^>]*>[^<]/, "no inline script");
      assert.doesNotMatch(res.body, / style="/, "no inline style");
      assert.equal(res.headers["cache-control"], "no-store");
    }
  });

  test("the amount is always the product's: a value sent with the form is ignored", async () => {
    const a = await svc.newAccount();
    const id = await product(a.test, { value: 1234.56 });
    const chargeId = await buy(id, { value: "0.01", amount: "0.01" });
    const own = await svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
      token: a.test,
    });
    assert.equal(own.json().data.value, 1234.56);
    assert.equal(own.json().data.title, "Camiseta");
  });

  test("the payment page shows no customer name, e-mail or CPF (PIX and Bitcoin)", async () => {
    const a = await svc.newAccount();
    const id = await product(a.test);
    for (const method of ["pix", "crypto"]) {
      const res = await postForm(`/checkout/${id}`, {
        method,
        customer_name: "Joana Pagadora",
        customer_email: "joana.p@example.com",
        customer_cpf: "529.982.247-25",
      });
      assert.equal(res.statusCode, 303, res.body);
      const chargeId = String(res.headers.location).split("/").pop() as string;
      const owner = await svc.call(
        "GET",
        `/api/${method === "pix" ? "pix" : "crypto"}/charge/status?charge_id=${chargeId}`,
        { token: a.test },
      );
      assert.equal(owner.json().data.customer_cpf, "52998224725", "the merchant has it");
      const body = (await get(String(res.headers.location))).body;
      for (const secret of ["Joana", "joana.p@example.com", "52998224725", "529.982.247-25"]) {
        assert.ok(!body.includes(secret), `${method}: ${secret}`);
      }
    }
  });

  test("the form's details are checked as the API checks them, the values kept and each message tied to its field", async () => {
    const a = await svc.newAccount();
    const id = await product(a.test);
    const res = await postForm(`/checkout/${id}`, {
      method: "pix",
      customer_name: "Ana",
      customer_email: "not-an-email",
      customer_cpf: "111.111.111-11",
    });
    assert.equal(res.statusCode, 422);
    assert.match(res.body, /aria-describedby="err-customer_email"/);
    assert.match(res.body, /id="err-customer_cpf">Informe um CPF válido/);
    assert.match(res.body, /value="Ana"/);
    assert.match(res.body, /role="alert"/);
    const noMethod = await postForm(`/checkout/${id}`, { method: "boleto" });
    assert.equal(noMethod.statusCode, 422);
    assert.match(noMethod.body, /Escolha Pix ou Bitcoin/);
  });

  test("unknown and archived products and unknown charges are 404 pages", async () => {
    const a = await svc.newAccount();
    const id = await product(a.test);
    await svc.call("POST", "/api/products/archive", { token: a.test, body: { id } });
    for (const url of [`/checkout/${id}`, "/checkout/prod_nope", "/pay/pix_nope", "/pay/a.b"]) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.match(String(res.headers["content-type"]), /^text\/html/);
    }
    assert.equal((await postForm(`/checkout/${id}`, { method: "pix" })).statusCode, 404);
  });

  test("a live product is live: no test banner, only the ways to pay enabled in live mode", async () => {
    const a = await svc.newAccount();
    const id = await product(a.live);
    const page = await get(`/checkout/${id}`);
    assert.equal(page.statusCode, 200);
    assert.ok(!page.body.includes("Ambiente de testes"));
    // No PSP is connected and no live wallet is active: nothing to choose.
    assert.ok(!page.body.includes('name="method"'));
    assert.match(page.body, /ainda não aceita pagamentos/);
    const refused = await postForm(`/checkout/${id}`, { method: "pix" });
    assert.equal(refused.statusCode, 422);
    // The payer is told the shop does not take payments yet, not the merchant's set-up advice.
    assert.match(refused.body, /ainda não aceita pagamentos/);
    assert.doesNotMatch(refused.body, /Provedor PIX|modo Teste|\/api\//);
    // With a wallet activated in live mode, Bitcoin is offered (and only Bitcoin).
    const w = await svc.call("POST", "/api/crypto/wallet", {
      token: a.live,
      body: { key: ownXpub() },
    });
    assert.equal(w.statusCode, 200, w.body);
    const withWallet = await get(`/checkout/${id}`);
    assert.match(withWallet.body, /value="crypto"/);
    assert.doesNotMatch(withWallet.body, /value="pix"/);
  });

  test("the test banner and simulate button are on test charges only, and simulating a live charge is refused", async () => {
    const a = await svc.newAccount();
    const testId = await buy(await product(a.test));
    const testPage = await get(`/pay/${testId}`);
    assert.match(testPage.body, /Ambiente de testes: nenhum dinheiro real/);
    assert.match(testPage.body, /action="\/pay\/[\w-]+\/simulate"/);
    const sim = await postForm(`/pay/${testId}/simulate`, {});
    assert.equal(sim.statusCode, 303);
    const paid = await get(`/pay/${testId}`);
    assert.match(paid.body, /data-status="approved"/);
    assert.ok(!paid.body.includes("/simulate"), "no button once paid");

    // A live charge: made with the merchant's live token (a PSP is not needed for Bitcoin).
    const live = await svc.call("POST", "/api/crypto/wallet", {
      token: a.live,
      body: { key: ownXpub() },
    });
    assert.equal(live.statusCode, 200, live.body);
    const c = (
      await svc.call("POST", "/api/crypto/charge/create", { token: a.live, body: { value: 50 } })
    ).json().data;
    const livePage = await get(new URL(c.paymentUrl).pathname);
    assert.equal(livePage.statusCode, 200);
    assert.ok(!livePage.body.includes("Ambiente de testes"));
    assert.ok(!livePage.body.includes("/simulate"));
    const refused = await postForm(`/pay/${c.chargeId}/simulate`, {});
    assert.equal(refused.statusCode, 404);
    const stillPending = await svc.call(
      "GET",
      `/api/crypto/charge/status?charge_id=${c.chargeId}`,
      {
        token: a.live,
      },
    );
    assert.equal(stillPending.json().data.statusCode, "pending");
  });

  test("a form posted from another site is refused (Origin)", async () => {
    const a = await svc.newAccount();
    const id = await product(a.test);
    const res = await postForm(
      `/checkout/${id}`,
      { method: "pix" },
      { origin: "https://evil.example" },
    );
    assert.equal(res.statusCode, 403);
    const chargeId = await buy(id);
    const sim = await postForm(`/pay/${chargeId}/simulate`, {}, { origin: "https://evil.example" });
    assert.equal(sim.statusCode, 403);
  });

  test("creations from the page spend the checkout budget per client IP, like the API's", async () => {
    const checkout = await startBudgetedCheckout({ TOSTAO_CHECKOUT_PER_IP_PER_MINUTE: "2" });
    const limited = checkout.svc;
    try {
      const id = await checkout.product();
      const from = (ip: string) => checkout.from(ip, `/checkout/${id}`, "method=pix");
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await from("203.0.113.9")).statusCode);
      assert.deepEqual(codes, [303, 303, 429]);
      const refused = await from("203.0.113.9");
      assert.match(String(refused.headers["content-type"]), /^text\/html/);
      assert.ok(Number(refused.headers["retry-after"]) >= 1);
      // The API's public create shares the same budget.
      const api = await checkout.from("203.0.113.9", "/api/pix/charge/create", { product_id: id });
      assert.equal(api.statusCode, 429);
      assert.equal((await from("203.0.113.10")).statusCode, 303, "another client");
    } finally {
      await limited.close();
    }
  });

  test("English from the same catalogue, by Accept-Language or ?lang=", async () => {
    const a = await svc.newAccount();
    const id = await product(a.test);
    const en = await get(`/checkout/${id}`, { "accept-language": "en-US,en;q=0.9" });
    assert.match(en.body, /How do you want to pay\?/);
    assert.match(en.body, /Test environment: no real money/);
    assert.match(en.body, /Pay R\$49\.90/);
    const pt = await get(`/checkout/${id}?lang=pt-BR`, { "accept-language": "en" });
    assert.match(pt.body, /Como você quer pagar\?/);
  });
});
