import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// POST /api/test-mode/reset: a developer's sandbox starts over without a new account. Test data
// goes, the test clock is back at now; configuration and live mode stay.

describe("test-mode reset", () => {
  let svc: TestService;
  before(async () => {
    // The webhook points at a closed local port: nothing leaves the machine.
    svc = await startTestService({ env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" } });
  });
  after(() => svc.close());

  const sandbox = async (s: TestService, token: string) => {
    const charge = await s.call("POST", "/api/pix/charge/create", {
      token,
      body: { value: 12.34, title: "Pedido" },
      headers: { "idempotency-key": "reset-me-1" },
    });
    assert.equal(charge.statusCode, 200, charge.body);
    const hook = await s.call("POST", "/api/webhooks/create", {
      token,
      body: { url: "http://127.0.0.1:9/hook", events: ["*"] },
    });
    assert.equal(hook.statusCode, 200, hook.body);
    const product = await s.call("POST", "/api/products/create", {
      token,
      body: { name: "Caneca", value: 5 },
    });
    assert.equal(product.statusCode, 200, product.body);
    const sub = await s.call("POST", "/api/pix/subscriptions/create", {
      token,
      body: monthlyPlan("2099-01-10", { value: 10 }),
    });
    assert.equal(sub.statusCode, 200, sub.body);
    const moved = await s.call("POST", "/api/pix/subscriptions/test-clock/advance", {
      token,
      body: { days: 3 },
    });
    assert.equal(moved.statusCode, 200, moved.body);
    return { chargeId: charge.json().data.chargeId as string };
  };

  test("deletes the account's test charges, events and subscriptions, sets the test clock back to now, and keeps keys, webhooks, products and live data", async () => {
    const a = await svc.newAccount();
    const other = await svc.newAccount();
    await sandbox(svc, a.test);
    const kept = await sandbox(svc, other.test);
    const live = await svc.call("GET", "/api/pix/charges", { token: a.live });
    assert.equal(live.statusCode, 200);

    const res = await svc.call("POST", "/api/test-mode/reset", {
      token: a.test,
      body: { confirm: true },
    });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.deleted.charges, 1);
    assert.equal(data.deleted.subscriptions, 1);
    assert.ok(data.deleted.events >= 2, `events deleted: ${data.deleted.events}`);
    assert.ok(data.deleted.idempotencyKeys >= 1);
    const drift = Math.abs(Date.parse(data.testClock.now) - Date.now());
    assert.ok(drift < 60_000, `the test clock is back at now (${data.testClock.now})`);

    const list = async (url: string, token: string) =>
      (await svc.call("GET", url, { token })).json().data;
    assert.equal((await list("/api/pix/charges", a.test)).charges.length, 0);
    assert.equal((await list("/api/events", a.test)).events.length, 0);
    assert.equal((await list("/api/pix/subscriptions", a.test)).subscriptions.length, 0);
    assert.equal((await list("/api/webhooks", a.test)).webhooks.length, 1, "webhooks stay");
    assert.equal((await list("/api/products", a.test)).products.length, 1, "products stay");
    // The Idempotency-Key made before the reset no longer answers with a deleted charge.
    const again = await svc.call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: { value: 12.34, title: "Pedido" },
      headers: { "idempotency-key": "reset-me-1" },
    });
    assert.equal(again.statusCode, 200);
    assert.notEqual(again.headers["idempotent-replayed"], "true");
    // The clock moved again from now, not from where it was.
    const moved = await svc.call("POST", "/api/pix/subscriptions/test-clock/advance", {
      token: a.test,
      body: { days: 1 },
    });
    const ahead = Date.parse(moved.json().data.now) - Date.now();
    assert.ok(ahead > 23 * 3_600_000 && ahead < 25 * 3_600_000, `one day ahead: ${ahead} ms`);

    // Another account's sandbox is untouched.
    const theirs = await svc.call("GET", `/api/pix/charge/status?charge_id=${kept.chargeId}`, {
      token: other.test,
    });
    assert.equal(theirs.statusCode, 200);
    assert.equal((await list("/api/pix/subscriptions", other.test)).subscriptions.length, 1);
  });

  test("a live key is refused (403) and deletes nothing; without confirm it is a 422; a key without account:write is a 403", async () => {
    const a = await svc.newAccount();
    await sandbox(svc, a.test);
    const liveKey = await svc.call("POST", "/api/test-mode/reset", {
      token: a.live,
      body: { confirm: true },
    });
    assert.equal(liveKey.statusCode, 403, liveKey.body);
    const unconfirmed = await svc.call("POST", "/api/test-mode/reset", {
      token: a.test,
      body: {},
    });
    assert.equal(unconfirmed.statusCode, 422, unconfirmed.body);
    assert.match(unconfirmed.json().error ?? "", /^confirm: /);
    const restricted = await svc.call("POST", "/api/auth/token/create", {
      token: a.test,
      body: { label: "charges only", mode: "test", scopes: ["charges:read", "charges:write"] },
    });
    const refused = await svc.call("POST", "/api/test-mode/reset", {
      token: restricted.json().data.token,
      body: { confirm: true },
    });
    assert.equal(refused.statusCode, 403, refused.body);
    const charges = (await svc.call("GET", "/api/pix/charges", { token: a.test })).json().data;
    assert.equal(charges.charges.length, 1, "nothing was deleted");
  });

  test("the dashboard's test view resets after a confirmation; the live view offers no reset", async () => {
    const a = await svc.newAccount();
    await sandbox(svc, a.test);
    await addUser(svc, a.accountId, "reset@example.com");
    const s = await signInInject(svc, "reset@example.com");
    const page = await getPage(svc, s, "/dashboard/account");
    assert.match(page.body, /Apagar dados de teste/);
    assert.match(page.body, /action="\/dashboard\/account\/reset-test"/);
    const done = await postForm(svc, s, "/dashboard/account/reset-test", { _csrf: s.csrf });
    assert.equal(done.statusCode, 200, done.body.slice(0, 300));
    assert.match(done.body, /Dados de teste apagados \(1 cobranças\)/);
    const charges = (await svc.call("GET", "/api/pix/charges", { token: a.test })).json().data;
    assert.equal(charges.charges.length, 0);
    await postForm(svc, s, "/dashboard/mode", {
      mode: "live",
      return: "/dashboard",
      _csrf: s.csrf,
    });
    const livePage = await getPage(svc, s, "/dashboard/account");
    assert.doesNotMatch(livePage.body, /reset-test/);
  });
});
