import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { workedExampleClock } from "../helpers/due-date.ts";
import { useTestService } from "../helpers/service.ts";

// Issue 32, item 4: bills that reach zero or overflow. Terms that would leave nothing to pay on
// some day, or more than a Pix charge can carry (R$ 9.999.999.999,99), or a due date past ten
// years, are a 422 naming the field at every door that creates a bill (create, batch); a batch
// with such a line creates the others; and whatever a create accepts, at its extremes, is served
// by the location and simulate-pay on its last payable day without a 5xx.

// 2026-11-29, a Sunday, 12:00 in Brazil.
const clock = workedExampleClock();
const sandbox = useTestService({ clock });

const BILL = {
  value: 100,
  customer_name: "Maria Silva",
  customer_cpf: "52998224725",
  due_date: "2026-12-09",
};

/** The bills the red team sent, each with the field its 422 must name. */
const UNPAYABLE: [string, Record<string, unknown>, RegExp][] = [
  [
    "R$ 1 a day early on a R$ 100 bill due in 200 days (R$ 0 due today)",
    { due_date: "2027-06-17", discounts: { mode: "value_per_calendar_day_early", value: 1 } },
    /^discounts: would leave nothing to pay/,
  ],
  [
    "1 % a day early for 200 days",
    { due_date: "2027-06-17", discounts: { mode: "percent_per_calendar_day_early", value: 1 } },
    /^discounts: would leave nothing to pay/,
  ],
  ["a due date near 9999-12-31", { due_date: "9999-12-20" }, /^due_date: must be at most 10 years/],
  [
    "a far due date with a large value per day late",
    { due_date: "9999-01-20", interest: { mode: "value_per_calendar_day", value: 9999999999 } },
    /^due_date: must be at most 10 years/,
  ],
  [
    "a fixed fine of R$ 9.999.999.999.999",
    { fine: { mode: "fixed", value: 9999999999999 } },
    /^fine\.value: must be at most 9999999999\.99/,
  ],
  [
    "a fixed fine above the amount",
    { fine: { mode: "fixed", value: 100.01 } },
    /^fine\.value: a fixed fine must be at most the charge's amount/,
  ],
  [
    "a value per day late above the amount, for ten years",
    {
      days_after_due: 3650,
      interest: { mode: "value_per_calendar_day", value: 9999999999999 },
    },
    /^interest\.value: must be at most 9999999999\.99/,
  ],
  [
    "an unknown discount mode",
    { discounts: { mode: "nope", value: 1 } },
    /^discounts\.mode: must be one of/,
  ],
];

/** The extremes a create accepts: ten years out, ten years payable after, 100 % a day late. */
const LARGEST = {
  ...BILL,
  value: 100000,
  due_date: "2036-11-28",
  days_after_due: 3650,
  fine: { mode: "fixed", value: 100000 },
  interest: { mode: "percent_per_day_calendar_days", value: 100 },
};

describe("bills that reach zero or overflow are refused at creation", () => {
  for (const [name, terms, field] of UNPAYABLE) {
    test(`create: ${name} is a 422 naming the field`, async () => {
      const res = await sandbox.svc.call("POST", "/api/pix/charge/create", {
        token: sandbox.token,
        body: { ...BILL, ...terms },
      });
      assert.equal(res.statusCode, 422, res.body);
      assert.match(res.json().error ?? "", field);
    });
  }

  test("batch: each such line is reported in its place and the good lines are created", async () => {
    const charges = [BILL, ...UNPAYABLE.map(([, terms]) => ({ ...BILL, ...terms })), BILL];
    const res = await sandbox.svc.call("POST", "/api/pix/charges/batch", {
      token: sandbox.token,
      body: { charges },
    });
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const data = res.json().data;
    assert.equal(data.created, 2);
    assert.equal(data.failed, UNPAYABLE.length);
    assert.match(data.results[0].chargeId, /^pix_/);
    assert.match(data.results.at(-1).chargeId, /^pix_/);
    UNPAYABLE.forEach(([name, , field], i) => {
      const line = data.results[i + 1];
      assert.equal(line.error?.code, "UNPROCESSABLE", name);
      assert.match(line.error.message, field, name);
    });
  });
});

describe("what a create accepts is served on its last payable day", () => {
  test("the largest bill accepted: the location and simulate-pay answer its amount, never a 5xx", async () => {
    const bodies = [LARGEST, ...UNPAYABLE.map(([, terms]) => ({ ...BILL, ...terms }))];
    let served = 0;
    for (const body of bodies) {
      const created = await sandbox.svc.call("POST", "/api/pix/charge/create", {
        token: sandbox.token,
        body,
      });
      if (created.statusCode !== 200) continue;
      served++;
      const c = created.json().data;
      const last = c.lastPayableDate as string;
      const location = await sandbox.svc.call(
        "GET",
        `/cobv/${c.chargeId.slice(4)}?DPP=${last}`,
        {},
      );
      assert.equal(
        location.statusCode,
        200,
        `location of ${JSON.stringify(body)}: ${location.body}`,
      );
      const pay = await sandbox.svc.call("POST", "/api/pix/charge/simulate-pay", {
        token: sandbox.token,
        body: { charge_id: c.chargeId, paid_at: last },
      });
      assert.equal(pay.statusCode, 200, `simulate-pay of ${JSON.stringify(body)}: ${pay.body}`);
      const paid = pay.json().data.amountPaid as number;
      assert.ok(paid > 0 && paid <= 9_999_999_999.99, `amountPaid ${paid}`);
    }
    assert.equal(served, 1, "only the largest acceptable bill is created");
  });
});

describe("a bill stored before the bounds (by the previous release) is read, never a 5xx", () => {
  /** A bill whose stored terms are rewritten to what the previous release accepted. */
  async function legacyBill(terms: Record<string, unknown>) {
    const created = await sandbox.svc.call("POST", "/api/pix/charge/create", {
      token: sandbox.token,
      body: BILL,
    });
    assert.equal(created.statusCode, 200, created.body);
    const id = created.json().data.chargeId as string;
    const base = { originalCents: 10000, dueDate: "2026-12-09", daysAfterDue: 3650 };
    await sandbox.svc.deps.db.query("UPDATE charges SET due_terms = $2::jsonb WHERE id = $1", [
      id,
      JSON.stringify({ ...base, ...terms }),
    ]);
    return id;
  }

  test("one asking for more than a safe integer late, and one asking for R$ 0,00 early", async () => {
    const huge = await legacyBill({
      interest: { mode: "value_per_calendar_day", value: 999_999_999_999_999 },
    });
    const zero = await legacyBill({
      dueDate: "2027-06-17",
      discounts: { mode: "value_per_calendar_day_early", value: 100 },
    });
    for (const [id, date] of [
      [huge, "2030-06-03"],
      [zero, "2026-11-30"],
    ] as const) {
      const location = await sandbox.svc.call("GET", `/cobv/${id.slice(4)}?DPP=${date}`, {});
      assert.equal(location.statusCode, 400, location.body);
      assert.match(location.body, /DPP: the charge cannot be paid on/);
      const pay = await sandbox.svc.call("POST", "/api/pix/charge/simulate-pay", {
        token: sandbox.token,
        body: { charge_id: id, paid_at: date },
      });
      assert.equal(pay.statusCode, 422, pay.body);
      assert.match(pay.json().error ?? "", /paid_at: the charge cannot be paid on/);
    }
    clock.set(new Date("2030-06-03T15:00:00.000Z"));
    try {
      const status = await sandbox.svc.call("GET", `/api/pix/charge/status?charge_id=${huge}`, {
        token: sandbox.token,
      });
      assert.equal(status.statusCode, 200, status.body);
      assert.equal(status.json().data.amountDue, null);
      const list = await sandbox.svc.call("GET", "/api/pix/charges?limit=50", {
        token: sandbox.token,
      });
      assert.equal(list.statusCode, 200, list.body.slice(0, 300));
    } finally {
      clock.set(new Date("2026-11-29T15:00:00.000Z"));
    }
  });
});
