import {
  epochDayOf,
  formatEpochDay,
  fromEpochDay,
  parseCalendarDate,
  todayIn,
  toEpochDay,
} from "../due-date/calendar-date.ts";

// A subscription's calendar: each period's date, when its charge is sent, when the payer's bank
// debits it and when the retries fall. Dates are days in Brazil (America/Sao_Paulo, UTC-3 all
// year since 2019); instants are those days' midnights there. The rules and their sources are in
// docs/subscriptions.md ("The rules").

/** Our plain names for the file's RecCalendario.periodicidade. */
export const PERIODICITIES = ["weekly", "monthly", "quarterly", "semiannual", "yearly"] as const;
export type Periodicity = (typeof PERIODICITIES)[number];
export const BACEN_PERIODICITY: Record<Periodicity, string> = {
  weekly: "SEMANAL",
  monthly: "MENSAL",
  quarterly: "TRIMESTRAL",
  semiannual: "SEMESTRAL",
  yearly: "ANUAL",
};

/** Our plain names for the file's RecConfiguracao.politicaRetentativa. */
export const RETRY_POLICIES = ["none", "up_to_3_in_7_days"] as const;
export type RetryPolicy = (typeof RETRY_POLICIES)[number];
export const BACEN_RETRY_POLICY: Record<RetryPolicy, string> = {
  none: "NAO_PERMITE",
  up_to_3_in_7_days: "PERMITE_3R_7D",
};

const DAY_MS = 86_400_000;
// Brazil's offset from UTC (no daylight saving since 2019, Decreto 9.772/2019).
const BRT_OFFSET_MS = 3 * 3_600_000;

/**
 * The earliest and latest a period's charge may be sent: from 10 to 2 calendar days before its
 * date (Instrução Normativa BCB nº 436/2023 art. 4, now IN BCB nº 513/2024 as amended by IN BCB
 * nº 614/2025: Pix Automático's operational procedures, under art. 11-U of the Pix regulation;
 * docs/subscriptions.md, "The rules the service follows"). The BACEN OpenAPI file does not state
 * it.
 */
export const ISSUE_DAYS_BEFORE = { earliest: 10, latest: 2 } as const;
/** PERMITE_3R_7D: after a failed debit on the date, up to 3 retries within the 7 days after it. */
export const RETRY_DAYS_AFTER: Record<RetryPolicy, readonly number[]> = {
  none: [],
  up_to_3_in_7_days: [2, 4, 6],
};

const MONTHS: Record<Periodicity, number> = {
  weekly: 0,
  monthly: 1,
  quarterly: 3,
  semiannual: 6,
  yearly: 12,
};

/** Period k's date (0 is the start date); a month without the start's day takes its last day. */
export function periodDate(start: string, periodicity: Periodicity, k: number): string {
  if (periodicity === "weekly") return formatEpochDay(epochDayOf(start) + 7 * k);
  const s = fromEpochDay(epochDayOf(start));
  const months = s.month - 1 + MONTHS[periodicity] * k;
  const year = s.year + Math.floor(months / 12);
  const month = (months % 12) + 1;
  const last = fromEpochDay(
    toEpochDay({
      year: month === 12 ? year + 1 : year,
      month: month === 12 ? 1 : month + 1,
      day: 1,
    }) - 1,
  ).day;
  return formatEpochDay(toEpochDay({ year, month, day: Math.min(s.day, last) }));
}

/** Midnight in Brazil of a date, plus `days`. */
export function midnightOf(date: string, days = 0): Date {
  return new Date((epochDayOf(date) + days) * DAY_MS + BRT_OFFSET_MS);
}

/** When the scheduler sends a period's charge: the first day of its window. */
export const issueAt = (dueDate: string): Date => midnightOf(dueDate, -ISSUE_DAYS_BEFORE.earliest);
/** Past this instant the window is shut: a charge can no longer be sent for that date. */
export const issueDeadline = (dueDate: string): Date =>
  midnightOf(dueDate, -ISSUE_DAYS_BEFORE.latest + 1);
/** The sandbox payer's bank's first debit of a period: the due date's first hour (0h-8h). */
export const debitAt = (dueDate: string): Date => midnightOf(dueDate);

/** The instant of a retry: the policy's nth retry day after the due date, or none left. */
export function retryAt(dueDate: string, policy: RetryPolicy, retriesDone: number): Date | null {
  const day = RETRY_DAYS_AFTER[policy][retriesDone];
  return day === undefined ? null : midnightOf(dueDate, day);
}

/** Today's date in Brazil at an instant. */
export function brazilToday(at: Date): string {
  const d = todayIn(at);
  return formatEpochDay(toEpochDay(d));
}

export const isCalendarDate = (v: string) => parseCalendarDate(v) !== undefined;
