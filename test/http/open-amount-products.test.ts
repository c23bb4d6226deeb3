import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useFileService } from "../helpers/service.ts";

// Pay what you want (issue 37): a product with open_amount {min, max, suggested} in BRL
// instead of a value. The API keeps its shape honest (exactly one of value and open_amount,
// bounds and suggestions in order), answers it as openAmount with value null, and every
// creation by it (the API's public create, the checkout page) takes the payer's amount only
// within the bounds; one outside them makes no charge.

const svc = useFileService({
  env: { TOSTAO_WORKERS: "false", TOSTAO_QUOTE_FIXED_BRL: "350000" },
});

// BRL on the wire, like value (R$ 5,00 to R$ 500,00; buttons of 10, 25 and 50).
const OPEN = { min: 5, max: 500, suggested: [10, 25, 50] };

const createProduct = (token: string, body: Record<string, unknown>) =>
  svc.call("POST", "/api/products/create", { token, body });

async function openProduct(token: string, open: Record<string, unknown> = OPEN) {
  const res = await createProduct(token, { name: "Doação", open_amount: open });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

const postForm = (url: string, form: Record<string, string>, lang = "pt-BR") =>
  svc.app.inject({
    method: "POST",
    url: `${url}?lang=${lang}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });

async function charges(token: string) {
  const res = await svc.call("GET", "/api/pix/charges", { token });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.charges as { chargeId: string; value: number; product_id?: string }[];
}

describe("pay-what-you-want products", () => {
  test("are answered with openAmount and value null, by create and by the list", async () => {
    const a = await svc.newAccount();
    const p = await openProduct(a.test);
    assert.equal(p.value, null);
    assert.deepEqual(p.openAmount, OPEN);
    const fixed = (await createProduct(a.test, { name: "Caneca", value: 35 })).json().data;
    assert.equal(fixed.value, 35);
    assert.equal(fixed.openAmount, null);
    const list = (await svc.call("GET", "/api/products", { token: a.test })).json().data;
    const listed = list.products.find((x: { id: string }) => x.id === p.id);
    assert.deepEqual(listed.openAmount, OPEN);
    assert.equal(listed.value, null);
    // Suggestions are optional.
    const bare = await openProduct(a.test, { min: 1, max: 1 });
    assert.deepEqual(bare.openAmount, { min: 1, max: 1, suggested: [] });
  });

  test("need exactly one of value and open_amount: neither or both is a 400 naming them", async () => {
    const a = await svc.newAccount();
    const neither = await createProduct(a.test, { name: "X" });
    assert.equal(neither.statusCode, 400, neither.body);
    assert.match(neither.json().error, /value: is required \(or open_amount/);
    const both = await createProduct(a.test, { name: "X", value: 10, open_amount: OPEN });
    assert.equal(both.statusCode, 400, both.body);
    assert.match(both.json().error, /either value or open_amount, not both/);
  });

  test("refuse bad bounds and suggestions, each with its field named", async () => {
    const a = await svc.newAccount();
    const cases: [unknown, number, RegExp][] = [
      [{ min: 0, max: 100 }, 422, /open_amount\.min: must be greater than 0/],
      [{ min: 5.555, max: 100 }, 422, /open_amount\.min: must have at most 2 decimal places/],
      [{ min: 6, max: 5 }, 422, /open_amount\.max: must be at least min/],
      [{ min: 5, max: 10, suggested: [4] }, 422, /open_amount\.suggested\[0\]: must be within/],
      [{ min: 5, max: 10, suggested: [9, 6] }, 422, /suggested\[1\]: must be ascending/],
      [{ min: 5, max: 10, suggested: [6, 6] }, 422, /suggested\[1\]: must be ascending/],
      [
        { min: 0.01, max: 0.09, suggested: [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07] },
        422,
        /at most 6 amounts/,
      ],
      [{ min: "5", max: 100 }, 400, /open_amount\.min/],
      [{ min: 5 }, 400, /open_amount\.max/],
      [{ min: 5, max: 10, extra: 1 }, 400, /open_amount/],
      [[5, 10], 400, /open_amount/],
    ];
    for (const [open, status, message] of cases) {
      const res = await createProduct(a.test, { name: "X", open_amount: open });
      assert.equal(res.statusCode, status, `${JSON.stringify(open)}: ${res.body}`);
      assert.match(res.json().error, message, JSON.stringify(open));
    }
    assert.equal(
      (await svc.call("GET", "/api/products", { token: a.test })).json().data.products.length,
      0,
    );
  });

  test("the API's public create takes the payer's value only within the bounds (PIX and Bitcoin)", async () => {
    const a = await svc.newAccount();
    const p = await openProduct(a.test);
    const create = (route: string, body: unknown) =>
      svc.call("POST", `/api/${route}/charge/create`, { body });
    const missing = await create("pix", { product_id: p.id });
    assert.equal(missing.statusCode, 400, missing.body);
    assert.match(missing.json().error, /value: is required for product/);
    const low = await create("pix", { product_id: p.id, value: 2 });
    assert.equal(low.statusCode, 422, low.body);
    assert.match(low.json().error, /between 5\.00 and 500\.00/);
    const high = await create("crypto", { product_id: p.id, value: 500.01 });
    assert.equal(high.statusCode, 422, high.body);
    assert.equal((await charges(a.test)).length, 0, "no charge for an amount out of bounds");
    const ok = await create("pix", { product_id: p.id, value: 12.34 });
    assert.equal(ok.statusCode, 200, ok.body);
    const btc = await create("crypto", { product_id: p.id, value: 5 });
    assert.equal(btc.statusCode, 200, btc.body);
    const [pix] = await charges(a.test);
    assert.equal(pix?.value, 12.34);
  });

  test("the checkout page asks the amount: suggestions as buttons, bounds named as R$ 5,00", async () => {
    const a = await svc.newAccount();
    const p = await openProduct(a.test);
    const page = await svc.app.inject({ method: "GET", url: `/checkout/${p.id}?lang=pt-BR` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Quanto você quer pagar\?/);
    assert.match(page.body, /de R\$\u00a05,00 a R\$\u00a0500,00/);
    // The page's buttons carry centavos (its own form's field, not the API's).
    for (const c of OPEN.suggested) {
      assert.match(page.body, new RegExp(`type="radio" name="suggested" value="${c * 100}"`));
    }
    assert.match(page.body, /name="amount" type="text" inputmode="decimal"/);
    const en = await svc.app.inject({ method: "GET", url: `/checkout/${p.id}?lang=en` });
    assert.match(en.body, /How much do you want to pay\?/);
  });

  test("the checkout page refuses 2,00 below a minimum of 5,00 with the bounds named, and makes no charge", async () => {
    const a = await svc.newAccount();
    const p = await openProduct(a.test);
    for (const [lang, typed, message] of [
      ["pt-BR", "2,00", /Escolha um valor entre R\$\u00a05,00 e R\$\u00a0500,00\./],
      ["en", "2.00", /Choose an amount between R\$5\.00 and R\$500\.00\./],
      ["pt-BR", "500,01", /Escolha um valor entre/],
      ["pt-BR", "doze", /Informe o valor em reais, como 12,34\./],
      ["pt-BR", "12,345", /Informe o valor em reais/],
      ["pt-BR", "", /Informe o valor em reais/],
      ["pt-BR", "-5", /Informe o valor em reais/],
    ] as const) {
      const res = await postForm(`/checkout/${p.id}`, { method: "pix", amount: typed }, lang);
      assert.equal(res.statusCode, 422, `${typed}: ${res.body.slice(0, 200)}`);
      assert.match(res.body, message, typed);
      assert.match(res.body, /id="f-amount"[^>]*aria-invalid="true"/);
      assert.match(res.body, new RegExp(`value="${typed}"`), "the typed amount is kept");
    }
    // A suggestion outside the bounds, forged, is refused too.
    const forged = await postForm(`/checkout/${p.id}`, { method: "pix", suggested: "100" });
    assert.equal(forged.statusCode, 422);
    assert.equal((await charges(a.test)).length, 0, "no charge was made");
  });

  test("the checkout page makes the charge of the amount typed (pt-BR comma, English dot) or chosen", async () => {
    const a = await svc.newAccount();
    const p = await openProduct(a.test);
    const buy = async (form: Record<string, string>, lang = "pt-BR") => {
      const res = await postForm(`/checkout/${p.id}`, { method: "pix", ...form }, lang);
      assert.equal(res.statusCode, 303, res.body.slice(0, 300));
      return String(res.headers.location).replace("/pay/", "");
    };
    const owned = async (id: string) =>
      (await svc.call("GET", `/api/pix/charge/status?charge_id=${id}`, { token: a.test })).json()
        .data;
    assert.equal((await owned(await buy({ amount: "12,34" }))).value, 12.34);
    assert.equal((await owned(await buy({ amount: "R$ 123,4" }))).value, 123.4);
    assert.equal((await owned(await buy({ amount: "12.34" }, "en"))).value, 12.34);
    assert.equal((await owned(await buy({ amount: "12,34" }, "en"))).value, 12.34);
    assert.equal((await owned(await buy({ suggested: "2500" }))).value, 25);
    // The amount typed wins over a suggestion kept checked (the page without script).
    assert.equal((await owned(await buy({ suggested: "2500", amount: "7" }))).value, 7);
    const btc = await buy({ method: "crypto", amount: "50" });
    const c = await svc.call("GET", `/api/crypto/charge/status?charge_id=${btc}`, {
      token: a.test,
    });
    assert.equal(c.json().data.amountBrl, 50);
  });

  test("a fixed-value product's checkout ignores an amount posted anyway", async () => {
    const a = await svc.newAccount();
    const fixed = (await createProduct(a.test, { name: "Caneca", value: 35 })).json().data;
    const res = await postForm(`/checkout/${fixed.id}`, { method: "pix", amount: "1,00" });
    assert.equal(res.statusCode, 303);
    const [only] = await charges(a.test);
    assert.equal(only?.value, 35);
  });
});
