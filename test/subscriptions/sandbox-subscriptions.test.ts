import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { hasError, isDynamicPix, parsePix } from "pix-utils";
import { billingPass } from "../../src/domain/subscriptions/billing.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { useFileService } from "../helpers/service.ts";

// The issue's sandbox "Done when": a year of monthly periods walked through with the test clock,
// a failing debit retried as its policy says, cancel stopping the next period, the variable
// amount's cap, the composed BR Code, and the bad inputs named by field.

const clock = manualClock(new Date("2026-11-22T10:00:00.000Z")); // 07:00 in Brazil, 2026-11-22
const svc = useFileService({ clock });

const CPF = "529.982.247-25";
const post = (token: string, path: string, body: unknown) =>
  svc.call("POST", `/api/pix/subscriptions/${path}`, { token, body });
const base = {
  title: "Plano mensal",
  customer_name: "Maria Silva",
  customer_cpf: CPF,
  periodicity: "monthly",
  start_date: "2026-12-10",
};

async function created(token: string, body: Record<string, unknown>) {
  const res = await post(token, "create", { ...base, ...body });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as Record<string, any>;
}
const approve = async (token: string, id: string, extra: Record<string, unknown> = {}) => {
  const res = await post(token, "simulate-authorize", { subscription_id: id, ...extra });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
};
const advance = async (token: string, days: number) => {
  const res = await post(token, "test-clock/advance", { days });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { now: string; advancedDays: number };
};
async function chargesOf(token: string, subscriptionId: string) {
  const res = await svc.call("GET", "/api/pix/charges?limit=200", { token });
  const all = res.json().data.charges as Array<Record<string, any>>;
  return all.filter((c) => c.subscriptionId === subscriptionId).reverse();
}
const eventsOf = async (token: string, id: string) =>
  (await svc.call("GET", `/api/events?charge_id=${id}&limit=200`, { token })).json().data
    .events as Array<{ event: string; createdAt: string; data: Record<string, any> }>;

describe("subscriptions in the sandbox, walked with the test clock", () => {
  test("a monthly subscription authorised is charged 12 times, each on its date, one charge.approved each", async () => {
    const { test: token } = await svc.newAccount();
    const s = await created(token, { value: 49.9, end_date: "2027-11-10" });
    assert.equal(s.statusCode, "created");
    assert.equal(s.status, "Aguardando autorização");
    assert.match(s.paymentUrl, /\/subscribe\/sub_/);
    assert.equal((await approve(token, s.subscriptionId)).statusCode, "approved");
    assert.deepEqual(
      (await eventsOf(token, s.subscriptionId)).map((e) => e.event),
      ["subscription.created", "subscription.approved"],
    );
    // Nothing is charged before the first period's window opens (10 days before 2026-12-10).
    await advance(token, 5);
    assert.equal((await chargesOf(token, s.subscriptionId)).length, 0);
    await advance(token, 395);
    const charges = await chargesOf(token, s.subscriptionId);
    assert.equal(charges.length, 12);
    const dates = charges.map((c) => c.approvedAt.slice(0, 10));
    // Each approved on its date (the debit runs in the date's first hours in Brazil, UTC-3).
    assert.deepEqual(dates, [
      "2026-12-10",
      "2027-01-10",
      "2027-02-10",
      "2027-03-10",
      "2027-04-10",
      "2027-05-10",
      "2027-06-10",
      "2027-07-10",
      "2027-08-10",
      "2027-09-10",
      "2027-10-10",
      "2027-11-10",
    ]);
    for (const c of charges) {
      assert.equal(c.statusCode, "approved");
      assert.equal(c.value, 49.9);
      const types = (await eventsOf(token, c.chargeId)).map((e) => e.event);
      assert.deepEqual(types, ["charge.created", "charge.pending", "charge.approved"]);
    }
    const after = (
      await svc.call("GET", `/api/pix/subscriptions/status?subscription_id=${s.subscriptionId}`, {
        token,
      })
    ).json().data;
    // The term is over: expired, with nothing left to charge.
    assert.equal(after.statusCode, "expired");
    assert.equal(after.nextChargeDate, null);
  });

  test("a failing debit is retried 3 times within 7 days (up_to_3_in_7_days), then charge.declined with its reason", async () => {
    const { test: token } = await svc.newAccount();
    const s = await created(token, { value: 20 });
    await approve(token, s.subscriptionId, { fail_debits: true });
    await advance(token, 18); // 2026-12-10 (the date) at 07:00 in Brazil: first attempt failed
    let [c] = await chargesOf(token, s.subscriptionId);
    assert.equal(c?.statusCode, "pending");
    await advance(token, 7); // past the retries on the 12th, 14th and 16th
    [c] = await chargesOf(token, s.subscriptionId);
    assert.equal(c?.statusCode, "declined");
    assert.match(c?.declineReason, /^insufficient_funds: the debit failed 4 times/);
    const rows = await svc.deps.db.query<{ attempts: number; status: string }>(
      "SELECT attempts, status FROM subscription_periods WHERE subscription_id = $1",
      [s.subscriptionId],
    );
    assert.deepEqual(rows, [{ attempts: 4, status: "declined" }]);
    const types = (await eventsOf(token, c?.chargeId)).map((e) => e.event);
    assert.deepEqual(types, ["charge.created", "charge.pending", "charge.declined"]);
    const declined = (await eventsOf(token, c?.chargeId)).at(-1);
    assert.match(declined?.data.declineReason, /insufficient_funds/);
  });

  test("retry policy none: one failed debit is the decline", async () => {
    const { test: token } = await svc.newAccount();
    const s = await created(token, { value: 20, retry_policy: "none" });
    await approve(token, s.subscriptionId, { fail_debits: true });
    await advance(token, 18);
    const [c] = await chargesOf(token, s.subscriptionId);
    assert.equal(c?.statusCode, "declined");
    assert.match(c?.declineReason, /failed 1 time \(retry policy none\)/);
  });

  test("cancelling stops the next period; a period sent but not yet debited is canceled with it", async () => {
    const { test: token } = await svc.newAccount();
    const s = await created(token, { value: 30 });
    await approve(token, s.subscriptionId);
    await advance(token, 40); // 2027-01-01: period 0 paid, period 1 (2027-01-10) sent
    let charges = await chargesOf(token, s.subscriptionId);
    assert.deepEqual(
      charges.map((c) => c.statusCode),
      ["approved", "pending"],
    );
    const res = await post(token, "cancel", { subscription_id: s.subscriptionId });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.statusCode, "canceled");
    assert.equal(res.json().data.canceledBy, "merchant");
    await advance(token, 90);
    charges = await chargesOf(token, s.subscriptionId);
    assert.deepEqual(
      charges.map((c) => c.statusCode),
      ["approved", "canceled"],
    );
    const types = (await eventsOf(token, s.subscriptionId)).map((e) => e.event);
    assert.deepEqual(types, [
      "subscription.created",
      "subscription.approved",
      "subscription.canceled",
    ]);
  });

  test("a period charge paid, refunded or canceled under a moved clock is dated by the clock, never before it was made", async () => {
    const { test: token } = await svc.newAccount();
    const charge = (path: string, chargeId: string) =>
      svc.call("POST", `/api/pix/charge/${path}`, { token, body: { charge_id: chargeId } });
    const paid = await created(token, { value: 20 });
    await approve(token, paid.subscriptionId);
    const { now } = await advance(token, 9); // 2026-12-01, 10:00 UTC: period 0 sent on 11-30
    assert.equal(now, "2026-12-01T10:00:00.000Z");
    const [p0] = await chargesOf(token, paid.subscriptionId);
    assert.equal(p0?.createdAt, "2026-11-30T10:00:00.000Z");
    const pay = await charge("simulate-pay", p0?.chargeId);
    assert.equal(pay.statusCode, 200, pay.body);
    assert.equal(pay.json().data.approvedAt, now);
    const refund = await charge("refund", p0?.chargeId);
    assert.equal(refund.json().data.statusCode, "refunded");
    assert.equal(refund.json().data.updatedAt, now);
    const events = await eventsOf(token, p0?.chargeId);
    assert.deepEqual(
      events.map((e) => `${e.event} ${e.createdAt}`),
      [
        "charge.created 2026-11-30T10:00:00.000Z",
        "charge.pending 2026-11-30T10:00:00.000Z",
        `charge.approved ${now}`,
        `charge.refund ${now}`,
      ],
    );

    const later = await created(token, { value: 30, start_date: "2026-12-12" });
    await approve(token, later.subscriptionId);
    const moved = await advance(token, 1); // 2026-12-02: its period 0 (12-12) sent today
    const [p1] = await chargesOf(token, later.subscriptionId);
    const cancel = await charge("cancel", p1?.chargeId);
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal(cancel.json().data.statusCode, "canceled");
    assert.equal(cancel.json().data.updatedAt, moved.now);
    assert.equal((await eventsOf(token, p1?.chargeId)).at(-1)?.createdAt, moved.now);

    // A charge made on the real clock stays on it: paid a moment later, not a year ahead.
    const own = (
      await svc.call("POST", "/api/pix/charge/create", { token, body: { value: 5 } })
    ).json().data;
    const ownPaid = await charge("simulate-pay", own.chargeId);
    assert.equal(ownPaid.json().data.approvedAt, clock.now().toISOString());
  });

  test("a period's charge says which period it is and its date, in its view and in its events", async () => {
    const { test: token } = await svc.newAccount();
    const s = await created(token, { value: 25, start_date: "2026-12-31" });
    await approve(token, s.subscriptionId);
    await advance(token, 90); // 2027-02-20: 2026-12-31 and 2027-01-31 debited, 02-28 sent
    const charges = await chargesOf(token, s.subscriptionId);
    const expected = [
      { number: 1, dueDate: "2026-12-31" },
      { number: 2, dueDate: "2027-01-31" },
      { number: 3, dueDate: "2027-02-28" },
    ];
    assert.deepEqual(
      charges.map((c) => c.subscriptionPeriod),
      expected,
    );
    const status = (
      await svc.call("GET", `/api/pix/charge/status?charge_id=${charges[2]?.chargeId}`, { token })
    ).json().data;
    assert.deepEqual(status.subscriptionPeriod, expected[2]);
    for (const [i, c] of charges.entries()) {
      for (const e of await eventsOf(token, c.chargeId)) {
        assert.deepEqual(e.data.subscriptionPeriod, expected[i], `${e.event} of period ${i + 1}`);
      }
    }
  });

  test("a period's charge cannot be canceled on or after its date (its first debit attempt), as a live PSP refuses", async () => {
    const { test: token } = await svc.newAccount();
    const s = await created(token, { value: 20 });
    await approve(token, s.subscriptionId, { fail_debits: true });
    await advance(token, 18); // 2026-12-10, the date: the first attempt failed, a retry is due
    const [c] = await chargesOf(token, s.subscriptionId);
    assert.equal(c?.statusCode, "pending");
    const res = await svc.call("POST", "/api/pix/charge/cancel", {
      token,
      body: { charge_id: c?.chargeId },
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.match(
      res.json().error ?? "",
      /^charge_id: a subscription period's charge cannot be canceled on or after its date \(2026-12-10\)/,
    );
    const [still] = await chargesOf(token, s.subscriptionId);
    assert.equal(still?.statusCode, "pending");
    assert.deepEqual(
      (await eventsOf(token, c?.chargeId)).map((e) => e.event),
      ["charge.created", "charge.pending"],
    );
    // The retries go on as the policy says, and end declined, not canceled.
    await advance(token, 7);
    const [ended] = await chargesOf(token, s.subscriptionId);
    assert.equal(ended?.statusCode, "declined");
  });

  test("a variable amount above max_value is 422; below it, the next period charges it", async () => {
    const { test: token } = await svc.newAccount();
    const s = await created(token, { max_value: 100 });
    await approve(token, s.subscriptionId);
    const over = await post(token, "charge", { subscription_id: s.subscriptionId, value: 100.01 });
    assert.equal(over.statusCode, 422);
    assert.match(
      over.json().error ?? "",
      /^value: must be at most the subscription's max_value \(100\)/,
    );
    const ok = await post(token, "charge", { subscription_id: s.subscriptionId, value: 87.5 });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().data.nextAmount, 87.5);
    await advance(token, 19);
    const [c] = await chargesOf(token, s.subscriptionId);
    assert.equal(c?.value, 87.5);
    assert.equal(c?.statusCode, "approved");
  });

  test("the composed BR Code parses with pix-utils: recurrence alone, and a payment now plus recurrence with both locations", async () => {
    const { test: token } = await svc.newAccount();
    const alone = await created(token, { value: 10 });
    const a = parsePix(alone.brCode);
    if (hasError(a)) assert.fail(a.message);
    assert.equal(a.type, "RECURRENCE");
    assert.match(
      String((a as { urlRec?: string }).urlRec),
      /^pix\.tostao\.invalid\/qr\/v2\/rec\/RR/,
    );
    assert.match(alone.qrCodeImage, /^data:image\/png;base64,/);

    const both = await created(token, { value: 10, first_payment_value: 25 });
    const b = parsePix(both.brCode);
    if (hasError(b)) assert.fail(b.message);
    assert.ok(isDynamicPix(b));
    assert.match(b.url, /^pix\.tostao\.invalid\/qr\/v2\/[A-Za-z0-9]{26}$/);
    assert.match(String(b.urlRec), /^pix\.tostao\.invalid\/qr\/v2\/rec\/RR/);
    // The immediate charge is a charge of the subscription, paid when the payer authorises.
    assert.match(both.firstChargeId, /^pix_/);
    await approve(token, both.subscriptionId);
    const first = (
      await svc.call("GET", `/api/pix/charge/status?charge_id=${both.firstChargeId}`, { token })
    ).json().data;
    assert.equal(first.statusCode, "approved");
    assert.equal(first.value, 25);
    assert.equal(first.subscriptionId, both.subscriptionId);
  });

  test("bad input is a 422 naming the field", async () => {
    const { test: token } = await svc.newAccount();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ customer_name: undefined, customer_cpf: undefined, value: 10 }, /^customer_name: /],
      [{ customer_cpf: undefined, value: 10 }, /^customer_cpf: /],
      [{ value: 10, end_date: "2026-12-09" }, /^end_date: must not be before start_date/],
      [{ value: 10, periodicity: "daily" }, /^periodicity: /],
      [{ value: 50, max_value: 40 }, /^max_value: must not be below value/],
      [{}, /^value: /],
      [{ value: 10, start_date: "2026-11-23" }, /^start_date: must be at least 2 days/],
      [{ value: 10, customer_cpf: "123.456.789-00" }, /^customer_cpf: must be a valid CPF/],
    ];
    for (const [body, message] of cases) {
      const res = await post(token, "create", { ...base, ...body });
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.match(res.json().error ?? "", message);
    }
  });

  test("two schedulers at once charge each period exactly once", async () => {
    const { test: token } = await svc.newAccount();
    const subs = [];
    for (let i = 0; i < 5; i++) subs.push(await created(token, { value: 10 + i }));
    for (const s of subs) await approve(token, s.subscriptionId);
    // Move the clock without running the passes: the SQL way the endpoint does, then race two.
    await svc.deps.db.query(
      "INSERT INTO test_clocks (account_id, advanced_ms, updated_at) SELECT account_id, 9 * 86400000, now() FROM subscriptions WHERE id = $1",
      [subs[0]?.subscriptionId],
    );
    await Promise.all([billingPass(svc.deps), billingPass(svc.deps), billingPass(svc.deps)]);
    for (const s of subs) assert.equal((await chargesOf(token, s.subscriptionId)).length, 1);
  });

  test("a period already charged is never charged again, even by a pass that read the subscription before it moved on", async () => {
    const { test: token } = await svc.newAccount();
    const s = await created(token, { value: 15 });
    await approve(token, s.subscriptionId);
    await advance(token, 9); // period 0's window is open: its charge is sent
    assert.equal((await chargesOf(token, s.subscriptionId)).length, 1);
    // An instance that read the subscription before the move (or a restart that lost it): the
    // subscription points at period 0 again and is due.
    await svc.deps.db.query(
      "UPDATE subscriptions SET next_period = 0, next_issue_at = now() - interval '1 day' WHERE id = $1",
      [s.subscriptionId],
    );
    await billingPass(svc.deps);
    await advance(token, 1);
    const charges = await chargesOf(token, s.subscriptionId);
    assert.equal(charges.length, 1, "period 0 has one charge");
    const periods = await svc.deps.db.query<{ period: number }>(
      "SELECT period FROM subscription_periods WHERE subscription_id = $1 ORDER BY period",
      [s.subscriptionId],
    );
    assert.deepEqual(
      periods.map((p) => p.period),
      [0],
    );
  });

  test("a refused authorisation is rejected, and one nobody answers expires after 7 days", async () => {
    const { test: token } = await svc.newAccount();
    const refused = await created(token, { value: 10 });
    const res = await post(token, "simulate-authorize", {
      subscription_id: refused.subscriptionId,
      decision: "reject",
    });
    assert.equal(res.json().data.statusCode, "rejected");
    const ignored = await created(token, { value: 10, start_date: "2027-03-01" });
    await advance(token, 6);
    const still = await svc.call(
      "GET",
      `/api/pix/subscriptions/status?subscription_id=${ignored.subscriptionId}`,
      { token },
    );
    assert.equal(still.json().data.statusCode, "created");
    await advance(token, 2);
    const gone = await svc.call(
      "GET",
      `/api/pix/subscriptions/status?subscription_id=${ignored.subscriptionId}`,
      { token },
    );
    assert.equal(gone.json().data.statusCode, "expired");
    assert.deepEqual(
      (await eventsOf(token, ignored.subscriptionId)).map((e) => e.event),
      ["subscription.created", "subscription.expired"],
    );
    assert.deepEqual(
      (await eventsOf(token, refused.subscriptionId)).map((e) => e.event),
      ["subscription.created", "subscription.rejected"],
    );
  });

  test("after days down one pass catches up every period still in its window, and skips one whose window shut", async () => {
    const { test: token, accountId } = await svc.newAccount();
    const weekly = await created(token, {
      value: 5,
      periodicity: "weekly",
      start_date: "2026-12-07",
    });
    await approve(token, weekly.subscriptionId);
    // 20 days pass with no scheduler running (the clock moved, no pass), then one pass.
    await svc.deps.db.query(
      "INSERT INTO test_clocks (account_id, advanced_ms, updated_at) VALUES ($1, 20 * 86400000, now())",
      [accountId],
    );
    await billingPass(svc.deps);
    const periods = await svc.deps.db.query<{
      period: number;
      status: string;
      due: string;
      reason: string | null;
    }>(
      `SELECT period, status, to_char(due_date, 'YYYY-MM-DD') AS due, reason FROM subscription_periods
       WHERE subscription_id = $1 ORDER BY period`,
      [weekly.subscriptionId],
    );
    // Now 2026-12-12, 07:00 in Brazil. Dec 7's window shut on Dec 5 (D-2): skipped. Dec 14's
    // is open until the end of Dec 12, Dec 21's opened on Dec 11: both sent now. Dec 28's opens
    // on Dec 18.
    assert.deepEqual(
      periods.map((p) => `${p.period} ${p.due} ${p.status}`),
      ["0 2026-12-07 skipped", "1 2026-12-14 issued", "2 2026-12-21 issued"],
    );
    assert.match(periods[0]?.reason ?? "", /^window_missed/);
    // The periods caught up are debited on their dates; Dec 28's was sent on Dec 18.
    await advance(token, 10);
    const charges = await chargesOf(token, weekly.subscriptionId);
    assert.deepEqual(
      charges.map((c) => c.statusCode),
      ["approved", "approved", "pending"],
    );
  });
});
