import assert from "node:assert/strict";
import { test } from "node:test";
import { addUser, getPage, signInInject } from "../helpers/dashboard.ts";
import { useTestService } from "../helpers/service.ts";

// The dashboard's charge list filters as the API's list does, through the same query, and its
// pages keep the filters.

const file = useTestService();

/** The charge ids a dashboard list page links to, in the order shown. */
const listed = (body: string) => [
  ...new Set(
    [...body.matchAll(/href="\/dashboard\/charges\/([\w-]+)"/g)]
      .map((m) => m[1])
      // The page also links to its CSV billing page.
      .filter((id) => id !== "batch"),
  ),
];

test("the charge list's filters (status, days, external_id, customer e-mail) return exactly the API's rows, and paging keeps them", async () => {
  const { svc } = file;
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
