import { amountDue } from "../src/domain/due-date/amount-due.ts";
import { epochDayOf, formatEpochDay } from "../src/domain/due-date/calendar-date.ts";
import type { DueDateTerms } from "../src/domain/due-date/modalities.ts";

// `npx tsx bench/amount-due.ts` (and `npm run bench`): CPU microseconds per call of the amount-due function (goal:
// under 5 µs on the 2-core bench machine), for terms with every component and payment dates
// from 40 days early to 60 days late, so every branch runs: the discount tiers, fine and
// interest, both calendar- and business-day counts. Each figure is the median of several rounds
// of the process's CPU time (not wall time: on a shared machine the wall clock also counts the
// time other processes held the core).

const ROUNDS = 9;
const CALLS = 200_000;

const TERMS: DueDateTerms[] = [
  {
    originalCents: 123456,
    dueDate: "2026-03-17",
    daysAfterDue: 30,
    abatement: { mode: "fixed", value: 1000 },
    fine: { mode: "percent", value: 200 },
    interest: { mode: "percent_per_month_calendar_days", value: 100 },
    discounts: {
      mode: "percent_until_date",
      tiers: [
        { date: "2026-03-01", value: 500 },
        { date: "2026-03-07", value: 300 },
        { date: "2026-03-12", value: 100 },
      ],
    },
  },
  {
    originalCents: 20000,
    dueDate: "2026-02-16",
    daysAfterDue: 60,
    fine: { mode: "fixed", value: 500 },
    interest: { mode: "percent_per_month_business_days", value: 200 },
    discounts: { mode: "value_per_business_day_early", value: 10 },
  },
];

const due = epochDayOf("2026-03-17");
const DATES = Array.from({ length: 101 }, (_, i) => formatEpochDay(due - 40 + i));

function round(): number {
  let sink = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    const terms = TERMS[i & 1] as DueDateTerms;
    sink += amountDue(terms, DATES[i % DATES.length] as string).total;
  }
  const used = process.cpuUsage(start);
  if (sink < 0) throw new Error("unreachable: keeps the calls from being optimised away");
  return (used.user + used.system) / CALLS;
}

/** The line `npm run bench` prints: the median CPU cost of one call, with its range. */
export function benchAmountDue(): string {
  round(); // warm-up: JIT and the holiday cache
  const figures = Array.from({ length: ROUNDS }, round).sort((a, b) => a - b);
  const median = figures[Math.floor(ROUNDS / 2)] ?? Number.NaN;
  return (
    `amountDue: ${median.toFixed(2)} µs per call (CPU, median of ${ROUNDS} rounds of ${CALLS.toLocaleString("en")} calls; ` +
    `range ${figures[0]?.toFixed(2)}-${figures[ROUNDS - 1]?.toFixed(2)}; goal < 5 µs)`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${benchAmountDue()}\n`);
