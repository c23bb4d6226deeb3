import { amountDue } from "./amount-due.ts";
import { nextBusinessEpochDay } from "./business-days.ts";
import { epochDayOf, formatEpochDay, parseCalendarDate, toEpochDay } from "./calendar-date.ts";
import type { DueDateTerms } from "./modalities.ts";

// The bounds that keep a bill payable on every day of its life: something to pay (never R$ 0,00)
// and no more than a Pix charge can carry. Each term is bounded alone by the schema (a percent at
// most 100, a value at most BACEN's ten digits); here the terms are judged with the charge's
// amount and today's date, because only together do they say what the payer would be asked.
//
// Why each bound:
// - BACEN refuses a discount element at or above the amount or 100 % (CobVOperacaoInvalida),
//   and a zero bill is an error to its maintainer (bacen/pix-api #408): a per-day discount whose
//   days early add up to the whole amount is refused, as is any term that leaves 0 on some day.
// - `valor.final` and every value of a cobv are `\d{1,10}\.\d{2}` in BACEN's API: at most
//   R$ 9.999.999.999,99. A fine and interest that pass it by the last payable day are refused;
//   that also keeps every amount a safe integer of centavos.
// - The due date at most MAX_YEARS_AHEAD years after today: BACEN's API sets no limit; ours keeps
//   the holiday calendar and every date the service prints within four-digit years, and a bill
//   further out is a typo far more often than a plan.

export const MAX_YEARS_AHEAD = 10;
/** The most a cobv's `valor` can say: BACEN's `\d{1,10}\.\d{2}`. */
export const MAX_AMOUNT_DUE_CENTS = 999_999_999_999;

/**
 * Whether an amount due can be asked of a payer: a safe integer from 1 centavo to
 * MAX_AMOUNT_DUE_CENTS. Bills made since these bounds always are; a bill stored before them may
 * not be, and is then read as not payable that day rather than failing the read.
 */
export function isPayableAmount(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents >= 1 && cents <= MAX_AMOUNT_DUE_CENTS;
}

/** The last due date a bill made on `today` may have (`YYYY-MM-DD`). */
export function latestDueDate(today: string): string {
  const d = parseCalendarDate(today);
  if (!d) throw new RangeError(`not a calendar date: ${today}`);
  // 29 February ten years on may not exist: the day arithmetic rolls it to 1 March.
  return formatEpochDay(toEpochDay({ ...d, year: d.year + MAX_YEARS_AHEAD }));
}

/**
 * The first rule the terms of a bill made on `today` break, as "field: message", or undefined
 * when every payment date from today to the last payable day asks for between R$ 0,01 and
 * MAX_AMOUNT_DUE_CENTS.
 */
export function payableBoundsIssue(terms: DueDateTerms, today: string): string | undefined {
  const latest = latestDueDate(today);
  if (terms.dueDate > latest) {
    return `due_date: must be at most ${MAX_YEARS_AHEAD} years after today (${latest} at the latest)`;
  }
  const original = terms.originalCents;
  if (terms.fine?.mode === "fixed" && terms.fine.value > original) {
    return "fine.value: a fixed fine must be at most the charge's amount (as a percent one is at most 100)";
  }
  if (terms.interest?.mode.startsWith("value_") && terms.interest.value > original) {
    return "interest.value: a value per day must be at most the charge's amount";
  }
  const d = terms.discounts;
  if (d && "value" in d && d.mode.startsWith("value_") && d.value >= original) {
    return "discounts.value: must be less than the charge's amount";
  }
  const lowest = lowestAmount(terms, today);
  if (lowest.total <= 0) {
    const field = lowest.discount > 0 ? "discounts" : "abatement.value";
    return `${field}: would leave nothing to pay on ${lowest.date} (the amount due must stay above R$ 0,00)`;
  }
  const last = amountDue(terms, lowest.lastPayableDate);
  if (!Number.isSafeInteger(last.total) || last.total > MAX_AMOUNT_DUE_CENTS) {
    const field = terms.interest ? "interest.value" : "fine.value";
    return `${field}: the amount due on the last payable day (${last.lastPayableDate}) would pass R$ 9.999.999.999,99, the most a Pix charge can carry`;
  }
  return undefined;
}

/**
 * The smallest amount due from `today` on, and its date. The discount is the only term that
 * lowers it and it ends at the due date, so the candidates are today (a per-day discount is
 * largest then) and each dated tier's first day (a later tier may be the larger one).
 */
function lowestAmount(terms: DueDateTerms, today: string) {
  const start = epochDayOf(today);
  const dates = [today];
  const d = terms.discounts;
  if (d && "tiers" in d) {
    for (const t of d.tiers) {
      dates.push(formatEpochDay(Math.max(start, nextBusinessEpochDay(epochDayOf(t.date)))));
    }
  }
  let lowest = { ...amountDue(terms, today), date: today };
  for (const date of dates.slice(1)) {
    const a = amountDue(terms, date);
    if (a.total < lowest.total) lowest = { ...a, date };
  }
  return lowest;
}
