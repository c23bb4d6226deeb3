import { z } from "zod";
import { brlToCents } from "../money.ts";
import { roundedRatio } from "./amount-due.ts";
import { parseCalendarDate } from "./calendar-date.ts";
import {
  ABATEMENT_MODES,
  DISCOUNT_DAILY_MODES,
  DISCOUNT_TIER_MODES,
  type DiscountTerms,
  type DueDateTerms,
  FINE_MODES,
  INTEREST_MODES,
  isPercentMode,
} from "./modalities.ts";
import { payableBoundsIssue } from "./payable-bounds.ts";

// The due-date fields of a charge as our API takes them (snake_case, BRL and percent as JSON
// numbers with at most 2 decimals, as every amount of the API), and their conversion to the
// domain's integers. A value's unit follows its mode: "fixed" and "value_*" modes take BRL
// (10.5 is R$ 10,50), "percent*" modes take a percent (2.5 is 2,5%). Both become integer
// hundredths through the number's decimal text (money.ts), never through float arithmetic.
//
// Rules checked here, each named by its field: a date that is not a real YYYY-MM-DD date,
// days_after_due below 0, a value with more than 2 decimals or not above 0, a percent above 100
// (fine, interest) or at 100 or above (abatement, discount: BACEN refuses those), a discount
// date after the due date, two discount tiers on one date, a value above BACEN's ten digits.
// Rules that need the charge's amount or today's date are in `dueDateTermsFor`.

const DateText = z
  .string()
  .refine((v) => parseCalendarDate(v) !== undefined, "must be a calendar date as YYYY-MM-DD");

// BACEN writes every value of a cobv as \d{1,10}\.\d{2}: a larger one could not be sent.
const Value = z
  .number()
  .positive("must be greater than 0")
  .max(9_999_999_999.99, "must be at most 9999999999.99")
  .refine((v) => brlToCents(v) !== undefined, "must have at most 2 decimal places");

const modeValue = <M extends readonly [string, ...string[]]>(modes: M) =>
  z.strictObject({ mode: z.enum(modes), value: Value });

const TierDiscount = z.strictObject({
  mode: z.enum(DISCOUNT_TIER_MODES),
  tiers: z
    .array(z.strictObject({ date: DateText, value: Value }))
    .min(1, "must have at least 1 tier")
    .max(3, "must have at most 3 tiers (BACEN's descontoDataFixa)"),
});
const DailyDiscount = z.strictObject({ mode: z.enum(DISCOUNT_DAILY_MODES), value: Value });

export const DueDateTermsFields = {
  due_date: DateText.describe("Due date in Brazil's calendar (America/Sao_Paulo), YYYY-MM-DD."),
  days_after_due: z
    .number()
    .int()
    .min(0, "must be 0 or more")
    .max(3650, "must be at most 3650")
    .default(30)
    .describe("Calendar days the charge stays payable after the due date (default 30)."),
  fine: modeValue(FINE_MODES).optional(),
  interest: modeValue(INTEREST_MODES).optional(),
  abatement: modeValue(ABATEMENT_MODES).optional(),
  discounts: z.discriminatedUnion("mode", [TierDiscount, DailyDiscount]).optional(),
};

type Issue = { path: (string | number)[]; message: string };

/** The field-named problems of well-shaped terms (empty when they are fine). */
export function termsIssues(t: DueDateTermsInput): Issue[] {
  const issues: Issue[] = [];
  for (const key of ["fine", "interest"] as const) {
    const part = t[key];
    if (part && isPercentMode(part.mode) && part.value > 100) {
      issues.push({ path: [key, "value"], message: "a percent must be at most 100" });
    }
  }
  if (t.abatement && isPercentMode(t.abatement.mode) && t.abatement.value >= 100) {
    issues.push({ path: ["abatement", "value"], message: "a percent must be less than 100" });
  }
  const d = t.discounts;
  if (d && "value" in d && isPercentMode(d.mode) && d.value >= 100) {
    issues.push({ path: ["discounts", "value"], message: "a percent must be less than 100" });
  }
  if (d && "tiers" in d) {
    const seen = new Set<string>();
    d.tiers.forEach((tier, i) => {
      if (tier.date > t.due_date) {
        issues.push({
          path: ["discounts", "tiers", i, "date"],
          message: `must be on or before due_date (${t.due_date})`,
        });
      } else if (seen.has(tier.date)) {
        issues.push({
          path: ["discounts", "tiers", i, "date"],
          message: "repeats another tier's date",
        });
      }
      seen.add(tier.date);
      if (isPercentMode(d.mode) && tier.value >= 100) {
        issues.push({
          path: ["discounts", "tiers", i, "value"],
          message: "a percent must be less than 100",
        });
      }
    });
  }
  return issues;
}

/** The due-date terms alone, with their rules: for a route or tool to merge into its body. */
export const DueDateTermsSchema = z.strictObject(DueDateTermsFields).superRefine((t, ctx) => {
  for (const i of termsIssues(t))
    ctx.addIssue({ code: "custom", path: i.path, message: i.message });
});

export type DueDateTermsInput = z.output<z.ZodObject<typeof DueDateTermsFields>>;

const hundredths = (v: number): number => brlToCents(v) ?? Number.NaN;

export type TermsResult =
  | { readonly ok: true; readonly terms: DueDateTerms }
  | { readonly ok: false; readonly message: string };

/**
 * Domain terms for a charge of `originalCents` from validated API input, or the first rule it
 * breaks as "field: message": the due date before `today` (Brazil's date, `YYYY-MM-DD`), an
 * abatement or a fixed discount that takes the whole amount (BACEN refuses both), and the
 * bounds of payable-bounds.ts (never R$ 0,00 due, never more than a Pix charge can carry).
 */
export function dueDateTermsFor(
  input: DueDateTermsInput,
  originalCents: number,
  today: string,
): TermsResult {
  if (input.due_date < today) {
    return { ok: false, message: `due_date: must be today or later (today in Brazil is ${today})` };
  }
  const part = <M extends string>(p: { mode: M; value: number } | undefined) =>
    p && { mode: p.mode, value: hundredths(p.value) };
  const abatement = part(input.abatement);
  if (abatement?.mode === "fixed" && abatement.value >= originalCents) {
    return { ok: false, message: "abatement.value: must be less than the charge's amount" };
  }
  const abated =
    originalCents -
    (abatement === undefined
      ? 0
      : abatement.mode === "fixed"
        ? abatement.value
        : roundedRatio(originalCents, abatement.value, 1, 10_000));
  let discounts: DiscountTerms | undefined;
  const d = input.discounts;
  if (d && "tiers" in d) {
    const tiers = d.tiers.map((t) => ({ date: t.date, value: hundredths(t.value) }));
    const i = d.mode === "fixed_until_date" ? tiers.findIndex((t) => t.value >= abated) : -1;
    if (i >= 0) {
      return {
        ok: false,
        message: `discounts.tiers[${i}].value: must be less than the amount after the abatement`,
      };
    }
    discounts = { mode: d.mode, tiers };
  } else if (d) {
    discounts = { mode: d.mode, value: hundredths(d.value) };
  }
  const terms: DueDateTerms = {
    originalCents,
    dueDate: input.due_date,
    daysAfterDue: input.days_after_due,
    ...(abatement && { abatement }),
    ...(input.fine && { fine: part(input.fine) }),
    ...(input.interest && { interest: part(input.interest) }),
    ...(discounts && { discounts }),
  };
  const issue = payableBoundsIssue(terms, today);
  return issue ? { ok: false, message: issue } : { ok: true, terms };
}
