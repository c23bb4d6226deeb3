import { manualClock } from "../../src/kernel/clock.ts";

/**
 * 12:00 in Brazil (15:00 UTC) on `date`: the due-date tests' time of day, far from midnight on
 * either side, so that "today" is the same date in Brasília and in UTC.
 */
export const brazilNoon = (date: string) => new Date(`${date}T15:00:00.000Z`);

/** The worked example's today: 2026-11-29, a Sunday. */
export const WORKED_EXAMPLE_TODAY = "2026-11-29";

/** A manual clock at noon in Brazil on the worked example's today (moved by the tests). */
export const workedExampleClock = () => manualClock(brazilNoon(WORKED_EXAMPLE_TODAY));

/**
 * The worked example's bill (its amounts are worked out by hand in
 * test/http/due-date-sandbox.test.ts from docs/due-date.md's rules): R$ 1.234,56 due
 * 2026-12-09 (a Wednesday), a 2% fine, 1% a month of calendar-day interest, 3% off until
 * 2026-12-04. Every file that pays, shows or refuses a due-date charge starts from it.
 */
export const WORKED_BILL = {
  value: 1234.56,
  title: "Mensalidade dezembro",
  customer_name: "Maria Silva",
  customer_cpf: "529.982.247-25",
  due_date: "2026-12-09",
  fine: { mode: "percent", value: 2 },
  interest: { mode: "percent_per_month_calendar_days", value: 1 },
  discounts: { mode: "percent_until_date", tiers: [{ date: "2026-12-04", value: 3 }] },
};
