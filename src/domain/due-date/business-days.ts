// The Brazilian financial system's business days: what a cobv's due date, discount dates and
// last payable day move to, and what "dias úteis" interest and discounts count.
//
// A day is not a business day when it is a Saturday, a Sunday, or one of these, every year:
//   fixed: 1 Jan (Confraternização Universal), 21 Apr (Tiradentes), 1 May (Dia do Trabalho),
//     7 Sep (Independência), 12 Oct (Nossa Senhora Aparecida), 2 Nov (Finados),
//     15 Nov (Proclamação da República), 20 Nov (Consciência Negra, from 2024), 25 Dec (Natal);
//   moving with Easter: Carnival Monday and Tuesday (Easter - 48 and - 47), Good Friday
//     (Easter - 2), Corpus Christi (Easter + 60).
// Sources:
// - CMN Resolution 4,880 of 23 Dec 2020: national holidays are not business days for operations
//   in the financial market (as quoted with the "feriados bancários federais" tables).
// - FEBRABAN's yearly bank-holiday notices: no bank service on Carnival Monday and Tuesday (Ash
//   Wednesday opens at noon, so it IS a business day), nor on Good Friday and Corpus Christi,
//   which are not national holidays by law but are bank holidays (e.g. FEBRABAN, Carnival 2021
//   and 2022, reported by Agência Brasil, Valor and G1).
// - ANBIMA's national holiday calendar (anbima.com.br/feriados), the one the market's business-
//   day counts use, and QuantLib's Brazil "Settlement" calendar: exactly the list above.
// - Lei 14.759 of 21 Dec 2023 made 20 November (Dia Nacional de Zumbi e da Consciência Negra) a
//   national holiday; ANBIMA's calendar carries it from 2024.
// - 31 December is NOT in the list: banks have no public service that day, but it is a business
//   day for settlement, and BACEN's own cobv validity example D (dataDeVencimento 2020-12-25,
//   validadeAposVencimento 3) accepts a payment on 2020-12-31 and refuses 2021-01-01, which only
//   holds if 31 December is a business day.
// Not covered: state and municipal holidays. BACEN lets the payer's PSP send its municipality
// (`codMun`) so the receiver can apply local holidays; this calendar is the national one only.
//
// Easter is computed by the anonymous Gregorian algorithm (Meeus/Jones/Butcher), valid for every
// Gregorian year.

import {
  type CalendarDate,
  fromEpochDay,
  toEpochDay,
  weekdayOfEpochDay,
  yearOfEpochDay,
} from "./calendar-date.ts";

export { todayIn } from "./calendar-date.ts";

/** Easter Sunday of `year` (Gregorian), by the anonymous Gregorian algorithm. */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

export interface Holiday {
  readonly date: CalendarDate;
  readonly name: string;
}

const FIXED: readonly [number, number, string, number?][] = [
  [1, 1, "Confraternização Universal"],
  [4, 21, "Tiradentes"],
  [5, 1, "Dia do Trabalho"],
  [9, 7, "Independência do Brasil"],
  [10, 12, "Nossa Senhora Aparecida"],
  [11, 2, "Finados"],
  [11, 15, "Proclamação da República"],
  [11, 20, "Consciência Negra", 2024],
  [12, 25, "Natal"],
];

const EASTER_OFFSETS: readonly [number, string][] = [
  [-48, "Carnaval (segunda-feira)"],
  [-47, "Carnaval (terça-feira)"],
  [-2, "Sexta-feira da Paixão"],
  [60, "Corpus Christi"],
];

/** The financial system's non-weekend holidays of `year`, in date order. */
export function financialHolidays(year: number): Holiday[] {
  const out: Holiday[] = [];
  for (const [month, day, name, since] of FIXED) {
    if (since === undefined || year >= since) out.push({ date: { year, month, day }, name });
  }
  const easter = toEpochDay(easterSunday(year));
  for (const [offset, name] of EASTER_OFFSETS)
    out.push({ date: fromEpochDay(easter + offset), name });
  return out.sort((x, y) => toEpochDay(x.date) - toEpochDay(y.date));
}

// The weekday holidays of each year asked about, as sorted epoch days. Computing a year's list
// is a few microseconds; the amount function asks about the same few years on every call, so
// they are kept. The cache holds only what `financialHolidays` would answer again: no caller can
// observe it, which is why it may be module state.
const holidayDays = new Map<number, readonly number[]>();

function weekdayHolidaysOfYear(year: number): readonly number[] {
  let days = holidayDays.get(year);
  if (!days) {
    // A Set first: two holidays can share a day (Good Friday was 21 April in 2000).
    days = [...new Set(financialHolidays(year).map((h) => toEpochDay(h.date)))].filter(
      (n) => !isWeekend(n),
    );
    holidayDays.set(year, days);
  }
  return days;
}

function isWeekend(n: number): boolean {
  const wd = weekdayOfEpochDay(n);
  return wd === 0 || wd === 6;
}

/** Whether the epoch day `n` is a business day (the form the amount function uses). */
export function isBusinessEpochDay(n: number): boolean {
  return !isWeekend(n) && !weekdayHolidaysOfYear(yearOfEpochDay(n)).includes(n);
}

/** `n` itself when it is a business day, else the first business day after it. */
export function nextBusinessEpochDay(n: number): number {
  let d = n;
  while (!isBusinessEpochDay(d)) d++;
  return d;
}

/**
 * Business days in [from, to): `from` counted, `to` not, as the market counts them (ANBIMA's
 * "DU" between two dates). 0 when `to` is not after `from`. Paid on Tuesday for a Monday due
 * date: 1 (Monday); paid on Saturday for a Friday due date: 1 (Friday). Counted by arithmetic
 * (5 per whole week, then the weekday holidays in range), so years late cost no more than days.
 */
export function businessEpochDaysBetween(from: number, to: number): number {
  if (to <= from) return 0;
  const span = to - from;
  let count = Math.floor(span / 7) * 5;
  for (let d = from + span - (span % 7); d < to; d++) if (!isWeekend(d)) count++;
  const lastYear = yearOfEpochDay(to - 1);
  for (let y = yearOfEpochDay(from); y <= lastYear; y++) {
    for (const h of weekdayHolidaysOfYear(y)) if (h >= from && h < to) count--;
  }
  return count;
}

export function isBusinessDay(date: CalendarDate): boolean {
  return isBusinessEpochDay(toEpochDay(date));
}

/** The date itself when it is a business day, else the first business day after it. */
export function nextBusinessDay(date: CalendarDate): CalendarDate {
  return fromEpochDay(nextBusinessEpochDay(toEpochDay(date)));
}

/**
 * The `count`-th business day after `date` (before it when `count` is negative); `date` itself
 * when `count` is 0, business day or not.
 */
export function addBusinessDays(date: CalendarDate, count: number): CalendarDate {
  let d = toEpochDay(date);
  const step = count < 0 ? -1 : 1;
  for (let left = Math.abs(count); left > 0; ) {
    d += step;
    if (isBusinessEpochDay(d)) left--;
  }
  return fromEpochDay(d);
}

/** Business days in [from, to), as `businessEpochDaysBetween`. */
export function businessDaysBetween(from: CalendarDate, to: CalendarDate): number {
  return businessEpochDaysBetween(toEpochDay(from), toEpochDay(to));
}
