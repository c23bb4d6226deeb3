import { type ClaimedDelivery, claimDue } from "../db/queries/deliveries/claim-due.ts";
import { nextDueAt } from "../db/queries/deliveries/next-due-at.ts";
import { type AttemptOutcome, recordAttempts } from "../db/queries/deliveries/record-attempts.ts";
import { releaseClaims } from "../db/queries/deliveries/release-claims.ts";
import { DELIVERY_CHANNEL } from "../db/queries/events.ts";
import { disableWebhook } from "../db/queries/webhooks.ts";
import type { Clock, Random } from "../kernel/clock.ts";
import type { Db } from "../kernel/db.ts";
import type { SafeSender } from "../net/safe-fetch.ts";
import type { SecretBox } from "../secrets/secret-box.ts";
import type { Log } from "./log.ts";
import { makeQueueLoop } from "./queue-loop.ts";
import { makeWebhookDelivery } from "./webhook-delivery.ts";

// The webhook delivery worker: the queue loop over the deliveries table, running webhook
// delivery attempts. Deliveries live in the database (created with their events); any number of
// workers, in any number of processes, claim due ones with SKIP LOCKED, send them, and record
// each attempt. A worker is woken by NOTIFY when new deliveries commit, by its own completions,
// and by a timer at the next due retry, so a delivery leaves within milliseconds of its event and
// nothing waits on a polling interval.

export type DeliveryWorkerDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  secretBox: SecretBox;
  sender: SafeSender;
  log: Log;
  /** Attempts once recorded (metrics). */
  onRecorded?: (batch: readonly AttemptOutcome[]) => void;
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
  /** Listens for new deliveries and starts delivering (a service with workers on). */
  start(): Promise<void>;
  /** Looks for due deliveries now (NOTIFY and tests call it). */
  wake(): void;
  /** Runs until nothing is due and nothing is in flight, then records everything (tests). */
  runOnce(): Promise<void>;
  /** Stops listening and claiming, and waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
};

export function makeDeliveryWorker(
  deps: DeliveryWorkerDeps,
  opts: DeliveryWorkerOptions,
): DeliveryWorker {
  const { db, log, workerId } = { ...deps, ...opts };
  const loop = makeQueueLoop<ClaimedDelivery, AttemptOutcome>(
    {
      clock: deps.clock,
      ops: {
        claim: (i) => claimDue(db, { ...i, worker: workerId, perWebhook: i.perKey }),
        release: (ids) => releaseClaims(db, ids, workerId),
        record: async (batch) => {
          await recordAttempts(db, workerId, batch);
          deps.onRecorded?.(batch);
        },
        nextDueAt: (now) => nextDueAt(db, now),
      },
      run: makeWebhookDelivery({
        ...deps,
        disableWebhook: (id, reason, at) => disableWebhook(db, id, reason, at),
      }),
      idOf: (c) => c.id,
      keyOf: (c) => c.webhookId,
      onError: (err, during) =>
        log.error({ err, during }, `webhook delivery worker: ${during} failed`),
    },
    {
      concurrency: opts.concurrency,
      perKey: opts.perWebhook,
      lockMs: opts.lockMs,
      idlePollMs: opts.idlePollMs,
    },
  );
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async start() {
      unlisten = await db.listen(DELIVERY_CHANNEL, () => loop.wake());
      log.debug({ job: "webhook delivery", workerId }, "webhook delivery: started");
      loop.wake();
    },
    wake: loop.wake,
    runOnce: loop.runOnce,
    async stop() {
      const t0 = performance.now();
      await unlisten?.();
      await loop.stop();
      if (unlisten)
        log.debug(
          { job: "webhook delivery", waitedMs: Math.round(performance.now() - t0) },
          "webhook delivery: stopped",
        );
    },
  };
}
