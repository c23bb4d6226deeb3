import assert from "node:assert/strict";
import { test } from "node:test";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { useTestService } from "../helpers/service.ts";

// The live navigation reaches the Pix received without a charge (the unmatched payments); the
// test view, where there are none, does not offer it.

const file = useTestService();

test("the live navigation links to the unmatched payments page; the test view does not", async () => {
  const { svc } = file;
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, "nav@example.com");
  const s = await signInInject(svc, "nav@example.com");
  const testHome = await getPage(svc, s, "/dashboard");
  assert.doesNotMatch(testHome.body, /<nav[^>]*>.*unmatched-payments/s);
  const sw = await postForm(svc, s, "/dashboard/mode", {
    mode: "live",
    return: "/dashboard",
    _csrf: s.csrf,
  });
  assert.equal(sw.statusCode, 303);
  const liveHome = await getPage(svc, s, "/dashboard");
  assert.match(
    liveHome.body,
    /<nav[^>]*>.*<a href="\/dashboard\/unmatched-payments">Pix sem cobrança<\/a>/s,
  );
  const page = await getPage(svc, s, "/dashboard/unmatched-payments?lang=en");
  assert.equal(page.statusCode, 200);
  assert.match(
    page.body,
    /<a href="\/dashboard\/unmatched-payments" aria-current="page">Unmatched Pix<\/a>/,
  );
  const charges = await getPage(svc, s, "/dashboard/charges");
  assert.match(charges.body, /<a href="\/dashboard\/unmatched-payments">Pagamentos sem cobrança →/);
});
