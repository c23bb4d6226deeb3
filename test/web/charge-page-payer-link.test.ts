import assert from "node:assert/strict";
import { test } from "node:test";
import { addUser, getPage, signInInject } from "../helpers/dashboard.ts";
import { useFileService } from "../helpers/service.ts";

// The merchant made a charge and must send it to the payer: the charge's page shows the payer's
// link (/pay/…) whole, with a copy button, in either language, and the link opens the payer's page.

const svc = useFileService({ env: { TOSTAO_BASE_URL: "https://pay.loja.example" } });

test("a charge's page shows the payer's link with a copy button, and the link is the payer's page", async () => {
  const a = await svc.newAccount();
  const made = await svc.call("POST", "/api/pix/charge/create", {
    token: a.test,
    body: { value: 25, title: "Pedido 7" },
  });
  const { chargeId, paymentUrl } = made.json().data;
  assert.equal(paymentUrl, `https://pay.loja.example/pay/${chargeId}`);
  await addUser(svc, a.accountId, "link@example.com");
  const s = await signInInject(svc, "link@example.com");
  const page = await getPage(svc, s, `/dashboard/charges/${chargeId}`);
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /<h2>Link para o pagador<\/h2>/);
  // One line on a phone (.long), the whole link in its title and its text.
  assert.ok(
    page.body.includes(`title="${paymentUrl}" id="pay-url">${paymentUrl}</span>`),
    "the link, whole",
  );
  assert.match(page.body, /data-copy="#pay-url"/);
  assert.ok(page.body.includes(`href="${paymentUrl}"`), "and a way to open it");
  const en = await getPage(svc, s, `/dashboard/charges/${chargeId}?lang=en`);
  assert.match(en.body, /<h2>Payer(?:'|&#39;|&#x27;)s link<\/h2>/);
  const payer = await svc.app.inject({ method: "GET", url: `/pay/${chargeId}` });
  assert.equal(payer.statusCode, 200, "the link is the payer's page");
});
