import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import {
  addBusinessDays,
  businessDaysBetween,
  easterSunday,
  financialHolidays,
  isBusinessDay,
  nextBusinessDay,
  todayIn,
} from "./business-days.ts";
import {
  type CalendarDate,
  formatCalendarDate,
  fromEpochDay,
  parseCalendarDate,
  toEpochDay,
} from "./calendar-date.ts";

const d = (text: string): CalendarDate => {
  const v = parseCalendarDate(text);
  assert.ok(v, `bad date in test: ${text}`);
  return v;
};
const f = formatCalendarDate;

test("Easter Sunday matches the published dates, including the earliest and latest possible", () => {
  const known: [number, string][] = [
    [1818, "1818-03-22"],
    [2000, "2000-04-23"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ];
  for (const [year, date] of known) assert.equal(f(easterSunday(year)), date, String(year));
});

test("2026's financial holidays: the national ones plus Carnival, Good Friday and Corpus Christi", () => {
  assert.deepEqual(
    financialHolidays(2026).map((h) => f(h.date)),
    [
      "2026-01-01",
      "2026-02-16", // Carnival Monday (Easter 5 Apr - 48)
      "2026-02-17", // Carnival Tuesday (- 47)
      "2026-04-03", // Good Friday (- 2)
      "2026-04-21",
      "2026-05-01",
      "2026-06-04", // Corpus Christi (+ 60)
      "2026-09-07",
      "2026-10-12",
      "2026-11-02",
      "2026-11-15",
      "2026-11-20",
      "2026-12-25",
    ],
  );
});

test("Consciência Negra is a holiday from 2024 only; Ash Wednesday and 31 December are business days", () => {
  assert.equal(isBusinessDay(d("2023-11-20")), true, "a Monday before the law of 2023 took effect");
  assert.equal(isBusinessDay(d("2024-11-20")), false);
  assert.equal(isBusinessDay(d("2026-02-18")), true, "Ash Wednesday: banks open at noon");
  assert.equal(isBusinessDay(d("2020-12-31")), true, "BACEN's example D accepts it as day (3)");
  assert.equal(isBusinessDay(d("2026-08-29")), false, "Saturday");
  assert.equal(isBusinessDay(d("2026-08-30")), false, "Sunday");
  assert.equal(isBusinessDay(d("2026-08-31")), true, "Monday");
});

test("nextBusinessDay keeps a business day and skips weekends and holidays", () => {
  assert.equal(f(nextBusinessDay(d("2026-08-31"))), "2026-08-31");
  assert.equal(f(nextBusinessDay(d("2026-08-29"))), "2026-08-31");
  assert.equal(f(nextBusinessDay(d("2026-09-05"))), "2026-09-08", "Sat, Sun, then 7 Sep");
  assert.equal(f(nextBusinessDay(d("2026-02-14"))), "2026-02-18", "across Carnival");
});

test("addBusinessDays and businessDaysBetween count across Carnival", () => {
  assert.equal(f(addBusinessDays(d("2026-02-13"), 1)), "2026-02-18");
  assert.equal(f(addBusinessDays(d("2026-02-18"), -1)), "2026-02-13");
  assert.equal(f(addBusinessDays(d("2026-02-14"), 0)), "2026-02-14");
  // [13 Feb, 19 Feb): Fri 13 and Wed 18; Sat, Sun, Carnival Mon and Tue are not business days.
  assert.equal(businessDaysBetween(d("2026-02-13"), d("2026-02-19")), 2);
  assert.equal(businessDaysBetween(d("2026-02-19"), d("2026-02-13")), 0);
  // Good Friday fell on Tiradentes (21 April) in 2000: one day off, not two. April 2000 has
  // 20 weekdays; less that Friday: 19.
  assert.equal(businessDaysBetween(d("2000-04-01"), d("2000-05-01")), 19);
});

test("todayIn gives Brazil's date of an instant, with the daylight saving São Paulo had in 2018", () => {
  assert.equal(f(todayIn(new Date("2026-11-26T02:59:59Z"))), "2026-11-25", "23:59:59 at UTC-3");
  assert.equal(f(todayIn(new Date("2026-11-26T03:00:00Z"))), "2026-11-26");
  // 1 Dec 2018 was in daylight saving (UTC-2): 02:30Z is already 00:30 on 1 December.
  assert.equal(f(todayIn(new Date("2018-12-01T02:30:00Z"))), "2018-12-01");
  assert.equal(f(todayIn(new Date("2026-11-26T02:00:00Z"), "UTC")), "2026-11-26");
});

test("parseCalendarDate refuses dates that do not exist", () => {
  assert.equal(parseCalendarDate("2026-02-29"), undefined);
  assert.equal(parseCalendarDate("2024-02-29")?.day, 29);
  assert.equal(parseCalendarDate("2026-13-01"), undefined);
  assert.equal(parseCalendarDate("2026-1-01"), undefined);
});

const epochDays = fc.integer({
  min: toEpochDay(d("1990-01-01")),
  max: toEpochDay(d("2100-12-31")),
});

test("property: epoch days and dates convert both ways; nextBusinessDay is the first business day on or after", () => {
  fc.assert(
    fc.property(epochDays, (n) => {
      const date = fromEpochDay(n);
      assert.equal(toEpochDay(date), n);
      assert.deepEqual(parseCalendarDate(f(date)), date);
      const next = toEpochDay(nextBusinessDay(date));
      assert.ok(next >= n && next - n < 10);
      assert.equal(isBusinessDay(fromEpochDay(next)), true);
      for (let k = n; k < next; k++) assert.equal(isBusinessDay(fromEpochDay(k)), false);
    }),
  );
});

test("property: addBusinessDays(d, k) lands on a business day k business days away", () => {
  fc.assert(
    fc.property(epochDays, fc.integer({ min: 1, max: 60 }), (n, k) => {
      const start = nextBusinessDay(fromEpochDay(n));
      const end = addBusinessDays(start, k);
      assert.equal(isBusinessDay(end), true);
      assert.equal(businessDaysBetween(start, end), k);
      assert.deepEqual(addBusinessDays(end, -k), start);
    }),
  );
});

test("property: businessDaysBetween's arithmetic agrees with counting day by day", () => {
  fc.assert(
    fc.property(epochDays, fc.integer({ min: 0, max: 3000 }), (from, span) => {
      let naive = 0;
      for (let k = from; k < from + span; k++) if (isBusinessDay(fromEpochDay(k))) naive++;
      assert.equal(businessDaysBetween(fromEpochDay(from), fromEpochDay(from + span)), naive);
    }),
    { numRuns: 200 },
  );
});
