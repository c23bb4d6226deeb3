import assert from "node:assert/strict";
import { test } from "node:test";
import { addUser, getPage, signInInject } from "../helpers/dashboard.ts";
import { brazilNoon, WORKED_BILL, workedExampleClock } from "../helpers/due-date.ts";
import { useTestService } from "../helpers/service.ts";

// The merchant's side of charges with a due date: the charge page's breakdown of today's amount
// (the worked example of test/http/due-date-sandbox.test.ts, three days late) and the charge
// list's "overdue only" filter.

const clock = workedExampleClock();
const sandbox = useTestService({ clock });

test("the charge page breaks today's amount down; the list shows only overdue charges when asked", async () => {
  const a = await sandbox.svc.newAccount();
  await addUser(sandbox.svc, a.accountId, "due@example.com");
  const create = async (body: unknown) => {
    const res = await sandbox.svc.call("POST", "/api/pix/charge/create", { token: a.test, body });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.chargeId as string;
  };
  const late = await create(WORKED_BILL);
  const notYet = await create({
    ...WORKED_BILL,
    title: "Mensalidade janeiro",
    due_date: "2026-12-20",
  });
  const ordinary = await create({ value: 10, title: "Avulsa" });
  clock.set(brazilNoon("2026-12-12"));
  const s = await signInInject(sandbox.svc, "due@example.com");

  const detail = await getPage(sandbox.svc, s, `/dashboard/charges/${late}`);
  assert.equal(detail.statusCode, 200);
  // Each amount is one unbreakable piece (<span class="amount">); read as text without it.
  assert.match(detail.body, /<span class="amount">R\$\s1\.260,48<\/span>/);
  const text = detail.body
    .replace(/\s+/g, " ")
    .replace(/<span class="amount">([^<]*)<\/span>/g, "$1")
    .replace(/<[^>]+>/g, "|");
  for (const shown of [
    "Vencimento e valor de hoje",
    "|Vencimento||9 de dez. de 2026|",
    "|Último dia para pagar||8 de jan. de 2027|",
    "|Vencida||Sim|",
    "|Valor original||R$ 1.234,56|",
    "|Multa||+ R$ 24,69|",
    "|Juros||+ R$ 1,23|",
    "|Total hoje (12 de dez. de 2026)||R$ 1.260,48|",
  ]) {
    assert.ok(text.includes(shown), `the charge page shows ${shown}`);
  }

  const all = await getPage(sandbox.svc, s, "/dashboard/charges");
  for (const id of [late, notYet, ordinary]) assert.ok(all.body.includes(id));
  const overdue = await getPage(sandbox.svc, s, "/dashboard/charges?overdue=1");
  assert.equal(overdue.statusCode, 200);
  assert.ok(overdue.body.includes(late), "the overdue charge is listed");
  assert.ok(!overdue.body.includes(notYet), "a charge not yet due is not");
  assert.ok(!overdue.body.includes(ordinary), "a charge without a due date is not");
  assert.match(overdue.body, /name="overdue" value="1" checked/);
});
