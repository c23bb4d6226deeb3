import type { ClaimedNotification, MailOutcome } from "../../db/queries/notifications/queue.ts";
import { takeDailyAllowance } from "../../db/queries/notifications/settings.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Mode } from "../../kernel/mode.ts";
import type { OutgoingMail, SmtpRelay } from "../../net/smtp-relay.ts";
import { offsetClock } from "../subscriptions/account-clock.ts";
import { isReminder, OWNER_MAIL_KIND } from "./kinds.ts";
import type { MailContext, RenderedMail, RenderOptions } from "./mail-context.ts";
import { type ContextDeps, prepareMail } from "./mail-context-of.ts";
import type { ClaimedMail } from "./mail-lookups.ts";
import { classifyRelayResult, retryOrGiveUp } from "./mail-retry.ts";
import { planRemindersOf } from "./plan-reminders-of.ts";

// One attempt of one notification, as the mail worker runs it: gather its context (or say why it
// does not go), plan a due-date bill's reminders, render it, take it from the account's daily
// allowance, hand it to the mode's relay, and say what to record. It never throws: whatever
// breaks is recorded and retried on the schedule, so a mail neither sticks nor spins.

export type SendDeps = ContextDeps & {
  /** The real clock (the worker's); an account's test clock is `clockOf`'s. */
  clock: Clock;
  random: Random;
  /** The account's clock for a mode (its sandbox test clock in test mode). */
  clockOf(who: { accountId: string; mode: Mode }): Promise<Clock>;
  /** The relay of a mode; undefined: none is configured (the mail is recorded, not sent). */
  relayFor(mode: Mode): SmtpRelay | undefined;
  render(ctx: MailContext, options?: RenderOptions): Promise<RenderedMail>;
  mail: { from: string | undefined; dailyCap: number };
};

/** Why a mode's mail cannot leave, said on its records and on the dashboard. */
export function noRelayReason(mode: Mode): string {
  return mode === "test"
    ? "test mode has no relay (TOSTAO_SMTP_TEST_URL is not set): rendered and recorded, not sent"
    : "no SMTP relay is configured (TOSTAO_SMTP_URL is not set): payers get no e-mail";
}

export async function attemptNotification(deps: SendDeps, n: ClaimedMail): Promise<MailOutcome> {
  const attemptedAt = deps.clock.now();
  const jitter = () => (deps.random.bytes(1)[0] ?? 0) / 256;
  try {
    const who = { accountId: n.accountId, mode: n.mode };
    const clock = n.lookups ? offsetClock(deps.clock, n.lookups.clockMs) : await deps.clockOf(who);
    const prepared = await prepareMail(deps, n, clock);
    if (!prepared.go) {
      return { id: n.id, status: "not_sent", attemptedAt, counted: false, error: prepared.reason };
    }
    const { ctx, settings } = prepared;
    // Planned whatever becomes of the bill's own mail: a payer may still get the reminders.
    if (n.kind === "bill" && ctx.charge) {
      await planRemindersOf(deps, { n, row: ctx.charge, settings, clock });
    }
    // Without a relay the mail is recorded with its subject and never sent, so its images and
    // PDF are not drawn: that was most of the worker's CPU per sandbox bill (issue 39).
    const relay = deps.relayFor(n.mode);
    const canSend = Boolean(relay && deps.mail.from);
    const rendered = await deps.render(ctx, { attachments: canSend });
    if (!relay || !deps.mail.from) {
      return {
        id: n.id,
        status: "not_sent",
        attemptedAt,
        counted: false,
        subject: rendered.subject,
        error: noRelayReason(n.mode),
      };
    }
    const day = attemptedAt.toISOString().slice(0, 10);
    // An owner's security alert is not counted: a stolen key filling the cap must not silence it.
    const capped = n.kind !== OWNER_MAIL_KIND;
    if (capped && !(await takeDailyAllowance(deps.db, who, day, deps.mail.dailyCap))) {
      return {
        id: n.id,
        status: "not_sent",
        attemptedAt,
        counted: false,
        subject: rendered.subject,
        error: `the account's daily cap of ${deps.mail.dailyCap} mails (TOSTAO_MAIL_DAILY_CAP) was reached`,
      };
    }
    const result = await relay.send(outgoing(deps, n, ctx, rendered, settings.replyTo));
    const verdict = classifyRelayResult(result, {
      attemptsBefore: n.attempts,
      now: deps.clock.now(),
      jitter,
    });
    return {
      id: n.id,
      attemptedAt,
      counted: true,
      subject: rendered.subject,
      ...(verdict.status === "sent"
        ? { status: "sent", error: null }
        : verdict.status === "failed"
          ? { status: "failed", error: verdict.error }
          : { status: "pending", nextAttemptAt: verdict.nextAttemptAt, error: verdict.error }),
    };
  } catch (err) {
    const verdict = retryOrGiveUp(`could not prepare the mail: ${(err as Error).message}`, {
      attemptsBefore: n.attempts,
      now: attemptedAt,
      jitter,
    });
    return {
      id: n.id,
      attemptedAt,
      counted: true,
      error: verdict.status === "sent" ? null : verdict.error,
      status: verdict.status === "pending" ? "pending" : "failed",
      ...(verdict.status === "pending" ? { nextAttemptAt: verdict.nextAttemptAt } : {}),
    };
  }
}

/** The message: a stable Message-ID (a retry is the same mail), and the automated-mail headers. */
function outgoing(
  deps: SendDeps,
  n: ClaimedNotification,
  ctx: MailContext,
  rendered: RenderedMail,
  replyTo: string | null,
): OutgoingMail {
  const from = deps.mail.from as string;
  const domain = from.slice(from.lastIndexOf("@") + 1);
  const headers: Record<string, string> = { "Auto-Submitted": "auto-generated" };
  if (isReminder(n.kind) && ctx.links.unsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${ctx.links.unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return {
    // The display name is the merchant's; newlines cannot reach the header (nodemailer encodes).
    // An owner's alert comes from the service itself, not from the shop.
    from: {
      name: n.kind === OWNER_MAIL_KIND ? "Tostão" : ctx.shop.name.replace(/[\r\n]+/g, " "),
      address: from,
    },
    to: n.recipient,
    ...(replyTo ? { replyTo } : {}),
    subject: rendered.subject.replace(/[\r\n]+/g, " "),
    text: rendered.text,
    html: rendered.html,
    messageId: `<${n.id}@${domain}>`,
    date: deps.clock.now(),
    headers,
    attachments: rendered.attachments,
  };
}
