import { epochDayOf } from "../../due-date/calendar-date.ts";
import type { MailContext, RenderedMail } from "../mail-context.ts";
import {
  billFacts,
  chargeOf,
  dueOn,
  faceValueOf,
  greeting,
  payBlocks,
  shopName,
  termsBlocks,
} from "./charge-parts.ts";
import { formatBrl, formatDay } from "./format.ts";
import { type Block, htmlOf, textOf } from "./layout.ts";
import { subjectLine } from "./markup.ts";
import type { Words } from "./messages.ts";

// A due-date bill's reminders: N days before its due date, on it, the day it became overdue and
// every 7 days after while it can be paid. Short: which it is, the amount of THAT day
// (ctx.onDate, through amount-due.ts: an overdue one has its fine and interest), the link, the
// code and QR, and a visible one-click unsubscribe (the List-Unsubscribe header's twin).

export type ReminderKind =
  | "reminder_before"
  | "reminder_due"
  | "reminder_overdue"
  | "reminder_overdue_weekly";

export async function renderReminder(
  t: Words,
  ctx: MailContext,
  kind: ReminderKind,
  withAttachments = true,
): Promise<RenderedMail> {
  const row = chargeOf(ctx);
  const due = dueOn(row, ctx.onDate);
  if (!due) throw new Error(`a ${kind} mail needs a charge with a due date`);
  const a = due.amount;
  const shop = shopName(ctx);
  const date = formatDay(t.lang, a.effectiveDueDate);
  const today = formatDay(t.lang, ctx.onDate);
  const daysLeft = epochDayOf(a.effectiveDueDate) - epochDayOf(ctx.onDate);
  // Before the due date the bill is named by its face value; once late, by that day's amount.
  const face = formatBrl(t.lang, faceValueOf(row, due));
  const owed = formatBrl(t.lang, a.total);
  let subject: string;
  let intro: string;
  if (kind === "reminder_before" && daysLeft > 1) {
    subject = t("reminder_before.subject", { shop, amount: face, n: daysLeft });
    intro = t("reminder_before.intro", { shop, n: daysLeft, date });
  } else if (kind === "reminder_before" && daysLeft === 1) {
    subject = t("reminder_before.subjectOne", { shop, amount: face });
    intro = t("reminder_before.introOne", { shop, date });
  } else if (kind === "reminder_before" || kind === "reminder_due") {
    subject = t("reminder_due.subject", { shop, amount: face });
    intro = t("reminder_due.intro", { shop, date });
  } else {
    subject = t(`${kind}.subject`, { shop, amount: owed });
    intro = t(`${kind}.intro`, { shop, date, today, amount: owed });
  }
  subject = subjectLine(subject);
  const pay = payBlocks(t, ctx, row, withAttachments);
  const blocks: Block[] = [
    { kind: "heading", text: t("reminder.heading", { shop }) },
    greeting(t, row),
    { kind: "para", text: intro, strong: true },
    {
      kind: "para",
      text: t("reminder.payableUntil", { date: formatDay(t.lang, a.lastPayableDate) }),
    },
    billFacts(t, ctx, row, due),
    ...termsBlocks(t, due),
    ...pay.blocks,
    {
      kind: "footer",
      text: t("footer", { shop }),
      ...(ctx.links.unsubscribeUrl
        ? {
            link: {
              text: t("reminder.unsubscribeText", { shop }),
              label: t("reminder.unsubscribe"),
              url: ctx.links.unsubscribeUrl,
            },
          }
        : {}),
    },
  ];
  return {
    subject,
    text: textOf(blocks),
    html: htmlOf(t.lang, subject, blocks),
    attachments: pay.attachments,
  };
}
