// The amount a due-date charge (BACEN's cobv) asks for on a payment date: one pure function,
// integer centavos in and out, no clock (the caller says which date), no floats in the money.
//
// The rules, and the choices where BACEN is silent (docs/due-date.md gives each source):
// - A due date, a discount tier's date and the last payable day that fall on a non-business
//   day move to the next business day; fine, interest and validity count from the MOVED due
//   date (the cobv's `validadeAposVencimento` description and its examples A to G).
// - Last payable day = next business day of (moved due date + days_after_due calendar days).
// - Percentages apply to the original value minus the abatement (BACEN's Manual de Padrões para
//   Iniciação do Pix, interest equation Vj = (Vo - Va) x (Ij/100)/n x D).
// - Discount only up to the moved due date; fine and interest only after it; so a payment date
//   never has both. The fine is charged once, whatever the days late.
// - Of several "until date" tiers, the one with the earliest (moved) date on or after the
//   payment date applies: the CNAB boleto's reading of desconto 1/2/3.
// - Interest per month divides by 30 (calendar) or 21 (business days), per year by 365 or 252.
// - Each component is computed exactly as a fraction and rounded once, half up, to the
//   centavo; the total is the sum of the rounded parts, so total = parts always holds.
// - The discount never exceeds what is left after the abatement, so the total is never below 0.

import { businessEpochDaysBetween, nextBusinessEpochDay } from "./business-days.ts";
import { epochDayOf, formatEpochDay } from "./calendar-date.ts";
import { type DiscountTerms, type DueDateTerms, INTEREST_PERIOD } from "./modalities.ts";

export interface AmountDue {
  /** Centavos, as every amount here. */
  readonly original: number;
  readonly abatement: number;
  readonly discount: number;
  readonly fine: number;
  readonly interest: number;
  /** original - abatement - discount + fine + interest, never below 0. */
  readonly total: number;
  /** Whether the charge can still be paid on that date (on or before lastPayableDate). */
  readonly payable: boolean;
  /** Whether the date is after the (moved) due date: fine and interest apply. */
  readonly overdue: boolean;
  /** The due date moved to a business day (`YYYY-MM-DD`). */
  readonly effectiveDueDate: string;
  /** The last date the charge can be paid. */
  readonly lastPayableDate: string;
}

const BP = 10_000; // basis points in 100%

/** The amount due on `paymentDate` (`YYYY-MM-DD`, Brazil's date) under `terms`. */
export function amountDue(terms: DueDateTerms, paymentDate: string): AmountDue {
  const pay = epochDayOf(paymentDate);
  const due = nextBusinessEpochDay(epochDayOf(terms.dueDate));
  const last = nextBusinessEpochDay(due + terms.daysAfterDue);
  const original = terms.originalCents;
  const abatement = terms.abatement
    ? Math.min(fixedOrPercent(terms.abatement.mode, terms.abatement.value, original), original)
    : 0;
  const base = original - abatement;
  const overdue = pay > due;
  let discount = 0;
  let fine = 0;
  let interest = 0;
  if (overdue) {
    if (terms.fine) fine = fixedOrPercent(terms.fine.mode, terms.fine.value, base);
    if (terms.interest) interest = interestOf(terms.interest, base, due, pay);
  } else if (terms.discounts) {
    discount = Math.min(discountOf(terms.discounts, base, pay, due), base);
  }
  return {
    original,
    abatement,
    discount,
    fine,
    interest,
    total: base - discount + fine + interest,
    payable: pay <= last,
    overdue,
    effectiveDueDate: formatEpochDay(due),
    lastPayableDate: formatEpochDay(last),
  };
}

function fixedOrPercent(mode: string, value: number, base: number): number {
  return mode === "fixed" ? value : roundedRatio(base, value, 1, BP);
}

function interestOf(
  interest: NonNullable<DueDateTerms["interest"]>,
  base: number,
  due: number,
  pay: number,
): number {
  const period = INTEREST_PERIOD[interest.mode];
  const days = period.businessDays ? businessEpochDaysBetween(due, pay) : pay - due;
  if (period.perValue) return interest.value * days;
  return roundedRatio(base, interest.value, days, BP * period.daysPerPeriod);
}

function discountOf(discounts: DiscountTerms, base: number, pay: number, due: number): number {
  switch (discounts.mode) {
    case "fixed_until_date":
    case "percent_until_date": {
      const value = tierValueOn(discounts.tiers, pay);
      if (value === undefined) return 0;
      return discounts.mode === "fixed_until_date" ? value : roundedRatio(base, value, 1, BP);
    }
    case "value_per_calendar_day_early":
      return discounts.value * (due - pay);
    case "value_per_business_day_early":
      return discounts.value * businessEpochDaysBetween(pay, due);
    case "percent_per_calendar_day_early":
      return roundedRatio(base, discounts.value, due - pay, BP);
    case "percent_per_business_day_early":
      return roundedRatio(base, discounts.value, businessEpochDaysBetween(pay, due), BP);
  }
}

/**
 * The value of the tier that applies on `pay`: the earliest tier date (moved to a business day)
 * on or after it; on a tie after moving, the tier with the earlier date as written.
 */
function tierValueOn(
  tiers: readonly { readonly date: string; readonly value: number }[],
  pay: number,
): number | undefined {
  let best: number | undefined;
  let bestMoved = 0;
  let bestRaw = 0;
  for (const tier of tiers) {
    const raw = epochDayOf(tier.date);
    const moved = nextBusinessEpochDay(raw);
    if (moved < pay) continue;
    if (best === undefined || moved < bestMoved || (moved === bestMoved && raw < bestRaw)) {
      best = tier.value;
      bestMoved = moved;
      bestRaw = raw;
    }
  }
  return best;
}

/**
 * a x b x c / d rounded half up, for non-negative integers: exact in doubles while the product
 * is a safe integer, through BigInt beyond it (a charge near BACEN's R$ 9,999,999,999.99 with a
 * year of daily interest).
 */
export function roundedRatio(a: number, b: number, c: number, d: number): number {
  const p = a * b * c;
  if (Number.isSafeInteger(p)) {
    let q = Math.floor(p / d);
    let r = p - q * d;
    // p / d is a rounded double; one step corrects the rare quotient it puts one off.
    if (r < 0) {
      q--;
      r += d;
    } else if (r >= d) {
      q++;
      r -= d;
    }
    return 2 * r >= d ? q + 1 : q;
  }
  const big = BigInt(a) * BigInt(b) * BigInt(c);
  const bd = BigInt(d);
  return Number((2n * big + bd) / (2n * bd));
}
