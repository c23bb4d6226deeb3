import assert from "node:assert/strict";
import { test } from "node:test";
import { amountDue, roundedRatio } from "./amount-due.ts";
import type { DueDateTerms } from "./modalities.ts";

// Worked examples, computed by hand from the rules in docs/due-date.md before the code ran:
// the arithmetic is in the comments. Amounts in centavos; percents in basis points (2% = 200).

const pick = (terms: DueDateTerms, date: string) => {
  const a = amountDue(terms, date);
  return [a.total, a.discount, a.fine, a.interest, a.payable, a.overdue] as const;
};

// The charge: created Sat 2026-03-07, due in 10 days on Tue 2026-03-17, R$ 1.234,56,
// 2% fine, 1% a month interest (calendar days), R$ 30,00 off until 5 days before (Thu 03-12),
// days_after_due 30 (03-17 + 30 = Thu 04-16, a business day: the last payable day).
const monthly: DueDateTerms = {
  originalCents: 123456,
  dueDate: "2026-03-17",
  daysAfterDue: 30,
  fine: { mode: "percent", value: 200 },
  interest: { mode: "percent_per_month_calendar_days", value: 100 },
  discounts: { mode: "fixed_until_date", tiers: [{ date: "2026-03-12", value: 3000 }] },
};

test("the issue's charge: paid early it takes the discount, up to and including the discount date", () => {
  // 123456 - 3000 = 120456.
  assert.deepEqual(pick(monthly, "2026-03-10"), [120456, 3000, 0, 0, true, false]);
  assert.deepEqual(pick(monthly, "2026-03-12"), [120456, 3000, 0, 0, true, false]);
  // The day after the discount date: the original value.
  assert.deepEqual(pick(monthly, "2026-03-13"), [123456, 0, 0, 0, true, false]);
});

test("the issue's charge: on the due date it is the original value, no fine, no interest", () => {
  const a = amountDue(monthly, "2026-03-17");
  assert.deepEqual(pick(monthly, "2026-03-17"), [123456, 0, 0, 0, true, false]);
  assert.equal(a.effectiveDueDate, "2026-03-17");
  assert.equal(a.lastPayableDate, "2026-04-16");
});

test("the issue's charge: 3 days late adds the 2% fine and 3 days of 1% a month", () => {
  // Fri 2026-03-20, 3 calendar days after 03-17.
  // fine     = 123456 x 2/100            = 2469.12  -> 2469
  // interest = 123456 x (1/100)/30 x 3   = 123.456  -> 123
  // total    = 123456 + 2469 + 123       = 126048
  assert.deepEqual(pick(monthly, "2026-03-20"), [126048, 0, 2469, 123, true, true]);
});

test("the issue's charge: payable on its last day, refused the day after days_after_due", () => {
  // Thu 2026-04-16, 30 days late: interest = 123456 x 0.01 x 30/30 = 1234.56 -> 1235 (half up);
  // total = 123456 + 2469 + 1235 = 127160.
  assert.deepEqual(pick(monthly, "2026-04-16"), [127160, 0, 2469, 1235, true, true]);
  // Fri 2026-04-17, 31 days: interest = 123456 x 0.01 x 31/30 = 1275.712 -> 1276, total 127201,
  // but no longer payable.
  assert.deepEqual(pick(monthly, "2026-04-17"), [127201, 0, 2469, 1276, false, true]);
});

// Across Carnival 2026 (Mon 16 and Tue 17 February are not business days): R$ 200,00 due on
// Carnival Monday, R$ 5,00 fine, R$ 0,50 interest per business day, days_after_due 2.
// The due date moves to Ash Wednesday 02-18; last payable = next business day of 02-18 + 2 =
// Fri 02-20.
const carnival: DueDateTerms = {
  originalCents: 20000,
  dueDate: "2026-02-16",
  daysAfterDue: 2,
  fine: { mode: "fixed", value: 500 },
  interest: { mode: "value_per_business_day", value: 50 },
};

test("a due date on Carnival Monday moves to Ash Wednesday; business-day interest counts from there", () => {
  const a = amountDue(carnival, "2026-02-17");
  assert.equal(a.effectiveDueDate, "2026-02-18");
  assert.equal(a.lastPayableDate, "2026-02-20");
  assert.deepEqual(pick(carnival, "2026-02-17"), [20000, 0, 0, 0, true, false]);
  assert.deepEqual(pick(carnival, "2026-02-18"), [20000, 0, 0, 0, true, false]);
  // Thu 02-19: business days in [18, 19) = 1 -> interest 50; fine 500; total 20550.
  assert.deepEqual(pick(carnival, "2026-02-19"), [20550, 0, 500, 50, true, true]);
  // Fri 02-20: [18, 20) = 2 -> 100; total 20600, the last payable day.
  assert.deepEqual(pick(carnival, "2026-02-20"), [20600, 0, 500, 100, true, true]);
  // Sat 02-21: [18, 21) = 3 -> 150; total 20650, refused.
  assert.deepEqual(pick(carnival, "2026-02-21"), [20650, 0, 500, 150, false, true]);
});

test("a discount per business day of advance skips Carnival; per calendar day it does not", () => {
  const base = { originalCents: 20000, dueDate: "2026-02-19", daysAfterDue: 0 } as const;
  // Paid Fri 02-13, due Thu 02-19: business days in [13, 19) = Fri 13 and Wed 18 = 2 -> R$ 2,00.
  const perBusiness: DueDateTerms = {
    ...base,
    discounts: { mode: "value_per_business_day_early", value: 100 },
  };
  assert.deepEqual(pick(perBusiness, "2026-02-13"), [19800, 200, 0, 0, true, false]);
  // Calendar days 19 - 13 = 6 -> R$ 6,00.
  const perCalendar: DueDateTerms = {
    ...base,
    discounts: { mode: "value_per_calendar_day_early", value: 100 },
  };
  assert.deepEqual(pick(perCalendar, "2026-02-13"), [19400, 600, 0, 0, true, false]);
  assert.deepEqual(pick(perCalendar, "2026-02-19"), [20000, 0, 0, 0, true, false]);
});

// Due on Saturday 2026-08-29: R$ 500,00, 2% fine, 1% a month (calendar days), R$ 10,00 off until
// Saturday 08-22 (moves to Mon 08-24), days_after_due 5. The due date moves to Mon 08-31; the
// last payable day is 08-31 + 5 = Sat 09-05 -> Mon 09-07 is Independence Day -> Tue 09-08.
const saturday: DueDateTerms = {
  originalCents: 50000,
  dueDate: "2026-08-29",
  daysAfterDue: 5,
  fine: { mode: "percent", value: 200 },
  interest: { mode: "percent_per_month_calendar_days", value: 100 },
  discounts: { mode: "fixed_until_date", tiers: [{ date: "2026-08-22", value: 1000 }] },
};

test("a Saturday due date: no fine until the Monday after; interest counts from Monday", () => {
  const a = amountDue(saturday, "2026-08-30");
  assert.equal(a.effectiveDueDate, "2026-08-31");
  assert.equal(a.lastPayableDate, "2026-09-08");
  // The Saturday discount date moves to Monday 08-24: 50000 - 1000 = 49000 that day.
  assert.deepEqual(pick(saturday, "2026-08-24"), [49000, 1000, 0, 0, true, false]);
  assert.deepEqual(pick(saturday, "2026-08-25"), [50000, 0, 0, 0, true, false]);
  assert.deepEqual(pick(saturday, "2026-08-30"), [50000, 0, 0, 0, true, false]);
  assert.deepEqual(pick(saturday, "2026-08-31"), [50000, 0, 0, 0, true, false]);
  // Tue 09-01, 1 day after Monday: fine 50000 x 2% = 1000; interest 50000 x 0.01/30 = 16.67 -> 17.
  assert.deepEqual(pick(saturday, "2026-09-01"), [51017, 0, 1000, 17, true, true]);
  // Tue 09-08, 8 days: interest 50000 x 0.01 x 8/30 = 133.33 -> 133; total 51133.
  assert.deepEqual(pick(saturday, "2026-09-08"), [51133, 0, 1000, 133, true, true]);
  assert.equal(amountDue(saturday, "2026-09-09").payable, false);
});

test("percentages apply to the value after the abatement; the nearest discount tier wins", () => {
  // R$ 100,00 with a R$ 10,00 abatement: every percent applies to 9000.
  const terms: DueDateTerms = {
    originalCents: 10000,
    dueDate: "2026-03-17",
    daysAfterDue: 10,
    abatement: { mode: "fixed", value: 1000 },
    discounts: {
      mode: "percent_until_date",
      tiers: [
        { date: "2026-03-10", value: 500 },
        { date: "2026-03-05", value: 1000 },
      ],
    },
    fine: { mode: "percent", value: 200 },
    interest: { mode: "percent_per_year_calendar_days", value: 1200 },
  };
  // 03-01: tiers 03-05 and 03-10 both still open; the earliest (03-05, 10%) wins: 900 -> 8100.
  assert.deepEqual(pick(terms, "2026-03-01"), [8100, 900, 0, 0, true, false]);
  // 03-06: only 03-10 (5%) is open: 450 -> 8550.
  assert.deepEqual(pick(terms, "2026-03-06"), [8550, 450, 0, 0, true, false]);
  assert.deepEqual(pick(terms, "2026-03-11"), [9000, 0, 0, 0, true, false]);
  // 03-18, 1 day late: fine 9000 x 2% = 180; interest 9000 x 12%/365 x 1 = 2.9589 -> 3.
  assert.deepEqual(pick(terms, "2026-03-18"), [9183, 0, 180, 3, true, true]);
  assert.equal(amountDue(terms, "2026-03-18").abatement, 1000);
});

test("percent a month on business days divides by 21 business days", () => {
  // R$ 1.000,00 due Fri 2026-03-20, 2% a month on business days, paid Fri 03-27:
  // business days in [20, 27) = 20, 23, 24, 25, 26 = 5; 100000 x 0.02/21 x 5 = 476.19 -> 476.
  const terms: DueDateTerms = {
    originalCents: 100000,
    dueDate: "2026-03-20",
    daysAfterDue: 30,
    interest: { mode: "percent_per_month_business_days", value: 200 },
  };
  assert.deepEqual(pick(terms, "2026-03-27"), [100476, 0, 0, 476, true, true]);
});

test("rounding is half up on the exact fraction, through BigInt past 2^53", () => {
  assert.equal(roundedRatio(1, 1, 1, 2), 1);
  assert.equal(roundedRatio(1, 1, 1, 3), 0);
  assert.equal(roundedRatio(2, 1, 1, 3), 1);
  assert.equal(roundedRatio(0, 5, 5, 7), 0);
  // 999999999999 x 10000 x 36500 is 3.65e20: exact only in BigInt. / 3650000 = 999999999999 x 100.
  assert.equal(roundedRatio(999999999999, 10000, 36500, 3650000), 99999999999900);
  // 999999999999 x 10000 x 3650 / 7300000 = 4999999999995 exactly, and
  // 999999999999 x 10001 x 3650 / 7300000 = 10000999999989999 / 2000 = 5000499999994.9995 -> up.
  assert.equal(roundedRatio(999999999999, 10000, 3650, 7300000), 4999999999995);
  assert.equal(roundedRatio(999999999999, 10001, 3650, 7300000), 5000499999995);
});
