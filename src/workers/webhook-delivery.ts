import type { ClaimedDelivery } from "../db/queries/deliveries/claim-due.ts";
import type { AttemptOutcome } from "../db/queries/deliveries/record-attempts.ts";
import { eventDataToWrite } from "../domain/charges/event-data-of.ts";
import { webhookBody } from "../domain/events/event-data.ts";
import {
  type AttemptVerdict,
  type Classified,
  classifyAttempt,
  classifyUnsent,
  classifyWebhookGone,
} from "../domain/webhooks/classify-attempt.ts";
import { MAX_ATTEMPTS } from "../domain/webhooks/retry-schedule.ts";
import { signDelivery } from "../domain/webhooks/signature.ts";
import type { Clock, Random } from "../kernel/clock.ts";
import type { SafeSender } from "../net/safe-fetch.ts";
import type { SecretBox } from "../secrets/secret-box.ts";
import type { Log } from "./log.ts";

// One attempt of one webhook delivery, as the queue loop runs it: build the body, sign it with
// the webhook's secret, send it through the SafeSender, and say what to record. It never throws:
// whatever breaks, the attempt is recorded and retried on the schedule, so a delivery neither
// sticks nor spins.

export type WebhookDeliveryDeps = {
  clock: Clock;
  random: Random;
  secretBox: SecretBox;
  sender: SafeSender;
  /** Disables a webhook whose receiver answered 410 Gone (and fails its pending deliveries). */
  disableWebhook(webhookId: string, reason: string, at: Date): Promise<void>;
  log: Log;
  /** Bodies that do not fit their event's schema throw (tests). */
  strictPayloads?: boolean;
};

/** Webhooks whose opened secret an attempt keeps (far more than one instance sends to at once). */
const SECRET_CACHE_SIZE = 1024;

export function makeWebhookDelivery(
  deps: WebhookDeliveryDeps,
): (c: ClaimedDelivery) => Promise<AttemptOutcome> {
  // Opened secrets, by webhook and sealed value: AES-GCM's decipher set-up was a sixth of an
  // attempt's CPU. The entry is keyed by the ciphertext itself, so a rotated or replaced secret
  // is a new key and an entry can never sign with a stale secret; it holds nothing the process
  // could not open at any moment with the key it already has. Bounded: the oldest go first.
  const secrets = new Map<string, string>();
  const openSecret = (c: ClaimedDelivery): string => {
    const key = `${c.webhookId}\n${c.secretBox}`;
    let secret = secrets.get(key);
    if (secret === undefined) {
      secret = deps.secretBox.open(c.secretBox, c.webhookId);
      if (secrets.size >= SECRET_CACHE_SIZE) secrets.delete(secrets.keys().next().value as string);
      secrets.set(key, secret);
    }
    return secret;
  };

  const attempt = async (c: ClaimedDelivery, started: Date): Promise<Classified> => {
    if (c.webhookGone) return classifyWebhookGone(started);
    // The data goes through the body's schema once (a creation event's is drawn from its
    // charge unwritten, rather than written, parsed and written again).
    const body = webhookBody(
      deps,
      {
        id: c.eventId,
        event: c.eventType,
        timestamp: c.eventCreatedAt.toISOString(),
        data: eventDataToWrite({ id: c.eventId, payload: c.payload, origin: c.origin }),
      },
      { unwritten: c.payload === null },
    );
    const secret = openSecret(c);
    const headers = signDelivery({
      secret,
      eventId: c.eventId,
      timestamp: Math.floor(started.getTime() / 1000),
      body,
    });
    const result = await deps.sender.send({ url: c.url, headers, body });
    const now = deps.clock.now();
    const jitter = () => (deps.random.bytes(1)[0] ?? 0) / 256;
    const classified = classifyAttempt({ result, roundAttempts: c.roundAttempts, now, jitter });
    if (classified.verdict === "disable_webhook") {
      await deps.disableWebhook(c.webhookId, "receiver answered 410 Gone", now).catch((err) => {
        deps.log.error({ err, webhookId: c.webhookId }, "could not disable webhook after 410");
      });
    }
    return classified;
  };

  return async (c) => {
    const started = deps.clock.now();
    let classified: Classified;
    let err: unknown;
    try {
      classified = await attempt(c, started);
    } catch (e) {
      err = e;
      classified = classifyUnsent({
        error: `could not send: ${(e as Error).message}`,
        roundAttempts: c.roundAttempts,
        now: started,
      });
    }
    if (classified.verdict !== "succeeded") logFailure(deps.log, c, classified, err);
    return { id: c.id, attemptedAt: started, ...classified.outcome };
  };
}

// What follows a failed attempt, as the log line's `next` says it.
const WHAT_NEXT: Record<Exclude<AttemptVerdict, "succeeded">, string> = {
  retry: "retry", // at nextAttemptAt
  gave_up: "gave_up", // the round's last attempt: the delivery is failed, and redeliverable
  disable_webhook: "webhook_disabled", // the receiver answered 410 Gone
  webhook_gone: "webhook_gone", // disabled or deleted before the attempt: nothing was sent
};

/**
 * One warn line per failed attempt, for the operator: which delivery, what went wrong (the status
 * or the kind of error), which attempt, and what happens next. Never the URL (its query may hold
 * a receiver's token), the body, the signature or the secret.
 */
function logFailure(log: Log, c: ClaimedDelivery, classified: Classified, err: unknown): void {
  const { verdict, outcome } = classified;
  log.warn(
    {
      webhookId: c.webhookId,
      deliveryId: c.id,
      event: c.eventType,
      ...(outcome.statusCode !== null
        ? { statusCode: outcome.statusCode }
        : { error: outcome.error }),
      attempt: c.roundAttempts + 1,
      maxAttempts: MAX_ATTEMPTS,
      next: WHAT_NEXT[verdict as Exclude<AttemptVerdict, "succeeded">],
      ...(verdict === "retry" ? { nextAttemptAt: outcome.nextAttemptAt.toISOString() } : {}),
      ...(err === undefined ? {} : { err }),
    },
    "webhook delivery attempt failed",
  );
}
