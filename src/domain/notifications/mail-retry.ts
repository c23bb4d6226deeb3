import type { RelayResult } from "../../net/smtp-relay.ts";

// What a relay's answer means for one mail (RFC 5321, 4.2.1): a 2xx took it; a 5xx refuses it
// for good (its words are kept, and it is never sent again, so a bad address cannot start a
// retry storm); a 4xx, a relay that cannot be reached, a TLS or AUTH failure (the relay's set-up,
// not the mail's fault) is tried again on a growing back-off: the first retry within a minute,
// the last more than a day after the first attempt.

/** Seconds to wait after the n-th failed attempt (n from 1); ~40 h in all. */
export const MAIL_RETRY_SECONDS = [
  30, 120, 300, 900, 1800, 3600, 7200, 14_400, 28_800, 43_200, 43_200,
] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_SECONDS.length + 1;

export type MailVerdict =
  | { status: "sent" }
  | { status: "pending"; nextAttemptAt: Date; error: string }
  | { status: "failed"; error: string };

export function classifyRelayResult(
  result: RelayResult,
  input: { attemptsBefore: number; now: Date; jitter: () => number },
): MailVerdict {
  if (result.ok) return { status: "sent" };
  // nodemailer's text is the whole reply line, code first; an error without one gets it added.
  const said =
    result.code === undefined || result.error.startsWith(String(result.code))
      ? result.error
      : `${result.code} ${result.error}`;
  const permanent =
    !result.auth && result.code !== undefined && result.code >= 500 && result.code < 600;
  if (permanent) return { status: "failed", error: said };
  return retryOrGiveUp(said, input);
}

/** A failure that is not the relay's verdict on the mail (a crash while preparing it). */
export function retryOrGiveUp(
  error: string,
  input: { attemptsBefore: number; now: Date; jitter: () => number },
): MailVerdict {
  const n = input.attemptsBefore + 1;
  const wait = MAIL_RETRY_SECONDS[n - 1];
  if (wait === undefined) {
    return { status: "failed", error: `gave up after ${n} attempts: ${error}` };
  }
  // Up to 10 % later, so mails refused together do not all come back at one instant.
  const ms = Math.round(wait * 1000 * (1 + input.jitter() / 10));
  return { status: "pending", nextAttemptAt: new Date(input.now.getTime() + ms), error };
}
