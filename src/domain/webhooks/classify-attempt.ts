import type { AttemptOutcome } from "../../db/queries/deliveries/record-attempts.ts";
import type { SendResult } from "../../net/safe-fetch.ts";
import { nextDelayMs, parseRetryAfter } from "./retry-schedule.ts";

// What one delivery attempt's answer means for the delivery (contract: Webhooks): a 2xx
// succeeds; a 410 fails it and disables the webhook; anything else (another status, a timeout,
// a refused connection) is retried on the schedule, no earlier than a 429's or 503's
// Retry-After, until the attempts run out.

export type AttemptVerdict =
  /** A 2xx: the delivery is done. */
  | "succeeded"
  /** Another attempt is scheduled at `nextAttemptAt`. */
  | "retry"
  /** This was the round's last attempt: the delivery is failed (and redeliverable). */
  | "gave_up"
  /** The receiver answered 410 Gone: the webhook is to be disabled. */
  | "disable_webhook"
  /** The webhook was disabled or deleted before the attempt: nothing was sent. */
  | "webhook_gone";

export type Classified = {
  verdict: AttemptVerdict;
  outcome: Omit<AttemptOutcome, "id" | "attemptedAt">;
};

/**
 * The outcome of an attempt from the sender's answer. `roundAttempts` counts the attempts made
 * before this one in the round; `jitter` gives a number in [0, 1), asked only when a retry is
 * scheduled (a success costs no randomness); `now` is when the answer came.
 */
export function classifyAttempt(input: {
  result: SendResult;
  roundAttempts: number;
  now: Date;
  jitter: () => number;
}): Classified {
  const { result: res, now } = input;
  const status = res.kind === "response" ? res.status : null;
  const common = {
    statusCode: status,
    latencyMs: Math.round(res.latencyMs),
    error:
      res.kind === "error" ? res.error : status !== null && status >= 300 ? `HTTP ${status}` : null,
    snippet: res.kind === "response" ? res.bodySnippet : null,
  };
  if (status !== null && status >= 200 && status < 300) {
    return {
      verdict: "succeeded",
      outcome: { ...common, status: "succeeded", nextAttemptAt: now },
    };
  }
  if (status === 410) {
    return {
      verdict: "disable_webhook",
      outcome: { ...common, status: "failed", nextAttemptAt: now },
    };
  }
  const retryAfter =
    res.kind === "response" && (status === 429 || status === 503)
      ? parseRetryAfter(res.headers["retry-after"], now)
      : undefined;
  return retryOrGiveUp(common, input.roundAttempts, now, input.jitter(), retryAfter);
}

/** An attempt that could not be made at all (an unreadable secret, say): retried on the schedule. */
export function classifyUnsent(input: {
  error: string;
  roundAttempts: number;
  now: Date;
}): Classified {
  const common = { statusCode: null, latencyMs: 0, error: input.error, snippet: null };
  return retryOrGiveUp(common, input.roundAttempts, input.now, 0.5);
}

/** The attempt of a delivery whose webhook was disabled or deleted before it began. */
export function classifyWebhookGone(now: Date): Classified {
  return {
    verdict: "webhook_gone",
    outcome: {
      statusCode: null,
      latencyMs: 0,
      error: "webhook disabled or deleted",
      snippet: null,
      status: "failed",
      nextAttemptAt: now,
    },
  };
}

function retryOrGiveUp(
  common: Pick<AttemptOutcome, "statusCode" | "latencyMs" | "error" | "snippet">,
  roundAttempts: number,
  now: Date,
  jitter: number,
  retryAfterMs?: number,
): Classified {
  const delay = nextDelayMs(roundAttempts + 1, jitter, retryAfterMs);
  return delay === undefined
    ? { verdict: "gave_up", outcome: { ...common, status: "failed", nextAttemptAt: now } }
    : {
        verdict: "retry",
        outcome: { ...common, status: "pending", nextAttemptAt: new Date(now.getTime() + delay) },
      };
}
