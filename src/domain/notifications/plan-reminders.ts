import type { ChargeRow } from "../../db/queries/charges.ts";
import { amountDue } from "../due-date/amount-due.ts";
import { epochDayOf, formatEpochDay } from "../due-date/calendar-date.ts";
import { dueTermsOf, startOfBrazilDay } from "../due-date/due-charge.ts";
import type { MailKind } from "./kinds.ts";

// The reminders of one due-date bill (issue 35, item 2): N days before its due date (the
// settings' list), on the due date (moved to a business day, as BACEN moves it), the day it
// becomes overdue, and every 7 days after that while it is still payable. They are planned once,
// when the bill itself is handled, as rows of the outbox with their days; whether each still
// goes is decided on its day (the bill paid, cancelled or expired, the payer unsubscribed, the
// kind turned off). Days already past when the bill is handled are not planned.

/** The hour (Brazil) a reminder goes on its day: in the morning, not at midnight. */
const REMINDER_HOUR = 9;
/** A bill payable for years after its due date still gets a bounded number of weekly reminders. */
const MAX_WEEKLY = 26;

export type PlannedReminder = { kind: MailKind; date: string; at: Date };

export function planReminders(
  row: Pick<ChargeRow, "dueTerms">,
  input: { today: string; daysBefore: readonly number[] },
): PlannedReminder[] {
  const terms = dueTermsOf(row);
  if (!terms) return [];
  const a = amountDue(terms, input.today);
  const due = epochDayOf(a.effectiveDueDate);
  const last = epochDayOf(a.lastPayableDate);
  const today = epochDayOf(input.today);
  const out: PlannedReminder[] = [];
  const add = (kind: MailKind, day: number) => {
    if (day <= today) return;
    const date = formatEpochDay(day);
    out.push({
      kind,
      date,
      at: new Date(startOfBrazilDay(date).getTime() + REMINDER_HOUR * 3_600_000),
    });
  };
  for (const d of new Set(input.daysBefore)) add("reminder_before", epochDayOf(terms.dueDate) - d);
  add("reminder_due", due);
  if (due + 1 <= last) add("reminder_overdue", due + 1);
  for (let k = 1, day = due + 1 + 7; day <= last && k <= MAX_WEEKLY; k++, day += 7) {
    add("reminder_overdue_weekly", day);
  }
  return out.sort((x, y) => x.at.getTime() - y.at.getTime());
}

/** A reminder's dedupe key: one per bill, day and kind, whatever the number of instances. */
export const reminderKey = (chargeId: string, r: Pick<PlannedReminder, "kind" | "date">) =>
  `reminder:${chargeId}:${r.date}:${r.kind}`;
