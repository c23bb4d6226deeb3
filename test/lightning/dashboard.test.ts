import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { type PhoenixdPeer, startPhoenixdPeer } from "../helpers/ln-peer/index.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// The dashboard's side: the wallet page's Lightning card connects a node (checked at the node,
// a wrong password refused in the page), shows it without its secret, and a charge paid over
// Lightning says so on its page.

let svc: TestService;
let phoenixd: PhoenixdPeer;
before(async () => {
  phoenixd = await startPhoenixdPeer({ network: "testnet" });
  svc = await startTestService({
    env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_WORKERS: "false" },
  });
});
after(async () => {
  await svc.close();
  await phoenixd.close();
});

test("wallet page: connect phoenixd (a wrong password refused), no secret shown; the charge page says 'paid with Lightning'", async () => {
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, "ln@example.com");
  const s = await signInInject(svc, "ln@example.com");
  const empty = await getPage(svc, s, "/dashboard/wallet");
  assert.match(empty.body, /Nenhum nó Lightning conectado/);

  const form = (password: string) => ({
    backend: "phoenixd",
    url: phoenixd.url,
    macaroon: "",
    tls_certificate: "",
    password,
    _csrf: s.csrf,
  });
  const bad = await postForm(svc, s, "/dashboard/wallet/lightning", form("wrong"));
  assert.equal(bad.statusCode, 422);
  assert.match(bad.body, /password: the node refused/);
  const ok = await postForm(svc, s, "/dashboard/wallet/lightning", form(phoenixd.password));
  assert.equal(ok.statusCode, 200, ok.body.slice(0, 300));
  assert.match(ok.body, /Nó conectado \(testnet\)/);
  assert.match(ok.body, /id="ln-connection"/);
  assert.ok(!ok.body.includes(phoenixd.password), "the password is never shown");

  const c = (
    await svc.call("POST", "/api/crypto/charge/create", { token: a.test, body: { value: 35 } })
  ).json().data;
  phoenixd.settle(phoenixd.book.byInvoice(c.lightningInvoice)?.paymentHash ?? "");
  await svc.lightningWorker.runOnce();
  const page = await getPage(svc, s, `/dashboard/charges/${c.chargeId}`);
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Pago por<\/dt><dd id="paid-with">Lightning \(fatura\)/);

  const del = await postForm(svc, s, "/dashboard/wallet/lightning/delete", { _csrf: s.csrf });
  assert.equal(del.statusCode, 200);
  assert.match(del.body, /Nó Lightning desconectado/);
});
