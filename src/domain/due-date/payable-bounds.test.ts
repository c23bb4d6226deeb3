import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { toAppError } from "../input-errors.ts";
import { amountDue } from "./amount-due.ts";
import { epochDayOf, formatEpochDay } from "./calendar-date.ts";
import {
  ABATEMENT_MODES,
  DISCOUNT_DAILY_MODES,
  DISCOUNT_TIER_MODES,
  FINE_MODES,
  INTEREST_MODES,
  isPercentMode,
} from "./modalities.ts";
import { latestDueDate, MAX_AMOUNT_DUE_CENTS } from "./payable-bounds.ts";
import { DueDateTermsSchema, dueDateTermsFor } from "./terms-schema.ts";

// Issue 32, item 4: a bill is payable on every day of its life, for something above R$ 0,00 and
// no more than a Pix charge can carry (R$ 9.999.999.999,99); whatever breaks that is refused at
// creation, naming the field.

const TODAY = "2026-11-29";

/** The terms' refusal as a caller reads it, or "ok". */
function judge(input: Record<string, unknown>, cents: number): string {
  const parsed = DueDateTermsSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) return toAppError(parsed.error.issues).message;
  const r = dueDateTermsFor(parsed.data, cents, TODAY);
  return r.ok ? "ok" : r.message;
}

test("a per-day early discount that adds up to the whole amount is refused (a R$ 100 bill due in 200 days)", () => {
  const due = { due_date: "2027-06-17" };
  assert.match(
    judge({ ...due, discounts: { mode: "value_per_calendar_day_early", value: 1 } }, 10000),
    /^discounts: would leave nothing to pay on 2026-11-29/,
  );
  assert.match(
    judge({ ...due, discounts: { mode: "percent_per_business_day_early", value: 1 } }, 10000),
    /^discounts: would leave nothing to pay/,
  );
  // One centavo a day for 200 days leaves R$ 98,00: accepted.
  assert.equal(
    judge({ ...due, discounts: { mode: "value_per_calendar_day_early", value: 0.01 } }, 10000),
    "ok",
  );
});

test("a discount element at or above the amount is refused, as BACEN refuses it", () => {
  const due = { due_date: "2026-12-09" };
  assert.equal(
    judge({ ...due, discounts: { mode: "value_per_calendar_day_early", value: 100 } }, 10000),
    "discounts.value: must be less than the charge's amount",
  );
  // A tier reaching the whole amount of a one-centavo bill once 99.99 % of it is rounded.
  assert.match(
    judge(
      {
        ...due,
        discounts: { mode: "percent_until_date", tiers: [{ date: "2026-12-01", value: 99.99 }] },
      },
      1,
    ),
    /^discounts: would leave nothing to pay on 2026-11-29/,
  );
  assert.match(
    judge({ ...due, abatement: { mode: "percent", value: 99.99 } }, 1),
    /^abatement\.value/,
  );
});

test("a due date past ten years, and fines or interest past what a Pix charge carries, are refused", () => {
  assert.equal(latestDueDate(TODAY), "2036-11-29");
  assert.equal(latestDueDate("2028-02-29"), "2038-03-01");
  assert.match(
    judge({ due_date: "9999-12-20" }, 10000),
    /^due_date: must be at most 10 years after today \(2036-11-29/,
  );
  assert.equal(judge({ due_date: "2036-11-29" }, 10000), "ok");
  assert.match(
    judge({ due_date: "2026-12-09", fine: { mode: "fixed", value: 9999999999999 } }, 10000),
    /^fine\.value: must be at most 9999999999\.99/,
  );
  assert.match(
    judge({ due_date: "2026-12-09", fine: { mode: "fixed", value: 100.01 } }, 10000),
    /^fine\.value: a fixed fine must be at most the charge's amount/,
  );
  assert.match(
    judge(
      { due_date: "2026-12-09", interest: { mode: "value_per_calendar_day", value: 101 } },
      10000,
    ),
    /^interest\.value: a value per day must be at most the charge's amount/,
  );
  // R$ 100.000.000 at 100 % a day for 3,650 days: R$ 365 billion by the last day.
  assert.match(
    judge(
      {
        due_date: "2036-11-28",
        days_after_due: 3650,
        interest: { mode: "percent_per_day_calendar_days", value: 100 },
      },
      10_000_000_000,
    ),
    /^interest\.value: the amount due on the last payable day \(2046-11-2\d\) would pass R\$ 9\.999\.999\.999,99/,
  );
});

test("an unknown discount mode is a 422 like an unknown fine mode; a missing one stays a 400", () => {
  const r = DueDateTermsSchema.safeParse(
    { due_date: "2026-12-09", discounts: { mode: "nope", value: 1 } },
    { reportInput: true },
  );
  assert.ok(!r.success);
  const e = toAppError(r.error.issues);
  assert.equal(e.code, "UNPROCESSABLE");
  assert.match(e.message, /^discounts\.mode: must be one of "fixed_until_date"/);
  const missing = DueDateTermsSchema.safeParse(
    { due_date: "2026-12-09", discounts: { value: 1 } },
    { reportInput: true },
  );
  assert.ok(!missing.success);
  assert.equal(toAppError(missing.error.issues).code, "BAD_REQUEST");
});

// Any terms the API takes, with values across their whole range (up to BACEN's ten digits, due
// dates up to twelve years out, up to 3,650 days payable after): those accepted ask for between
// R$ 0,01 and R$ 9.999.999.999,99, a safe integer, on every day they can be paid.
const money = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }),
  fc.integer({ min: 1, max: 999_999_999_999 }),
);
const term = (modes: readonly string[]) =>
  fc.option(
    fc.record({
      mode: fc.constantFrom(...modes),
      cents: money,
      bp: fc.integer({ min: 1, max: 10_000 }),
    }),
  );
const toApi = (t: { mode: string; cents: number; bp: number } | null) =>
  t && { mode: t.mode, value: (isPercentMode(t.mode) ? t.bp : t.cents) / 100 };

const inputArb = fc.record({
  cents: fc.oneof(
    fc.integer({ min: 1, max: 100_000 }),
    fc.integer({ min: 1, max: 10_000_000_000 }),
  ),
  dueIn: fc.integer({ min: 0, max: 365 * 12 }),
  daysAfterDue: fc.integer({ min: 0, max: 3650 }),
  fine: term(FINE_MODES),
  interest: term(INTEREST_MODES),
  abatement: term(ABATEMENT_MODES),
  daily: term(DISCOUNT_DAILY_MODES),
  tierMode: fc.option(fc.constantFrom(...DISCOUNT_TIER_MODES)),
  tiers: fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 3 }),
  tierValue: money,
  payAt: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }),
});

test("property: terms that are accepted ask for R$ 0,01 to R$ 9.999.999.999,99 on every payable day", () => {
  let accepted = 0;
  fc.assert(
    fc.property(inputArb, (r) => {
      const due = epochDayOf(TODAY) + r.dueIn;
      const tierMode = r.tierMode;
      const discounts = tierMode
        ? {
            mode: tierMode,
            tiers: r.tiers.map((back) => ({
              date: formatEpochDay(Math.max(epochDayOf(TODAY), due - back)),
              value: (isPercentMode(tierMode) ? Math.min(r.tierValue, 9999) : r.tierValue) / 100,
            })),
          }
        : toApi(r.daily);
      const input = {
        due_date: formatEpochDay(due),
        days_after_due: r.daysAfterDue,
        ...(r.fine && { fine: toApi(r.fine) }),
        ...(r.interest && { interest: toApi(r.interest) }),
        ...(r.abatement && { abatement: toApi(r.abatement) }),
        ...(discounts && { discounts }),
      };
      const parsed = DueDateTermsSchema.safeParse(input);
      if (!parsed.success) return;
      const result = dueDateTermsFor(parsed.data, r.cents, TODAY);
      if (!result.ok) return;
      accepted++;
      const terms = result.terms;
      const last = epochDayOf(amountDue(terms, TODAY).lastPayableDate);
      const start = epochDayOf(TODAY);
      const days = [
        start,
        due,
        due + 1,
        last,
        ...r.payAt.map((f) => start + Math.floor(f * (last - start))),
      ];
      for (const day of days) {
        const a = amountDue(terms, formatEpochDay(day));
        assert.ok(Number.isSafeInteger(a.total), `${a.total} on ${formatEpochDay(day)}`);
        assert.ok(
          a.total >= 1 && a.total <= MAX_AMOUNT_DUE_CENTS,
          `${a.total} on ${formatEpochDay(day)}`,
        );
      }
    }),
    { numRuns: 1500 },
  );
  assert.ok(
    accepted > 100,
    `only ${accepted} accepted: the generator misses the interesting cases`,
  );
});
