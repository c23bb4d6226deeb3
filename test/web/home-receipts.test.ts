import assert from "node:assert/strict";
import { test } from "node:test";
import { addDays, receiptsByDay, saoPauloDay } from "../../src/domain/dashboard/receipts.ts";
import { brlToCents } from "../../src/domain/money.ts";
import { addUser, getPage, signInInject } from "../helpers/dashboard.ts";
import { useFileService } from "../helpers/service.ts";

// Issue 38 part 4: the home page's money received, by São Paulo day and method, read from the
// daily rollup (migration 0030) that a trigger keeps as charges are approved, refunded, moved or
// deleted. The rollup must always equal summing the API list's approved charges by day.

const svc = useFileService({ env: { TOSTAO_WORKERS: "false" } });

type Token = string;
async function paid(token: Token, kind: "pix" | "onchain" | "lightning", value: number) {
  const path = kind === "pix" ? "/api/pix/charge/create" : "/api/crypto/charge/create";
  const body0 = kind === "pix" ? { value, title: "x" } : { value, product_name: "x" };
  const made = await svc.call("POST", path, { token, body: body0 });
  assert.equal(made.statusCode, 200, made.body);
  const id: string = made.json().data.chargeId;
  const body = kind === "pix" ? { charge_id: id } : { charge_id: id, method: kind };
  const pay = await svc.call("POST", "/api/pix/charge/simulate-pay", { token, body });
  assert.equal(pay.statusCode, 200, pay.body);
  return id;
}

/** approved_at moved to `at` (as a charge approved then would have it). */
const approvedAt = (id: string, at: Date) =>
  svc.deps.db.query("UPDATE charges SET approved_at = $2 WHERE id = $1", [id, at]);

/** The API lists' approved charges (PIX and Bitcoin) summed by São Paulo day of approvedAt. */
async function apiSums(token: Token): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  for (const list of ["/api/pix/charges", "/api/crypto/charges"]) await addList(token, list, sums);
  return sums;
}

type ListedCharge = { approvedAt: string; value?: number; amountPaid?: number; amountBrl?: number };

async function addList(token: Token, list: string, sums: Map<string, number>) {
  for (let offset = 0; ; offset += 200) {
    const res = await svc.call("GET", `${list}?status=approved&limit=200&offset=${offset}`, {
      token,
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json().data;
    for (const c of body.charges as ListedCharge[]) {
      const day = saoPauloDay(new Date(c.approvedAt));
      // A PIX charge's amount received: amountPaid (a due date's) else value; Bitcoin's amountBrl.
      const cents = brlToCents(c.amountPaid ?? c.value ?? c.amountBrl ?? Number.NaN);
      assert.ok(cents !== undefined);
      sums.set(day, (sums.get(day) ?? 0) + cents);
    }
    if (!body.hasMore) return;
  }
}

test("the last 30 days sum approved charges by São Paulo day and method; refunds and deletes take them out", async () => {
  const a = await svc.newAccount();
  const who = { accountId: a.accountId, mode: "test" as const, tokenId: "t" };
  const now = svc.deps.clock.now();
  const today = saoPauloDay(now);
  const pix1 = await paid(a.test, "pix", 12.34);
  await paid(a.test, "pix", 1000);
  await paid(a.test, "onchain", 50);
  await paid(a.test, "lightning", 7.5);
  // Three days ago, at 23:59 São Paulo time (02:59 UTC the next day): counted on that day.
  const late = await paid(a.test, "pix", 1);
  const threeAgo = addDays(today, -3);
  await approvedAt(late, new Date(`${addDays(threeAgo, 1)}T02:59:00Z`));
  // 31 days ago: outside the chart.
  const old = await paid(a.test, "lightning", 99);
  await approvedAt(old, new Date(now.getTime() - 31 * 86_400_000));
  // Refunded: received, then given back, so not counted.
  const refunded = await paid(a.test, "pix", 20);
  const back = await svc.call("POST", "/api/pix/charge/refund", {
    token: a.test,
    body: { charge_id: refunded },
  });
  assert.equal(back.statusCode, 200, back.body);
  // Still pending: not received.
  await svc.call("POST", "/api/pix/charge/create", { token: a.test, body: { value: 5 } });

  let r = await receiptsByDay(svc.deps, who);
  assert.equal(r.days.length, 30);
  assert.equal(r.days[0]?.day, addDays(today, -29));
  assert.equal(r.today.day, today);
  assert.deepEqual(r.today.cents, { pix: 101_234, onchain: 5_000, lightning: 750 });
  assert.equal(r.today.totalCents, 106_984);
  assert.equal(r.today.payments, 4);
  const day3 = r.days.find((d) => d.day === threeAgo);
  assert.deepEqual(day3?.cents, { pix: 100, onchain: 0, lightning: 0 });
  assert.equal(r.totalCents, 107_084);
  assert.equal(r.payments, 5);

  // A refund of a payment of today takes it off today; a deleted charge (the sandbox reset) too.
  const off = await svc.call("POST", "/api/pix/charge/refund", {
    token: a.test,
    body: { charge_id: pix1 },
  });
  assert.equal(off.statusCode, 200, off.body);
  r = await receiptsByDay(svc.deps, who);
  assert.equal(r.today.cents.pix, 100_000);
  const reset = await svc.call("POST", "/api/test-mode/reset", {
    token: a.test,
    body: { confirm: true },
  });
  assert.equal(reset.statusCode, 200, reset.body);
  r = await receiptsByDay(svc.deps, who);
  assert.equal(r.totalCents, 0);
  assert.ok(r.days.every((d) => d.payments === 0));
});

test("the chart's per-day totals equal summing the API list's approved charges", async () => {
  const a = await svc.newAccount();
  const who = { accountId: a.accountId, mode: "test" as const, tokenId: "t" };
  const now = svc.deps.clock.now().getTime();
  const kinds = ["pix", "onchain", "lightning"] as const;
  for (let i = 0; i < 24; i++) {
    const id = await paid(a.test, kinds[i % 3] as (typeof kinds)[number], (100 + i * 337) / 100);
    // Spread over 29 days at odd hours, some at the São Paulo midnight's either side.
    await approvedAt(id, new Date(now - i * 1.2 * 86_400_000 - (i % 4) * 3_600_000));
  }
  const api = await apiSums(a.test);
  const chart = await receiptsByDay(svc.deps, who);
  for (const d of chart.days) assert.equal(d.totalCents, api.get(d.day) ?? 0, d.day);
  const inApi = [...api.values()].reduce((s, v) => s + v, 0);
  assert.equal(chart.totalCents, inApi, "every approved charge of the API list is in the chart");
});

test("the home page draws the chart with its text alternative and a 30-row table", async () => {
  const a = await svc.newAccount();
  await paid(a.test, "pix", 1234.56);
  await paid(a.test, "lightning", 10);
  await addUser(svc, a.accountId, "chart@example.com");
  const s = await signInInject(svc, "chart@example.com");
  const page = (await getPage(svc, s, "/dashboard")).body;
  assert.match(
    page,
    /<svg class="receipts-chart"[^>]* role="img" aria-label="Gráfico de barras: R\$\s1\.244,56 recebidos em 2 pagamentos/,
  );
  assert.match(page, /<title id="receipts-title">Recebido nos últimos 30 dias<\/title>/);
  assert.match(page, /<desc id="receipts-desc">[^<]*Hoje: R\$\s1\.244,56\.<\/desc>/);
  const table = page.slice(page.indexOf('class="cards receipts-table"'));
  const body = table.slice(table.indexOf("<tbody>"), table.indexOf("</tbody>"));
  assert.equal(body.match(/<tr>/g)?.length, 30);
  assert.match(
    page,
    /<span class="n"><span class="amount">R\$\s1\.244,56<\/span><\/span><span class="l">recebido hoje/,
  );
  assert.equal(
    (page.match(/<rect class="bar-/g) ?? []).length,
    2,
    "today's bar: PIX and Lightning",
  );

  const en = await svc.app.inject({
    method: "GET",
    url: "/dashboard",
    headers: { "accept-language": "en" },
    cookies: { tostao_session: s.cookie },
  });
  assert.match(en.body, /aria-label="Bar chart: R\$\s?1,244\.56 received in 2 payments/);
});
