import { parseCalendarDate } from "../../due-date/calendar-date.ts";
import type { MailContext, RenderedMail } from "../mail-context.ts";
import { footer, greeting, shopName } from "./charge-parts.ts";
import { formatBrl, formatDay } from "./format.ts";
import { type Block, htmlOf, textOf } from "./layout.ts";
import { oneLine, subjectLine } from "./markup.ts";
import type { MessageKey, Words } from "./messages.ts";

// A Pix Automático subscription's mails, from ctx.subscription: the authorisation request (the
// hosted page, the amount or its maximum, how often), the notice before a debit (its date and
// amount), a failed debit (with the reason) and the cancellation.

export type SubscriptionKind =
  | "subscription_request"
  | "subscription_debit_notice"
  | "subscription_debit_failed"
  | "subscription_canceled";

type Sub = NonNullable<MailContext["subscription"]>;

const EVERY: Record<string, MessageKey> = {
  weekly: "every.weekly",
  monthly: "every.monthly",
  quarterly: "every.quarterly",
  semiannual: "every.semiannual",
  yearly: "every.yearly",
};

function amountText(t: Words, s: Sub, cents: number | null | undefined): string {
  if (cents !== null && cents !== undefined) return formatBrl(t.lang, cents);
  if (s.valueCents !== null) return formatBrl(t.lang, s.valueCents);
  if (s.maxValueCents !== null)
    return t("sub.upTo", { amount: formatBrl(t.lang, s.maxValueCents) });
  return t("sub.variable");
}

const dayText = (t: Words, date: string) =>
  parseCalendarDate(date) ? formatDay(t.lang, date) : oneLine(date);

export async function renderSubscriptionMail(
  t: Words,
  ctx: MailContext,
  kind: SubscriptionKind,
): Promise<RenderedMail> {
  const s = ctx.subscription;
  if (!s) throw new Error(`a ${kind} mail needs its subscription`);
  const shop = shopName(ctx);
  const what = oneLine(s.title) || t("sub.title");
  const key = Object.hasOwn(EVERY, s.periodicity) ? EVERY[s.periodicity] : undefined;
  const every = key ? t(key) : oneLine(s.periodicity);
  // A debit's notices name that debit's amount; the request and the cancellation, the plan's.
  const ofDebit = kind === "subscription_debit_notice" || kind === "subscription_debit_failed";
  const amount = amountText(t, s, ofDebit ? s.debit?.amountCents : undefined);
  const date = s.debit ? dayText(t, s.debit.date) : "";
  const params = { shop, what, amount, every, date };
  const subject = subjectLine(t(`${kind}.subject`, params));
  const rows: Array<readonly [string, string]> = [
    [t("shop"), shop],
    [t("sub.title"), what],
  ];
  if (!ofDebit) {
    rows.push(
      s.valueCents === null && s.maxValueCents !== null
        ? [t("sub.max"), formatBrl(t.lang, s.maxValueCents)]
        : [t("amount"), amountText(t, s, undefined)],
    );
    rows.push([t("sub.every"), every]);
  } else {
    if (s.debit) rows.push([t("sub.debitDate"), date]);
    rows.push([t("amount"), amount]);
  }
  if (kind === "subscription_debit_failed" && s.declineReason && oneLine(s.declineReason)) {
    rows.push([t("sub.reason"), oneLine(s.declineReason)]);
  }
  const blocks: Block[] = [
    { kind: "heading", text: t(`${kind}.heading`) },
    greeting(t, ctx.charge),
    { kind: "para", text: t(`${kind}.intro`, params) },
    { kind: "facts", rows },
  ];
  if (kind === "subscription_request" && s.authorizationUrl) {
    blocks.push({
      kind: "button",
      label: t("subscription_request.button"),
      url: s.authorizationUrl,
    });
  }
  if (kind === "subscription_debit_failed") {
    blocks.push({ kind: "para", text: t("subscription_debit_failed.help", { shop }) });
  }
  blocks.push(footer(t, ctx));
  return { subject, text: textOf(blocks), html: htmlOf(t.lang, subject, blocks), attachments: [] };
}
