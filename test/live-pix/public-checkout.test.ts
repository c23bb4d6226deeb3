import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { cobOf, useLiveSetup } from "../helpers/live-pix.ts";

// A live product's public checkout against the PSP peer: live PIX is offered once the account
// has its PSP connection, the payer's charge is a cob at the PSP of the product's amount, and a
// payment at the PSP turns the payment page's status to paid.

describe("live PIX on the public checkout (PSP peer)", () => {
  const s = useLiveSetup({ profile: "efi" });

  const FORM = { "content-type": "application/x-www-form-urlencoded" };

  test("the checkout offers live PIX, the charge is a cob of the product's amount, and paying it at the PSP shows paid", async () => {
    const product = await s.svc.call("POST", "/api/products/create", {
      token: s.account.live,
      body: { name: "Camiseta", value: 59.9, success_url: "https://loja.example/obrigado" },
    });
    assert.equal(product.statusCode, 200, product.body);
    const id = product.json().data.id;

    const page = await s.svc.app.inject({ method: "GET", url: `/checkout/${id}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /value="pix"/, "live PIX is enabled: the account has a PSP");
    assert.ok(!page.body.includes("Ambiente de testes"), "a live page has no test banner");

    const posted = await s.svc.app.inject({
      method: "POST",
      url: `/checkout/${id}`,
      headers: FORM,
      payload: "method=pix&customer_name=Joana+Pagadora&value=0.01",
    });
    assert.equal(posted.statusCode, 303, posted.body);
    const chargeId = String(posted.headers.location).split("/").pop() as string;
    const payPage = await s.svc.app.inject({ method: "GET", url: `/pay/${chargeId}` });
    assert.ok(!payPage.body.includes("Joana"), "no customer data on the page");
    assert.ok(!payPage.body.includes("/simulate"), "no simulate button on a live charge");
    const brCode = /<textarea id="pay-code"[^>]*>([^<]+)<\/textarea>/.exec(payPage.body)?.[1];
    assert.ok(brCode);
    const cob = cobOf(s.peer, brCode.replace(/&amp;/g, "&"));
    assert.equal(cob.valor.original, "59.90", "the product's amount, whatever the form said");

    const feed = async () =>
      (await s.svc.call("GET", `/api/pay/status?charge_id=${chargeId}`)).json().data;
    assert.equal((await feed()).statusCode, "pending");
    await s.peer.pay(cob.txid);
    await s.waitStatus(chargeId, "approved", 3000);
    const paid = await feed();
    assert.equal(paid.statusCode, "approved");
    assert.equal(paid.successUrl, "https://loja.example/obrigado");
    s.peer.assertNoViolations();
  });

  test("a payer's Idempotency-Key on the public create does not reach the merchant's charge of the same key", async () => {
    const product = await s.svc.call("POST", "/api/products/create", {
      token: s.account.live,
      body: { name: "Caneca", value: 35 },
    });
    const id = product.json().data.id;
    const headers = { "idempotency-key": "order-77" };
    const own = await s.create({ product_id: id, value: 35 }, headers);
    assert.equal(own.statusCode, 200, own.body);
    const anonymous = await s.svc.call("POST", "/api/pix/charge/create", {
      body: { product_id: id },
      headers,
    });
    assert.equal(anonymous.statusCode, 200, anonymous.body);
    assert.notEqual(anonymous.json().data.chargeId, own.json().data.chargeId);
    assert.notEqual(anonymous.headers["idempotent-replayed"], "true");
    assert.notEqual(
      cobOf(s.peer, anonymous.json().data.brCode).txid,
      cobOf(s.peer, own.json().data.brCode).txid,
      "a cob of its own",
    );
  });
});

describe("an overdue live PIX charge read by its payment page", () => {
  const clock = manualClock();
  const s = useLiveSetup({ profile: "efi", clock });

  test("stays pending while its cob is payable at the PSP: only the live expiry removes the cob and expires it", async () => {
    const made = await s.create({ value: 20, expires_in: 60 });
    assert.equal(made.statusCode, 200, made.body);
    const { chargeId, brCode } = made.json().data;
    clock.advance(120_000);
    const feed = await s.svc.call("GET", `/api/pay/status?charge_id=${chargeId}`);
    assert.equal(feed.statusCode, 200, feed.body);
    assert.equal(cobOf(s.peer, brCode).status, "ATIVA", "the payer can still pay it at the PSP");
    assert.equal(feed.json().data.statusCode, "pending", "so the page may not call it expired");
    const page = await s.svc.app.inject({ method: "GET", url: `/pay/${chargeId}` });
    assert.equal(page.statusCode, 200);
    const status = await s.svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
      token: s.account.live,
    });
    assert.equal(status.json().data.statusCode, "pending");
  });
});
