import assert from "node:assert/strict";
import { test } from "node:test";
import { useFileService } from "../helpers/service.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// The hosted authorisation page, without a browser: what the payer sees (the terms and the code
// to scan), and what they never see (the customer's name and CPF, the merchant's reference).

const svc = useFileService();

test("the authorisation page shows the terms and the code, and nothing about the customer", async () => {
  const { test: token } = await svc.newAccount();
  const res = await svc.call("POST", "/api/pix/subscriptions/create", {
    token,
    body: {
      title: "Mensalidade escolar",
      external_id: "aluno-7781",
      customer_name: "Joana Responsável",
      customer_cpf: "529.982.247-25",
      periodicity: "semiannual",
      start_date: "2099-02-01",
      end_date: "2101-08-01",
      value: 1250,
    },
  });
  const s = res.json().data;
  const page = await svc.app.inject({ method: "GET", url: new URL(s.paymentUrl).pathname });
  assert.equal(page.statusCode, 200);
  const body = page.body;
  for (const want of ["Mensalidade escolar", "A cada 6 meses", "Aguardando sua autorização"]) {
    assert.ok(body.includes(want), want);
  }
  assert.match(body, /R\$\s1\.250,00/);
  assert.ok(body.includes(s.brCode), "the copy-and-paste code");
  for (const secret of ["Joana", "52998224725", "529.982.247-25", "aluno-7781"]) {
    assert.ok(!body.includes(secret), `the page must not show ${secret}`);
  }
  const en = await svc.app.inject({
    method: "GET",
    url: `${new URL(s.paymentUrl).pathname}?lang=en`,
  });
  assert.ok(en.body.includes("Every 6 months"));
  const missing = await svc.app.inject({ method: "GET", url: "/subscribe/sub_nope" });
  assert.equal(missing.statusCode, 404);
});

test("a period's charge has a payment page that says the bank debits it (no QR to draw)", async () => {
  const { test: token } = await svc.newAccount();
  const start = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const s = (
    await svc.call("POST", "/api/pix/subscriptions/create", {
      token,
      body: monthlyPlan(start, { value: 10 }),
    })
  ).json().data;
  await svc.call("POST", "/api/pix/subscriptions/simulate-authorize", {
    token,
    body: { subscription_id: s.subscriptionId },
  });
  await svc.call("POST", "/api/pix/subscriptions/test-clock/advance", { token, body: { days: 1 } });
  const list = (await svc.call("GET", "/api/pix/charges", { token })).json().data.charges;
  const charge = list.find(
    (c: { subscriptionId?: string }) => c.subscriptionId === s.subscriptionId,
  );
  assert.ok(charge, "period 0's charge was sent (its window opened at creation)");
  assert.equal(charge.brCode, null);
  const page = await svc.app.inject({ method: "GET", url: `/pay/${charge.chargeId}` });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Pix Automático: o banco do pagador a debita na data/);
});
