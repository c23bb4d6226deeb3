import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// The dashboard's follow-ups: a typed wrong address is a page with a way back (the API keeps its
// envelope), the live navigation reaches the unmatched payments, and the charge list filters
// like the API's list, through the same query, with pages that keep the filters.

/** The charge ids a dashboard list page links to, in the order shown. */
const listed = (body: string) => [
  ...new Set(
    [...body.matchAll(/href="\/dashboard\/charges\/([\w-]+)"/g)]
      .map((m) => m[1])
      // The page also links to its CSV billing page.
      .filter((id) => id !== "batch"),
  ),
];

describe("dashboard follow-ups", () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  test("an unknown /dashboard or page path answers an HTML 404 with a way back; /api keeps the JSON envelope", async () => {
    const dash = await svc.app.inject({ method: "GET", url: "/dashboard/nope/deeper?x=1" });
    assert.equal(dash.statusCode, 404);
    assert.match(String(dash.headers["content-type"]), /^text\/html/);
    assert.match(String(dash.headers["content-security-policy"]), /default-src/);
    assert.match(dash.body, /<html lang="pt-BR"/);
    assert.match(dash.body, /Página não encontrada/);
    assert.match(dash.body, /href="\/dashboard"/, "back to the dashboard");

    const pay = await svc.app.inject({
      method: "GET",
      url: "/pay/xyz/whatever",
      headers: { "accept-language": "en-US,en;q=0.9", accept: "text/html,*/*" },
    });
    assert.equal(pay.statusCode, 404);
    assert.match(String(pay.headers["content-type"]), /^text\/html/);
    assert.match(pay.body, /Page not found/);
    assert.match(pay.body, /<a class="button secondary" href="\/docs">/, "a way home");

    const cookieLang = await svc.app.inject({
      method: "GET",
      url: "/whatever",
      cookies: { lang: "en" },
    });
    assert.match(cookieLang.body, /Page not found/, "the lang cookie is honoured");

    const api = await svc.app.inject({
      method: "GET",
      url: "/api/nope",
      headers: { accept: "text/html" },
    });
    assert.equal(api.statusCode, 404);
    assert.match(String(api.headers["content-type"]), /application\/json/);
    assert.deepEqual(api.json(), { success: false, error: "route not found: GET /api/nope" });

    const machine = await svc.app.inject({
      method: "GET",
      url: "/pay/xyz/whatever",
      headers: { accept: "application/json" },
    });
    assert.match(
      String(machine.headers["content-type"]),
      /application\/json/,
      "a JSON-only client",
    );
    const bearer = await svc.app.inject({
      method: "GET",
      url: "/pix/charges",
      headers: { authorization: "Bearer svc_test_x" },
    });
    assert.equal(bearer.json().success, false, "a bearer token means an API client");
    const metrics = await svc.app.inject({ method: "GET", url: "/metrics" });
    assert.equal(metrics.json().success, false, "/metrics off is the API's 404");
  });

  test("the live navigation links to the unmatched payments page; the test view does not", async () => {
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
    assert.match(
      charges.body,
      /<a href="\/dashboard\/unmatched-payments">Pagamentos sem cobrança →/,
    );
  });

  test("the charge list's filters (status, days, external_id, customer e-mail) return exactly the API's rows, and paging keeps them", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "filters@example.com");
    const s = await signInInject(svc, "filters@example.com");
    const make = async (body: Record<string, unknown>) => {
      const res = await svc.call("POST", "/api/pix/charge/create", { token: a.test, body });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data.chargeId as string;
    };
    const mine: string[] = [];
    for (let i = 0; i < 27; i++) {
      mine.push(
        await make({ value: 1 + i, external_id: "order-7", customer_email: "Ana@Loja.example" }),
      );
    }
    const other = await make({
      value: 5,
      external_id: "order-8",
      customer_email: "bia@loja.example",
    });
    const paid = await make({ value: 9, external_id: "order-9" });
    const pay = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: paid },
    });
    assert.equal(pay.statusCode, 200, pay.body);

    const api = async (q: string) => {
      const res = await svc.call("GET", `/api/pix/charges?limit=200&${q}`, { token: a.test });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json().data.charges as Array<{ chargeId: string }>).map((c) => c.chargeId);
    };
    const dash = async (q: string) => {
      const res = await getPage(svc, s, `/dashboard/charges?${q}`);
      assert.equal(res.statusCode, 200);
      return res;
    };

    const byExt = await dash("external_id=order-8");
    assert.deepEqual(listed(byExt.body), [other]);
    assert.deepEqual(listed(byExt.body), await api("external_id=order-8"));
    assert.match(
      byExt.body,
      /name="external_id" maxlength="128" value="order-8"/,
      "the form keeps it",
    );

    const byEmail = await dash("customer_email=bia%40LOJA.example");
    assert.deepEqual(listed(byEmail.body), [other], "the e-mail matches without regard to case");

    const byStatus = await dash("status=approved");
    assert.deepEqual(listed(byStatus.body), [paid]);
    assert.deepEqual(listed(byStatus.body), await api("status=approved"));

    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const byDay = await dash(`from=${today}&to=${today}&external_id=order-9`);
    assert.deepEqual(listed(byDay.body), [paid]);
    const yesterday = new Date(Date.now() - 27 * 3_600_000).toISOString().slice(0, 10);
    assert.deepEqual(listed((await dash(`to=${yesterday}`)).body), [], "no charge before today");

    // 27 charges of order-7: a page of 25, then the next page keeps the filter and shows 2.
    const first = await dash("external_id=order-7&customer_email=ana%40loja.example");
    const page1 = listed(first.body);
    assert.equal(page1.length, 25);
    const older = /<a href="([^"]+)">Mais antigas/.exec(first.body)?.[1]?.replaceAll("&amp;", "&");
    assert.ok(older, "a link to the older page");
    assert.match(older, /external_id=order-7/);
    assert.match(older, /customer_email=ana%40loja.example/);
    const page2 = listed((await getPage(svc, s, older)).body);
    assert.equal(page2.length, 2);
    assert.deepEqual([...page1, ...page2], await api("external_id=order-7"));
    assert.deepEqual(new Set([...page1, ...page2]), new Set(mine));
  });
});
