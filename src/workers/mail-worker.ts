import { bringForwardDue } from "../db/queries/notifications/insert-planned.ts";
import { MAIL_CHANNEL } from "../db/queries/notifications/outbox-sql.ts";
import {
  claimDueNotifications,
  type MailOutcome,
  nextNotificationDueAt,
  recordMailOutcomes,
  releaseNotifications,
} from "../db/queries/notifications/queue.ts";
import { type ClaimedMail, withMailLookups } from "../domain/notifications/mail-lookups.ts";
import type { MailPass } from "../domain/notifications/mail-pass.ts";
import { attemptNotification, type SendDeps } from "../domain/notifications/send-notification.ts";
import type { Mode } from "../kernel/mode.ts";
import type { Log } from "./log.ts";
import { makeQueueLoop } from "./queue-loop.ts";

// The mail worker: the queue loop (queue-loop.ts) over the notifications outbox, as the webhook
// delivery worker is over deliveries. Any number of workers in any number of processes claim due
// mails with SKIP LOCKED under a lease, send them through the mode's relay, and record each
// attempt; woken by NOTIFY when mails commit, by its own completions, and at the next due retry.

export type MailWorkerDeps = SendDeps & {
  log: Log;
  /** Mails that failed for good were recorded (the service writes notification.failed). */
  onFailed?: (failed: readonly MailOutcome[]) => Promise<void>;
};

export type MailWorker = {
  start(): Promise<void>;
  wake(): void;
  /** Runs until nothing is due and nothing is in flight (tests). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
};

export function makeMailWorker(
  deps: MailWorkerDeps,
  opts: {
    workerId: string;
    concurrency: number;
    lockMs: number;
    idlePollMs: number;
    /** The modes whose mail this worker claims (default both). */
    modes?: readonly Mode[];
  },
): MailWorker {
  const { db, log, workerId } = { ...deps, ...opts };
  const record = async (batch: MailOutcome[]) => {
    const recorded = new Set(await recordMailOutcomes(db, workerId, batch));
    const failed = batch.filter((o) => o.status === "failed" && recorded.has(o.id));
    // A relay's refusal (a retry or a failure for good) is a warning. A mail recorded as not sent
    // is by design (no relay for its mode, its kind turned off, the payer unsubscribed, the cap)
    // and its record says why: at warn, a sandbox without a relay logged a line for each bill.
    for (const o of batch) {
      if (o.status === "sent" || !recorded.has(o.id)) continue;
      const line = { notificationId: o.id, status: o.status, error: o.error };
      if (o.status === "not_sent") log.debug(line, "mail not sent");
      else log.warn(line, "mail not delivered");
    }
    if (failed.length > 0) await deps.onFailed?.(failed);
  };
  // One loop per mode, each claiming only its mode's mail: a sandbox's backlog of bills never
  // waits in front of a live receipt, and a mode whose mail cannot leave (no relay: each mail is
  // prepared, its subject rendered and recorded) runs NO_RELAY_CONCURRENCY at once, in claims
  // that many times bigger, where the relay's pace is not there to keep.
  const loopOf = (mode: Mode) => {
    const concurrency =
      deps.relayFor(mode) && deps.mail.from ? opts.concurrency : NO_RELAY_CONCURRENCY;
    return makeQueueLoop<ClaimedMail, MailOutcome>(
      {
        clock: deps.clock,
        ops: {
          // Each batch's facts are read for it at once (mail-lookups.ts), not five queries a mail.
          claim: async (i) =>
            withMailLookups(
              db,
              await claimDueNotifications(db, {
                ...i,
                worker: workerId,
                perAccount: i.perKey,
                mode,
              }),
              (err) =>
                log.warn({ err }, "mail worker: a batch's lookups failed; each mail reads its own"),
            ),
          release: (ids) => releaseNotifications(db, ids, workerId),
          record,
          nextDueAt: (now) => nextNotificationDueAt(db, now, mode),
        },
        run: (n) => attemptNotification(deps, n),
        idOf: (n) => n.id,
        keyOf: (n) => n.accountId,
        onError: (err, during) => log.error({ err, during }, `mail worker: ${during} failed`),
      },
      { concurrency, perKey: concurrency, lockMs: opts.lockMs, idlePollMs: opts.idlePollMs },
    );
  };
  // Made when first used, as every worker's maker only keeps what it is given until it runs.
  let made: Map<Mode, ReturnType<typeof loopOf>> | undefined;
  const loops = () =>
    (made ??= new Map((opts.modes ?? (["test", "live"] as const)).map((m) => [m, loopOf(m)])));
  // The NOTIFY's payload is the mode its mail was made in; another (an older instance's empty
  // one) wakes every loop.
  const wake = (payload?: string) => {
    const one = loops().get(payload as Mode);
    if (one) one.wake();
    else if (payload !== "test" && payload !== "live") for (const l of loops().values()) l.wake();
  };
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async start() {
      unlisten = await db.listen(MAIL_CHANNEL, wake);
      wake();
    },
    wake: () => wake(),
    runOnce: async () => {
      await Promise.all([...loops().values()].map((l) => l.runOnce()));
    },
    async stop() {
      await unlisten?.();
      await Promise.all([...(made?.values() ?? [])].map((l) => l.stop()));
    },
  };
}

/** Mails at once per process in a mode without a relay (TOSTAO_MAIL_CONCURRENCY is the relay's). */
const NO_RELAY_CONCURRENCY = 32;

/**
 * The test clock's mail pass: this account's test-mode mail due by the moved clock is made due
 * now and sent before the advance goes on to the next day, so each reminder goes on its own day
 * (and a bill handled on the way plans its reminders, which the same pass then sends if due).
 */
export function makeMailPass(deps: MailWorkerDeps, workerId: string): MailPass {
  return async (who, clock, db = deps.db) => {
    if (who.mode !== "test") return;
    // On the caller's handle: an advance answered under an Idempotency-Key runs in a transaction,
    // and on PGlite's one connection a query outside it would wait for it forever. Test mode's
    // mail only: a sandbox's clock never sends live mail, least of all inside its transaction.
    const loop = makeMailWorker(
      { ...deps, db },
      { workerId, concurrency: 4, lockMs: 60_000, idlePollMs: 1000, modes: ["test"] },
    );
    const realNow = (clock.real ?? clock).now();
    // Rounds: a bill sent in one plans reminders that may be due in the next.
    for (let round = 0; round < 4; round++) {
      const moved = await bringForwardDue(db, who.accountId, clock.now(), realNow);
      await loop.runOnce();
      if (moved === 0 && round > 0) break;
    }
  };
}
