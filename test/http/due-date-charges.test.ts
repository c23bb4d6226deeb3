import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { WORKED_BILL, workedExampleClock } from "../helpers/due-date.ts";
import { useTestService } from "../helpers/service.ts";

// Charges with a due date (issue 24, docs/due-date.md) through the API: the create body's
// rules, each refused with a 422 naming its field, and what a created charge answers.

// 2026-11-29, a Sunday, 12:00 in Brazil (15:00 UTC).
const clock = workedExampleClock();
const sandbox = useTestService({ clock });

const create = (body: unknown) =>
  sandbox.svc.call("POST", "/api/pix/charge/create", { token: sandbox.token, body });

/** A valid due-date body: R$ 1.234,56 due 2026-12-09, the fine, interest, discount. */

async function refused(body: unknown, field: RegExp) {
  const res = await create(body);
  assert.equal(res.statusCode, 422, res.body);
  assert.match(res.json().error ?? "", field);
}

describe("a due-date charge's create body: each bad field is a 422 naming it", () => {
  test("a due date in the past (before today in Brazil)", async () => {
    const { discounts: _, ...noDiscount } = WORKED_BILL;
    await refused({ ...noDiscount, due_date: "2026-11-28" }, /due_date: must be today or later/);
  });
  test("both customer_cpf and customer_cnpj", async () => {
    await refused({ ...WORKED_BILL, customer_cnpj: "11.222.333/0001-81" }, /customer_cnpj/);
  });
  test("a discount date after the due date", async () => {
    const discounts = { mode: "fixed_until_date", tiers: [{ date: "2026-12-10", value: 5 }] };
    await refused(
      { ...WORKED_BILL, discounts },
      /discounts\.tiers\.0\.date|discounts.tiers\[0\].date/,
    );
  });
  test("a percent above 100", async () => {
    await refused({ ...WORKED_BILL, fine: { mode: "percent", value: 100.5 } }, /fine\.value/);
  });
  test("days_after_due negative", async () => {
    await refused({ ...WORKED_BILL, days_after_due: -1 }, /days_after_due/);
  });
  test("expires_in with due_date", async () => {
    await refused({ ...WORKED_BILL, expires_in: 3600 }, /expires_in/);
  });
  test("no debtor document, and no debtor name", async () => {
    const { customer_cpf: _, ...noCpf } = WORKED_BILL;
    await refused(noCpf, /customer_cpf or customer_cnpj/);
    const { customer_name: __, ...noName } = WORKED_BILL;
    await refused(noName, /customer_name/);
  });
  test("a bad CNPJ, and terms without a due date", async () => {
    const { customer_cpf: _, ...noCpf } = WORKED_BILL;
    await refused({ ...noCpf, customer_cnpj: "11.222.333/0001-80" }, /customer_cnpj/);
    await refused({ value: 10, fine: { mode: "percent", value: 2 } }, /fine: needs due_date/);
  });
});

describe("a due-date charge as created and read", () => {
  test("a company debtor (CNPJ) is accepted and shown; the charge carries its terms", async () => {
    const { customer_cpf: _, ...noCpf } = WORKED_BILL;
    const res = await create({ ...noCpf, customer_cnpj: "11.222.333/0001-81" });
    assert.equal(res.statusCode, 200, res.body);
    const c = res.json().data;
    assert.equal(c.dueDate, "2026-12-09");
    assert.equal(c.lastPayableDate, "2027-01-08");
    // Today (2026-11-29) is before the discount date: 3% off, 37.0368 rounded to 37.04.
    assert.equal(c.amountDue, 1197.52);
    assert.equal(c.overdue, false);
    // Payable to the end of 2027-01-08 in Brazil (UTC-3).
    assert.equal(c.expiresAt, "2027-01-09T03:00:00.000Z");
    const s = (
      await sandbox.svc.call("GET", `/api/pix/charge/status?charge_id=${c.chargeId}`, {
        token: sandbox.token,
      })
    ).json().data;
    assert.equal(s.customer_cnpj, "11222333000181");
    assert.equal(s.customer_cpf, null);
    assert.deepEqual(s.dueTerms, {
      due_date: "2026-12-09",
      days_after_due: 30,
      fine: { mode: "percent", value: 2 },
      interest: { mode: "percent_per_month_calendar_days", value: 1 },
      discounts: { mode: "percent_until_date", tiers: [{ date: "2026-12-04", value: 3 }] },
    });
  });
});

describe("where the due-date fields do not belong", () => {
  test("the public checkout refuses them (the merchant sets a bill's terms)", async () => {
    const product = await sandbox.svc.call("POST", "/api/products/create", {
      token: sandbox.token,
      body: { name: "Mensalidade", value: 100 },
    });
    assert.equal(product.statusCode, 200, product.body);
    const res = await sandbox.svc.call("POST", "/api/pix/charge/create", {
      body: {
        product_id: product.json().data.id,
        customer_name: "Maria Silva",
        customer_cpf: "529.982.247-25",
        due_date: "2026-12-09",
      },
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.match(res.json().error ?? "", /due_date: is set by the merchant/);
  });
  test("simulate-pay's paid_at is refused for a charge without a due date", async () => {
    const c = (await create({ value: 10 })).json().data;
    const res = await sandbox.svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: sandbox.token,
      body: { charge_id: c.chargeId, paid_at: "2026-11-29" },
    });
    assert.equal(res.statusCode, 422);
    assert.match(res.json().error ?? "", /paid_at: only for a charge with a due_date/);
  });
  test("the list shows each charge's due date and today's amount", async () => {
    const c = (await create(WORKED_BILL)).json().data;
    const list = (
      await sandbox.svc.call("GET", "/api/pix/charges?limit=5", { token: sandbox.token })
    ).json().data;
    const row = list.charges.find((x: { chargeId: string }) => x.chargeId === c.chargeId);
    assert.equal(row.dueDate, "2026-12-09");
    assert.equal(row.amountDue, 1197.52);
    assert.equal(row.overdue, false);
  });
});
