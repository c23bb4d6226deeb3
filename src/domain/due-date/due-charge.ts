import type { ChargeRow } from "../../db/queries/charges.ts";
import type { Clock } from "../../kernel/clock.ts";
import { unprocessable } from "../errors.ts";
import { centsToBrl } from "../money.ts";
import { type AmountDue, amountDue } from "./amount-due.ts";
import {
  addDays,
  epochDayOf,
  formatCalendarDate,
  formatEpochDay,
  parseCalendarDate,
  todayIn,
} from "./calendar-date.ts";
import { type CreateInput, termsInputOf } from "./create-fields.ts";
import { type DueDateTerms, isPercentMode } from "./modalities.ts";
import { isPayableAmount } from "./payable-bounds.ts";
import { dueDateTermsFor } from "./terms-schema.ts";

// A PIX charge with a due date (BACEN's cobv, docs/due-date.md): its terms at creation, and how
// it reads on a given instant (the amount due that day in Brazil, overdue or not). The amount
// itself is the pure function of domain/due-date/amount-due.ts.

/** Brazil's calendar date (`YYYY-MM-DD`) at an instant. */
export const brazilDate = (at: Date): string => formatCalendarDate(todayIn(at));

/**
 * The instant a Brazilian calendar day starts (00:00 in America/Sao_Paulo). Brazil is at UTC-3
 * since 2019; until then summer days were at UTC-2, so the offset is found, not assumed: the
 * candidate whose instant is on `date` while the millisecond before is on the day before.
 */
export function startOfBrazilDay(date: string): Date {
  // A batch of a thousand bills asks for the same few days: each is found once (bounded memo of
  // a pure function of the date; Intl costs microseconds a call).
  const known = dayStarts.get(date);
  if (known) return new Date(known.getTime());
  const found = findStartOfBrazilDay(date);
  if (dayStarts.size >= 4096) dayStarts.clear();
  dayStarts.set(date, found);
  return new Date(found.getTime());
}

const dayStarts = new Map<string, Date>();

function findStartOfBrazilDay(date: string): Date {
  const d = parseCalendarDate(date);
  if (!d) throw new RangeError(`not a calendar date: ${date}`);
  const before = formatCalendarDate(addDays(d, -1));
  for (const offsetHours of [3, 2]) {
    const t = new Date(Date.UTC(d.year, d.month - 1, d.day, offsetHours));
    if (brazilDate(t) === date && brazilDate(new Date(t.getTime() - 1)) === before) return t;
  }
  return new Date(Date.UTC(d.year, d.month - 1, d.day, 3));
}

/** What a due-date charge stores at creation. */
export type DuePlan = { terms: DueDateTerms; expiresAt: Date; overdueAt: Date };

/**
 * The terms of a create body that has a due_date, for a charge of `valueCents`, or a 422 naming
 * the field (a due date before today in Brazil, an abatement or discount that takes it all).
 * The charge stays payable to the end of its last payable day and is overdue from the start of
 * the day after its (moved) due date.
 */
export function planDueCharge(
  deps: { clock: Clock },
  input: CreateInput & { due_date: string },
  valueCents: number,
): DuePlan {
  const today = brazilDate(deps.clock.now());
  const result = dueDateTermsFor(termsInputOf(input), valueCents, today);
  if (!result.ok) throw unprocessable(result.message);
  const a = amountDue(result.terms, today);
  return {
    terms: result.terms,
    expiresAt: startOfBrazilDay(formatEpochDay(epochDayOf(a.lastPayableDate) + 1)),
    overdueAt: startOfBrazilDay(formatEpochDay(epochDayOf(a.effectiveDueDate) + 1)),
  };
}

/** A row's due-date terms, or undefined for an ordinary charge. */
export function dueTermsOf(row: Pick<ChargeRow, "dueTerms">): DueDateTerms | undefined {
  return (row.dueTerms ?? undefined) as DueDateTerms | undefined;
}

/** The amount due on `at`'s date in Brazil, for a due-date charge. */
export function amountDueAt(row: ChargeRow, at: Date): AmountDue | undefined {
  const terms = dueTermsOf(row);
  return terms && amountDue(terms, brazilDate(at));
}

const brl = (mode: string, v: number) => (isPercentMode(mode) ? v / 100 : centsToBrl(v));

/** The terms in the create body's shape and units (BRL, percent), as the API shows them. */
export function termsView(t: DueDateTerms) {
  const part = (p: { mode: string; value: number } | undefined) =>
    p && { mode: p.mode, value: brl(p.mode, p.value) };
  const d = t.discounts;
  return {
    due_date: t.dueDate,
    days_after_due: t.daysAfterDue,
    ...(t.fine && { fine: part(t.fine) }),
    ...(t.interest && { interest: part(t.interest) }),
    ...(t.abatement && { abatement: part(t.abatement) }),
    ...(d &&
      ("tiers" in d
        ? {
            discounts: {
              mode: d.mode,
              tiers: d.tiers.map((x) => ({ date: x.date, value: brl(d.mode, x.value) })),
            },
          }
        : { discounts: part(d) })),
  };
}

/**
 * The due-date fields of a charge's view at `at` (absent for an ordinary charge): the due date,
 * the last payable day, today's amount while it is pending (else what was paid, or null), and
 * whether it is pending past its due date.
 */
export function dueFields(
  row: Pick<ChargeRow, "dueTerms" | "status"> & Partial<Pick<ChargeRow, "amountPaidCents">>,
  at: Date,
) {
  const terms = dueTermsOf(row);
  if (!terms) return {};
  const a = amountDue(terms, brazilDate(at));
  const pending = row.status === "pending";
  const paid = row.amountPaidCents ?? null;
  return {
    dueDate: terms.dueDate,
    lastPayableDate: a.lastPayableDate,
    // A bill stored before the bounds may ask for 0 or more than a Pix charge carries: null.
    amountDue:
      pending && a.payable && isPayableAmount(a.total)
        ? centsToBrl(a.total)
        : paid === null
          ? null
          : centsToBrl(paid),
    overdue: pending && a.overdue,
    ...(paid !== null ? { amountPaid: centsToBrl(paid) } : {}),
    dueTerms: termsView(terms),
  };
}

/**
 * A due-date charge as the payment page and the dashboard show it (centavos and dates): the
 * amount due on `at`'s date with its parts, whether it is late or can no longer be paid, and the
 * terms, so a page can say what changes before and after the due date.
 */
export function dueSummary(row: ChargeRow, at: Date) {
  const terms = dueTermsOf(row);
  if (!terms) return null;
  const today = brazilDate(at);
  const a = amountDue(terms, today);
  return {
    today,
    dueDate: terms.dueDate,
    effectiveDueDate: a.effectiveDueDate,
    lastPayableDate: a.lastPayableDate,
    /** Today's amount with its parts (centavos). */
    amount: a,
    overdue: row.status === "pending" && a.overdue,
    payable: a.payable && isPayableAmount(a.total),
    amountPaidCents: row.amountPaidCents ?? null,
    terms,
  };
}
export type DueSummary = NonNullable<ReturnType<typeof dueSummary>>;
