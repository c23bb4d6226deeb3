import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { expireOverdueCharges } from "../../src/domain/charges/move-charge.ts";
import { notifyOverdueCharges } from "../../src/domain/charges/overdue-pass.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { brazilNoon } from "../helpers/due-date.ts";
import { useTestService } from "../helpers/service.ts";

// Issue 35, item 6: the account's test clock moves everything of its test mode that depends on
// the date. Advancing it runs, each day, the overdue and expiry of that account's due-date test
// charges on the moved clock; the background passes on the real clock do not announce them again,
// and other accounts' charges wait for the real date.
//
// The bill (computed by hand from docs/due-date.md's rules). Today 2026-11-29 (Sunday). R$ 1.234,56
// = 123456 centavos due 2026-12-01 (Tuesday, a business day), 2% fine, 1% a month of calendar-day
// interest, payable 3 days after: last payable day 2026-12-04 (Friday), expired from 2026-12-05
// 00:00 in Brazil. Overdue from 2026-12-02 00:00: one day late, fine 123456 x 2% = 2469.12 -> 2469,
// interest 123456 x 1% x 1 / 30 = 41.152 -> 41; 123456 + 2469 + 41 = 125966 -> R$ 1.259,66.

const TODAY = "2026-11-29";
const BILL = {
  value: 1234.56,
  title: "Mensalidade",
  customer_name: "Maria Silva",
  customer_cpf: "529.982.247-25",
  due_date: "2026-12-01",
  days_after_due: 3,
  fine: { mode: "percent", value: 2 },
  interest: { mode: "percent_per_month_calendar_days", value: 1 },
};

type Event = { event: string; createdAt: string; data: Record<string, any> };

function setUp() {
  const clock = manualClock(brazilNoon(TODAY));
  const s = useTestService({ clock, env: { TOSTAO_WORKERS: "false" } });
  const call = (token: string, method: "GET" | "POST", url: string, body?: unknown) =>
    s.svc.call(method, url, { token, body });
  const ok = async (token: string, method: "GET" | "POST", url: string, body?: unknown) => {
    const res = await call(token, method, url, body);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json().data as Record<string, any>;
  };
  const advance = (token: string, days: number) =>
    ok(token, "POST", "/api/test-clock/advance", { days });
  const events = async (token: string, chargeId: string, type: string) =>
    ((await s.svc.eventsOf(token, chargeId)) as Event[]).filter((e) => e.event === type);
  return { clock, s, call, ok, advance, events };
}

describe("advancing the test clock over a due-date bill", () => {
  const t = setUp();
  let billId = "";
  let otherToken = "";
  let otherBillId = "";

  test("the bill becomes overdue on its day, announced once with that day's amount", async () => {
    const token = t.s.token;
    billId = (await t.ok(token, "POST", "/api/pix/charge/create", BILL)).chargeId;
    // Another account, clock not moved, with a bill already overdue on the first account's clock.
    otherToken = (await t.s.svc.newAccount()).test;
    otherBillId = (
      await t.ok(otherToken, "POST", "/api/pix/charge/create", { ...BILL, due_date: "2026-11-30" })
    ).chargeId;

    const two = await t.advance(token, 2);
    assert.equal(two.overdue, 0, "not overdue on the due date itself");
    const three = await t.advance(token, 1);
    assert.equal(three.overdue, 1);
    assert.equal(three.expired, 0);
    assert.equal(three.advancedDays, 3);
    assert.equal(three.now, "2026-12-02T15:00:00.000Z");

    const updates = await t.events(token, billId, "charge.updated");
    assert.equal(updates.length, 1);
    assert.equal(updates[0]?.data.overdue, true);
    assert.equal(updates[0]?.data.amountDue, 1259.66);
    assert.equal(updates[0]?.data.statusCode, "pending");
    assert.equal(updates[0]?.createdAt, "2026-12-02T15:00:00.000Z", "dated by the test clock");

    // Only the account that moved its clock: the other bill waits for the real date.
    assert.deepEqual(await t.events(otherToken, otherBillId, "charge.updated"), []);
  });

  test("a second advance does not announce it again", async () => {
    const again = await t.advance(t.s.token, 1);
    assert.equal(again.overdue, 0);
    assert.equal((await t.events(t.s.token, billId, "charge.updated")).length, 1);
  });

  test("it expires on the day after its last payable day, with charge.declined", async () => {
    const fourth = await t.advance(t.s.token, 1); // 2026-12-04, the last payable day
    assert.equal(fourth.expired, 0);
    const fifth = await t.advance(t.s.token, 1); // 2026-12-05
    assert.equal(fifth.expired, 1);
    assert.equal(fifth.overdue, 0);
    const declined = await t.events(t.s.token, billId, "charge.declined");
    assert.equal(declined.length, 1);
    assert.equal(declined[0]?.data.statusCode, "expired");
    const status = await t.ok(t.s.token, "GET", `/api/pix/charge/status?charge_id=${billId}`);
    assert.equal(status.statusCode, "expired");
  });

  test("the background passes on the real clock redo nothing, and still serve unmoved accounts", async () => {
    // The real date passes both bills' expiry: only the other account's bill is left to do.
    t.clock.set(brazilNoon("2026-12-20"));
    assert.equal(await notifyOverdueCharges(t.s.svc.deps), 1);
    assert.equal(await expireOverdueCharges(t.s.svc.deps), 1);
    assert.equal(await notifyOverdueCharges(t.s.svc.deps), 0);
    assert.equal((await t.events(t.s.token, billId, "charge.updated")).length, 1);
    assert.equal((await t.events(t.s.token, billId, "charge.declined")).length, 1);
    assert.equal((await t.events(otherToken, otherBillId, "charge.updated")).length, 1);
    assert.equal((await t.events(otherToken, otherBillId, "charge.declined")).length, 1);
  });
});

describe("due dates on a moved test clock", () => {
  const t = setUp();

  test("a sandbox bill's due date is judged on the account's test clock; an immediate charge keeps the real one", async () => {
    const token = t.s.token;
    const moved = await t.advance(token, 8); // the test clock's today: 2026-12-07
    assert.equal(moved.now, "2026-12-07T15:00:00.000Z");
    assert.deepEqual(await t.ok(token, "GET", "/api/test-clock"), {
      now: "2026-12-07T15:00:00.000Z",
      advancedDays: 8,
    });

    // Due 2026-12-01: after the real today, before the test clock's.
    const early = await t.call(token, "POST", "/api/pix/charge/create", BILL);
    assert.equal(early.statusCode, 422, early.body);
    assert.match(early.json().error ?? "", /^due_date: /);
    const other = (await t.s.svc.newAccount()).test;
    await t.ok(other, "POST", "/api/pix/charge/create", BILL);

    // Due in 3 days of the test clock, overdue once it has passed 4.
    const bill = await t.ok(token, "POST", "/api/pix/charge/create", {
      ...BILL,
      due_date: "2026-12-10",
    });
    assert.equal(bill.overdue, false);
    assert.equal(bill.amountDue, 1234.56);
    // Payable 3 days after, to Sunday 2026-12-13 moved to Monday: expired from 2026-12-15 in Brazil.
    assert.equal(bill.expiresAt, "2026-12-15T03:00:00.000Z");

    // A batch's lines are judged on the same clock.
    const batch = await t.ok(token, "POST", "/api/pix/charges/batch", {
      charges: [BILL, { ...BILL, due_date: "2026-12-10", external_id: "b-2" }],
    });
    assert.match(batch.results[0].error?.message ?? "", /^due_date: /);
    assert.equal(batch.results[1].dueDate, "2026-12-10");

    const immediate = await t.ok(token, "POST", "/api/pix/charge/create", { value: 10 });
    assert.equal(immediate.expiresAt, new Date(t.clock.now().getTime() + 3600_000).toISOString());

    const later = await t.advance(token, 4);
    assert.equal(later.overdue, 2, "the bill and the batch's line");
    const updates = await t.events(token, bill.chargeId, "charge.updated");
    assert.equal(updates.length, 1);
    assert.equal(updates[0]?.data.amountDue, 1259.66);
    // The immediate charge, an hour long on the real clock, expired on the first day passed.
    assert.equal(later.expired, 1);
  });
});
