import assert from "node:assert/strict";
import { test } from "node:test";
import { toAppError } from "../input-errors.ts";
import { BACEN_MODALIDADE, INTEREST_MODES } from "./modalities.ts";
import { DueDateTermsSchema, dueDateTermsFor } from "./terms-schema.ts";

// What a caller reads for bad due-date terms: the house's "field: message", 422 for a rule.
function refusal(input: unknown): { status: number; message: string } | undefined {
  const r = DueDateTermsSchema.safeParse(input);
  if (r.success) return undefined;
  const e = toAppError(r.error.issues);
  return { status: e.code === "UNPROCESSABLE" ? 422 : 400, message: e.message };
}

const ok = { due_date: "2026-03-17" };
// Good terms with fixed discounts until each tier's date.
const withTiers = (...tiers: Array<[date: string, value: number]>) => ({
  ...ok,
  discounts: { mode: "fixed_until_date", tiers: tiers.map(([date, value]) => ({ date, value })) },
});

test("good terms parse, with days_after_due defaulting to 30", () => {
  const r = DueDateTermsSchema.parse({
    ...ok,
    fine: { mode: "percent", value: 2 },
    interest: { mode: "percent_per_month_calendar_days", value: 1 },
    discounts: { mode: "fixed_until_date", tiers: [{ date: "2026-03-12", value: 30 }] },
  });
  assert.equal(r.days_after_due, 30);
});

test("a discount date after the due date is a 422 naming the tier", () => {
  assert.deepEqual(refusal(withTiers(["2026-03-12", 5], ["2026-03-18", 1])), {
    status: 422,
    message: "discounts.tiers[1].date: must be on or before due_date (2026-03-17)",
  });
});

test("a percent above 100 is a 422 naming the field; 100% or more off is refused too", () => {
  assert.deepEqual(refusal({ ...ok, fine: { mode: "percent", value: 100.01 } }), {
    status: 422,
    message: "fine.value: a percent must be at most 100",
  });
  assert.deepEqual(
    refusal({ ...ok, interest: { mode: "percent_per_day_calendar_days", value: 101 } }),
    {
      status: 422,
      message: "interest.value: a percent must be at most 100",
    },
  );
  assert.equal(refusal({ ...ok, fine: { mode: "percent", value: 100 } }), undefined);
  assert.equal(
    refusal({ ...ok, fine: { mode: "fixed", value: 150 } }),
    undefined,
    "R$ 150 is not a percent",
  );
  assert.deepEqual(refusal({ ...ok, abatement: { mode: "percent", value: 100 } }), {
    status: 422,
    message: "abatement.value: a percent must be less than 100",
  });
  assert.deepEqual(
    refusal({
      ...ok,
      discounts: { mode: "percent_until_date", tiers: [{ date: "2026-03-01", value: 100 }] },
    }),
    {
      status: 422,
      message: "discounts.tiers[0].value: a percent must be less than 100",
    },
  );
});

test("days_after_due negative, a bad date, 3 decimals, 4 tiers, an unknown mode: each named", () => {
  assert.deepEqual(refusal({ ...ok, days_after_due: -1 }), {
    status: 422,
    message: "days_after_due: must be 0 or more",
  });
  assert.deepEqual(refusal({ due_date: "2026-02-30" }), {
    status: 422,
    message: "due_date: must be a calendar date as YYYY-MM-DD",
  });
  assert.deepEqual(refusal({ ...ok, fine: { mode: "fixed", value: 2.555 } }), {
    status: 422,
    message: "fine.value: must have at most 2 decimal places",
  });
  const four = withTiers(
    ["2026-03-01", 1],
    ["2026-03-02", 1],
    ["2026-03-03", 1],
    ["2026-03-04", 1],
  );
  assert.match(refusal(four)?.message ?? "", /^discounts\.tiers: must have at most 3 tiers/);
  assert.match(
    refusal({ ...ok, interest: { mode: "percent_per_week", value: 1 } })?.message ?? "",
    /^interest\.mode: must be one of/,
  );
  assert.deepEqual(refusal(withTiers(["2026-03-01", 1], ["2026-03-01", 2])), {
    status: 422,
    message: "discounts.tiers[1].date: repeats another tier's date",
  });
});

test("dueDateTermsFor converts BRL and percents to exact centavos and basis points", () => {
  const input = DueDateTermsSchema.parse({
    ...ok,
    days_after_due: 5,
    fine: { mode: "percent", value: 2.5 },
    interest: { mode: "value_per_calendar_day", value: 0.1 },
    abatement: { mode: "fixed", value: 10.5 },
    discounts: { mode: "percent_per_business_day_early", value: 0.33 },
  });
  const r = dueDateTermsFor(input, 123456, "2026-03-01");
  assert.ok(r.ok);
  assert.deepEqual(r.terms, {
    originalCents: 123456,
    dueDate: "2026-03-17",
    daysAfterDue: 5,
    abatement: { mode: "fixed", value: 1050 },
    fine: { mode: "percent", value: 250 },
    interest: { mode: "value_per_calendar_day", value: 10 },
    discounts: { mode: "percent_per_business_day_early", value: 33 },
  });
});

test("dueDateTermsFor refuses a past due date and an abatement or fixed discount taking the whole amount", () => {
  const input = DueDateTermsSchema.parse(ok);
  assert.deepEqual(dueDateTermsFor(input, 1000, "2026-03-18"), {
    ok: false,
    message: "due_date: must be today or later (today in Brazil is 2026-03-18)",
  });
  assert.equal(dueDateTermsFor(input, 1000, "2026-03-17").ok, true, "due today is fine");
  const abated = DueDateTermsSchema.parse({ ...ok, abatement: { mode: "fixed", value: 10 } });
  assert.deepEqual(dueDateTermsFor(abated, 1000, "2026-03-01"), {
    ok: false,
    message: "abatement.value: must be less than the charge's amount",
  });
  const both = DueDateTermsSchema.parse({
    ...ok,
    abatement: { mode: "fixed", value: 4 },
    discounts: { mode: "fixed_until_date", tiers: [{ date: "2026-03-01", value: 6 }] },
  });
  const percentOff = DueDateTermsSchema.parse({
    ...ok,
    abatement: { mode: "percent", value: 50 },
    discounts: { mode: "fixed_until_date", tiers: [{ date: "2026-03-01", value: 5 }] },
  });
  assert.equal(
    dueDateTermsFor(percentOff, 1000, "2026-03-01").ok,
    false,
    "R$ 5 off R$ 10 after 50% abatement",
  );
  assert.deepEqual(dueDateTermsFor(both, 1000, "2026-03-01"), {
    ok: false,
    message: "discounts.tiers[0].value: must be less than the amount after the abatement",
  });
});

test("the mapping table gives BACEN's modalidade numbers in the file's order", () => {
  assert.deepEqual(
    INTEREST_MODES.map((m) => BACEN_MODALIDADE.interest[m]),
    [1, 2, 3, 4, 5, 6, 7, 8],
  );
  assert.equal(BACEN_MODALIDADE.interest.percent_per_month_calendar_days, 3);
  assert.equal(BACEN_MODALIDADE.interest.value_per_business_day, 5);
  assert.equal(BACEN_MODALIDADE.discounts.percent_until_date, 2);
  assert.equal(BACEN_MODALIDADE.discounts.value_per_business_day_early, 4);
  assert.equal(BACEN_MODALIDADE.fine.percent, 2);
  assert.equal(BACEN_MODALIDADE.abatement.fixed, 1);
});
