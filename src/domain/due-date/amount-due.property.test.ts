import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { amountDue } from "./amount-due.ts";
import { isBusinessEpochDay, nextBusinessEpochDay } from "./business-days.ts";
import { epochDayOf, formatEpochDay } from "./calendar-date.ts";
import {
  ABATEMENT_MODES,
  DISCOUNT_DAILY_MODES,
  DISCOUNT_TIER_MODES,
  type DiscountTerms,
  type DueDateTerms,
  FINE_MODES,
  INTEREST_MODES,
} from "./modalities.ts";

// Random terms within what the schema accepts (percents below 100%, fixed abatement below the
// amount), random payment dates around the due date, and the guarantees that must hold for all.

const FROM = epochDayOf("2020-01-01");
const TO = epochDayOf("2035-12-31");

const tiers = (due: number) =>
  fc.uniqueArray(fc.integer({ min: due - 40, max: due }), { minLength: 1, maxLength: 3 });

const termsArb = fc
  .record({
    original: fc.integer({ min: 1, max: 1_000_000_000 }),
    due: fc.integer({ min: FROM, max: TO }),
    daysAfterDue: fc.integer({ min: 0, max: 60 }),
    abatementMode: fc.option(fc.constantFrom(...ABATEMENT_MODES)),
    abatementShare: fc.integer({ min: 1, max: 9999 }),
    fine: fc.option(
      fc.record({
        mode: fc.constantFrom(...FINE_MODES),
        value: fc.integer({ min: 1, max: 10000 }),
      }),
    ),
    interest: fc.option(
      fc.record({
        mode: fc.constantFrom(...INTEREST_MODES),
        value: fc.integer({ min: 1, max: 10000 }),
      }),
    ),
    discountMode: fc.option(fc.constantFrom(...DISCOUNT_TIER_MODES, ...DISCOUNT_DAILY_MODES)),
    discountValue: fc.integer({ min: 1, max: 9999 }),
  })
  .chain((r) =>
    fc.record({
      r: fc.constant(r),
      tierDays: tiers(r.due),
      tierValues: fc.array(fc.integer({ min: 1, max: 9999 }), { minLength: 3, maxLength: 3 }),
    }),
  )
  .map(({ r, tierDays, tierValues }): DueDateTerms => {
    let discounts: DiscountTerms | undefined;
    if (r.discountMode === "fixed_until_date" || r.discountMode === "percent_until_date") {
      discounts = {
        mode: r.discountMode,
        tiers: tierDays.map((d, i) => ({ date: formatEpochDay(d), value: tierValues[i] ?? 1 })),
      };
    } else if (r.discountMode) {
      discounts = { mode: r.discountMode, value: r.discountValue };
    }
    const abatement = r.abatementMode && {
      mode: r.abatementMode,
      // A fixed abatement below the amount, a percent below 100%.
      value:
        r.abatementMode === "fixed"
          ? Math.floor(((r.original - 1) * r.abatementShare) / 10000)
          : r.abatementShare,
    };
    return {
      originalCents: r.original,
      dueDate: formatEpochDay(r.due),
      daysAfterDue: r.daysAfterDue,
      ...(abatement && { abatement }),
      ...(r.fine && { fine: r.fine }),
      ...(r.interest && { interest: r.interest }),
      ...(discounts && { discounts }),
    };
  });

const withDate = termsArb.chain((terms) =>
  fc.record({
    terms: fc.constant(terms),
    pay: fc.integer({ min: epochDayOf(terms.dueDate) - 60, max: epochDayOf(terms.dueDate) + 120 }),
  }),
);

test("property: never below zero, and the total is exactly the sum of its parts", () => {
  fc.assert(
    fc.property(withDate, ({ terms, pay }) => {
      const a = amountDue(terms, formatEpochDay(pay));
      for (const v of [a.abatement, a.discount, a.fine, a.interest, a.total]) {
        assert.ok(Number.isSafeInteger(v) && v >= 0, `${v}`);
      }
      assert.equal(a.total, a.original - a.abatement - a.discount + a.fine + a.interest);
      assert.ok(a.discount === 0 || (a.fine === 0 && a.interest === 0), "discount with a fine");
    }),
    { numRuns: 500 },
  );
});

test("property: the fine is charged once, the same whatever the days late, and never before", () => {
  fc.assert(
    fc.property(withDate, fc.integer({ min: 1, max: 400 }), ({ terms, pay }, more) => {
      const a = amountDue(terms, formatEpochDay(pay));
      const later = amountDue(terms, formatEpochDay(pay + more));
      if (!a.overdue) assert.equal(a.fine, 0);
      if (a.overdue) {
        // The same fine on the first day late, on this day and on any later day.
        const firstDay = formatEpochDay(epochDayOf(a.effectiveDueDate) + 1);
        assert.equal(amountDue(terms, firstDay).fine, a.fine);
        assert.equal(later.fine, a.fine);
      }
    }),
    { numRuns: 300 },
  );
});

test("property: interest never decreases from one day to the next", () => {
  fc.assert(
    fc.property(withDate, ({ terms, pay }) => {
      let before = amountDue(terms, formatEpochDay(pay)).interest;
      for (let d = pay + 1; d <= pay + 10; d++) {
        const now = amountDue(terms, formatEpochDay(d)).interest;
        assert.ok(now >= before, `${now} < ${before} on ${formatEpochDay(d)}`);
        before = now;
      }
    }),
    { numRuns: 200 },
  );
});

test("property: no discount after its (moved) date, nor after the moved due date", () => {
  fc.assert(
    fc.property(withDate, ({ terms, pay }) => {
      const a = amountDue(terms, formatEpochDay(pay));
      const due = epochDayOf(a.effectiveDueDate);
      if (pay > due) assert.equal(a.discount, 0);
      const d = terms.discounts;
      if (d && "tiers" in d && a.discount > 0) {
        const open = d.tiers.some((t) => nextBusinessEpochDay(epochDayOf(t.date)) >= pay);
        assert.ok(open, "a tier discount with every tier date passed");
      }
      if (d && "value" in d && pay >= due) assert.equal(a.discount, 0);
    }),
    { numRuns: 500 },
  );
});

test("property: the moved due date and the last payable day are business days, in order", () => {
  fc.assert(
    fc.property(termsArb, (terms) => {
      const a = amountDue(terms, terms.dueDate);
      const due = epochDayOf(a.effectiveDueDate);
      const last = epochDayOf(a.lastPayableDate);
      assert.ok(isBusinessEpochDay(due) && isBusinessEpochDay(last));
      assert.ok(due >= epochDayOf(terms.dueDate) && last >= due + terms.daysAfterDue);
      assert.equal(a.payable, true, "payable on the due date itself");
      assert.equal(amountDue(terms, formatEpochDay(last + 1)).payable, false);
    }),
  );
});
