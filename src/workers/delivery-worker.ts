import type { Db } from "../db/db.ts";
import * as dq from "../db/queries/deliveries.ts";
import { disableWebhook } from "../db/queries/webhooks.ts";
import type { Clock, Random } from "../domain/deps.ts";
import { signDelivery } from "../domain/webhooks/signature.ts";
import type { SafeSender } from "../net/safe-fetch.ts";
import type { SecretBox } from "../secrets/secret-box.ts";
import { nextDelayMs, parseRetryAfter } from "./retry-schedule.ts";

// The webhook delivery engine. Deliveries live in the database (created with their events);
// any number of workers, in any number of processes, claim due ones with SKIP LOCKED, send
// them, and record each attempt. A worker is woken by NOTIFY when new deliveries commit, by
// its own completions, and by a timer at the next due retry, so a delivery leaves within
// milliseconds of its event and nothing waits on a polling interval.

export type DeliveryWorkerDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  secretBox: SecretBox;
  sender: SafeSender;
  onError?: (err: unknown) => void;
};

export type DeliveryWorkerOptions = {
  workerId: string;
  /** Attempts in flight in this worker. */
  concurrency: number;
  /** Attempts in flight to one webhook in this worker, so a slow receiver cannot starve others. */
  perWebhook: number;
  /** How long a claim holds a delivery; longer than the send timeout. */
  lockMs: number;
  /** Longest sleep between looks at the queue when nothing is due. */
  idlePollMs: number;
};

export type DeliveryWorker = {
  /** Looks for due deliveries now (NOTIFY and tests call it). */
  wake(): void;
  /** Runs until nothing is due and nothing is in flight, then records everything (tests). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
};

export function makeDeliveryWorker(
  deps: DeliveryWorkerDeps,
  opts: DeliveryWorkerOptions,
): DeliveryWorker {
  const perHook = new Map<string, number>();
  const inflight = new Set<Promise<void>>();
  const results: dq.AttemptOutcome[] = [];
  let flushing: Promise<void> | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const report = (err: unknown) => deps.onError?.(err);

  const flush = (): Promise<void> => {
    if (!flushing && results.length > 0) {
      flushing = (async () => {
        try {
          // Completions that arrive while a batch is being written wait for the next batch.
          while (results.length > 0) {
            const batch = results.splice(0, results.length);
            await dq.recordAttempts(deps.db, opts.workerId, batch).catch(report);
          }
        } finally {
          // Cleared in the same turn as the last empty check, so a result pushed after it
          // starts a new flush instead of waiting on this finished one.
          flushing = undefined;
        }
      })();
    }
    return flushing ?? Promise.resolve();
  };

  const attempt = async (c: dq.ClaimedDelivery): Promise<void> => {
    const started = deps.clock.now();
    let outcome: Omit<dq.AttemptOutcome, "id" | "attemptedAt">;
    try {
      outcome = await send(c, started);
    } catch (err) {
      // Whatever broke (an unreadable secret after a key change, say), the attempt is recorded
      // and retried on the schedule, so the delivery neither sticks nor spins.
      report(err);
      const delay = nextDelayMs(c.roundAttempts + 1, 0.5);
      outcome = {
        statusCode: null,
        latencyMs: 0,
        error: `could not send: ${(err as Error).message}`,
        snippet: null,
        status: delay === undefined ? "failed" : "pending",
        nextAttemptAt: new Date(started.getTime() + (delay ?? 0)),
      };
    }
    results.push({ id: c.id, attemptedAt: started, ...outcome });
    await flush();
  };

  const send = async (
    c: dq.ClaimedDelivery,
    started: Date,
  ): Promise<Omit<dq.AttemptOutcome, "id" | "attemptedAt">> => {
    let outcome: Omit<dq.AttemptOutcome, "id" | "attemptedAt">;
    if (c.webhookGone) {
      outcome = {
        statusCode: null,
        latencyMs: 0,
        error: "webhook disabled or deleted",
        snippet: null,
        status: "failed",
        nextAttemptAt: started,
      };
    } else {
      const body = JSON.stringify({
        id: c.eventId,
        event: c.eventType,
        timestamp: c.eventCreatedAt.toISOString(),
        data: c.payload,
      });
      const secret = deps.secretBox.open(c.secretBox, c.webhookId);
      const headers = signDelivery({
        secret,
        eventId: c.eventId,
        timestamp: Math.floor(started.getTime() / 1000),
        body,
      });
      const res = await deps.sender.send({ url: c.url, headers, body });
      const now = deps.clock.now();
      const status = res.kind === "response" ? res.status : null;
      const common = {
        statusCode: status,
        latencyMs: Math.round(res.latencyMs),
        error:
          res.kind === "error"
            ? res.error
            : status !== null && status >= 300
              ? `HTTP ${status}`
              : null,
        snippet: res.kind === "response" ? res.bodySnippet : null,
      };
      if (status !== null && status >= 200 && status < 300) {
        outcome = { ...common, status: "succeeded", nextAttemptAt: now };
      } else if (status === 410) {
        await disableWebhook(deps.db, c.webhookId, "receiver answered 410 Gone", now).catch(report);
        outcome = { ...common, status: "failed", nextAttemptAt: now };
      } else {
        const retryAfter =
          res.kind === "response" && (status === 429 || status === 503)
            ? parseRetryAfter(res.headers["retry-after"], now)
            : undefined;
        const jitter = (deps.random.bytes(1)[0] ?? 0) / 256;
        const delay = nextDelayMs(c.roundAttempts + 1, jitter, retryAfter);
        outcome =
          delay === undefined
            ? { ...common, status: "failed", nextAttemptAt: now }
            : { ...common, status: "pending", nextAttemptAt: new Date(now.getTime() + delay) };
      }
    }
    return outcome;
  };

  const start = (c: dq.ClaimedDelivery) => {
    perHook.set(c.webhookId, (perHook.get(c.webhookId) ?? 0) + 1);
    const p: Promise<void> = attempt(c)
      .catch(report)
      .finally(() => {
        inflight.delete(p);
        const n = (perHook.get(c.webhookId) ?? 1) - 1;
        if (n === 0) perHook.delete(c.webhookId);
        else perHook.set(c.webhookId, n);
        wake();
      });
    inflight.add(p);
  };

  /**
   * Claims and starts as much as there is room for: how many started, and whether the claim came
   * back full (more may be due at once).
   */
  const claimOnce = async (): Promise<{ started: number; full: boolean }> => {
    const room = opts.concurrency - inflight.size;
    if (room <= 0 || stopped) return { started: 0, full: false };
    const now = deps.clock.now();
    const claimed = await dq.claimDue(deps.db, {
      now,
      limit: Math.min(room, 100),
      lockUntil: new Date(now.getTime() + opts.lockMs),
      worker: opts.workerId,
      perWebhook: opts.perWebhook,
      inFlight: perHook,
    });
    // The claim already respects each webhook's room; this only catches a second claim that
    // ran while this one was waiting on the database.
    const giveBack: string[] = [];
    for (const c of claimed) {
      if ((perHook.get(c.webhookId) ?? 0) >= opts.perWebhook) giveBack.push(c.id);
      else start(c);
    }
    await dq.releaseClaims(deps.db, giveBack, opts.workerId);
    const started = claimed.length - giveBack.length;
    return { started, full: started > 0 && claimed.length === Math.min(room, 100) };
  };

  const sleepUntilDue = async () => {
    if (stopped) return;
    const due = await dq.nextDueAt(deps.db, deps.clock.now()).catch(() => undefined);
    const wait = due ? Math.max(0, due.getTime() - deps.clock.now().getTime()) : opts.idlePollMs;
    clearTimeout(timer);
    timer = setTimeout(wake, Math.min(Math.max(wait, 5), opts.idlePollMs));
    timer.unref();
  };

  function wake(): void {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = (async () => {
      do {
        again = false;
        try {
          while ((await claimOnce()).full) {}
        } catch (err) {
          report(err);
        }
      } while (again && !stopped);
      if (inflight.size === 0) await sleepUntilDue();
    })().finally(() => {
      draining = undefined;
    });
  }

  return {
    wake,
    async runOnce() {
      // Completions wake a background drain, which may be claiming while this runs; the queue is
      // done only when a pass starts nothing, nothing is in flight and no drain is running.
      for (;;) {
        await draining;
        let started = 0;
        for (;;) {
          const r = await claimOnce();
          started += r.started;
          if (!r.full) break;
        }
        await Promise.all([...inflight]);
        await flush();
        if (started === 0 && inflight.size === 0 && draining === undefined) return;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await draining;
      await Promise.all([...inflight]);
      await flush();
    },
  };
}
