// A calendar date as BACEN's cobv uses it (`dataDeVencimento`, a discount's `data`): a day in
// Brazil, with no time and no time zone. Inside, a date is its epoch day (days since 1970-01-01),
// so "the next day" and "days between" are integer arithmetic that no time zone or daylight-saving
// rule can shift. Only `todayIn` looks at a clock instant, and it asks Intl for the zone's date.

/** A day as plain integers: month 1-12, day 1-31. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Days from 0000-03-01 to each month's first day, in a year that starts in March (so the leap
// day is the last day of the year): the usual trick for branch-free civil <-> day conversions
// (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms").
export function toEpochDay(d: CalendarDate): number {
  const y = d.month <= 2 ? d.year - 1 : d.year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (d.month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d.day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function fromEpochDay(n: number): CalendarDate {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The year an epoch day falls in. */
export function yearOfEpochDay(n: number): number {
  return fromEpochDay(n).year;
}

/** 0 = Sunday ... 6 = Saturday. 1970-01-01 was a Thursday (4). */
export function weekdayOfEpochDay(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

/** The date of `YYYY-MM-DD` text, or undefined when it is not a real date (2026-02-30). */
export function parseCalendarDate(text: string): CalendarDate | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (d.month < 1 || d.month > 12 || d.day < 1) return undefined;
  const back = fromEpochDay(toEpochDay(d));
  return back.month === d.month && back.day === d.day ? d : undefined;
}

/** The epoch day of `YYYY-MM-DD` text; throws on anything else (inputs are validated first). */
export function epochDayOf(text: string): number {
  const d = parseCalendarDate(text);
  if (!d) throw new RangeError(`not a YYYY-MM-DD calendar date: ${JSON.stringify(text)}`);
  return toEpochDay(d);
}

export function formatCalendarDate(d: CalendarDate): string {
  const mm = String(d.month).padStart(2, "0");
  const dd = String(d.day).padStart(2, "0");
  return `${String(d.year).padStart(4, "0")}-${mm}-${dd}`;
}

/** `YYYY-MM-DD` of an epoch day. */
export function formatEpochDay(n: number): string {
  return formatCalendarDate(fromEpochDay(n));
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  return fromEpochDay(toEpochDay(d) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

export const BRAZIL_TIME_ZONE = "America/Sao_Paulo";

// One formatter per zone: building an Intl.DateTimeFormat costs tens of microseconds, using one
// costs about one. A cache of immutable formatters is not state any caller can observe.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date at `instant` in the IANA zone `timeZone` (default America/Sao_Paulo). Intl
 * applies the zone's rules, so the answer stays right for past instants (São Paulo kept daylight
 * saving until February 2019) and if the rules change again.
 */
export function todayIn(instant: Date, timeZone: string = BRAZIL_TIME_ZONE): CalendarDate {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  let year = 0;
  let month = 0;
  let day = 0;
  for (const p of f.formatToParts(instant)) {
    if (p.type === "year") year = Number(p.value);
    else if (p.type === "month") month = Number(p.value);
    else if (p.type === "day") day = Number(p.value);
  }
  return { year, month, day };
}
