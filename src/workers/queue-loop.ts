import type { Clock } from "../kernel/clock.ts";

// A queue loop over jobs kept in a database: claim what is due, run it, record the results in
// batches, and sleep until the next job is due. It knows nothing about what a job is or where
// the queue lives: the four operations on the queue are injected (as graphile-worker separates
// its runner from its SQL), and so is what running a job means. Claims are leases: a claim holds
// a job until `lockMs` from now, so a loop that dies leaves its jobs to whoever claims them after
// the lease ends, and no sweep is needed.

export type ClaimInput = {
  now: Date;
  /** Most jobs to claim: the loop's room, and never more than `maxClaim`. */
  limit: number;
  /** Until when the claim holds the jobs (the lease). */
  lockUntil: Date;
  /** Most jobs of one key the loop runs at once. */
  perKey: number;
  /**
   * Jobs of each key the loop is running now, so a claim takes only each key's room. Read it
   * before the claim's first await: it is the loop's own map, and it changes as jobs end.
   */
  inFlight: ReadonlyMap<string, number>;
};

/** The queue, as the loop sees it. */
export type QueueOps<Job, Result> = {
  /** Claims due jobs for this loop until `lockUntil`; never a job another loop holds. */
  claim(input: ClaimInput): Promise<Job[]>;
  /** Gives claimed jobs back untouched, due as they were. */
  release(ids: string[]): Promise<void>;
  /** Records the results of finished jobs, ending their claims, in one go. */
  record(batch: Result[]): Promise<void>;
  /** When the next job no loop holds is due, if any. */
  nextDueAt(now: Date): Promise<Date | undefined>;
};

export type QueueLoopDeps<Job, Result> = {
  clock: Clock;
  ops: QueueOps<Job, Result>;
  /**
   * Runs one job and says what to record. It should not throw: a job whose run throws records
   * nothing, and is run again only when its claim lapses.
   */
  run(job: Job): Promise<Result>;
  idOf(job: Job): string;
  /** What the per-key cap counts by (for webhook deliveries, the webhook). */
  keyOf(job: Job): string;
  /** Where a failed claim, record or run is reported; the loop carries on. */
  onError(err: unknown, during: "claim" | "record" | "run"): void;
};

export type QueueLoopOptions = {
  /** Jobs running at once in this loop. */
  concurrency: number;
  /** Jobs of one key running at once in this loop, so one slow key cannot starve the others. */
  perKey: number;
  /** How long a claim holds a job; longer than a run can take. */
  lockMs: number;
  /** Longest sleep between looks at the queue when nothing is due. */
  idlePollMs: number;
  /** Most jobs one claim takes (default 100). */
  maxClaim?: number;
};

export type QueueLoop = {
  /** Looks for due jobs now (a notification, a new job, a test). */
  wake(): void;
  /** Runs until nothing is due and nothing is in flight, and everything is recorded (tests). */
  runOnce(): Promise<void>;
  /** Stops claiming, waits for the jobs in flight and records them. */
  stop(): Promise<void>;
};

export function makeQueueLoop<Job, Result>(
  deps: QueueLoopDeps<Job, Result>,
  opts: QueueLoopOptions,
): QueueLoop {
  const maxClaim = opts.maxClaim ?? 100;
  const refill = Math.max(1, Math.floor(Math.min(opts.perKey, opts.concurrency) / 2));
  const perKey = new Map<string, number>();
  const inflight = new Set<Promise<void>>();
  const results: Result[] = [];
  let flushing: Promise<void> | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  // Results are recorded in batches: whatever finished while the last batch was being written
  // goes in the next one, so under load one statement records many jobs.
  const flush = (): Promise<void> => {
    if (!flushing && results.length > 0) {
      flushing = (async () => {
        try {
          while (results.length > 0) {
            const batch = results.splice(0, results.length);
            // A batch that fails to record is dropped: its claims lapse and the jobs run again.
            await deps.ops.record(batch).catch((err: unknown) => deps.onError(err, "record"));
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

  // A job is done when its result is recorded, so runOnce and stop return with nothing unsaved.
  const execute = async (job: Job): Promise<void> => {
    results.push(await deps.run(job));
    await flush();
  };

  const start = (job: Job, key: string) => {
    perKey.set(key, (perKey.get(key) ?? 0) + 1);
    const p: Promise<void> = execute(job)
      .catch((err: unknown) => deps.onError(err, "run"))
      .finally(() => {
        inflight.delete(p);
        const n = (perKey.get(key) ?? 1) - 1;
        if (n === 0) perKey.delete(key);
        else perKey.set(key, n);
        // A finished job makes room: look for more once the room is worth a claim (its key and
        // the loop each have `refill` free), so a backlog is claimed in steps of about half a
        // key's cap rather than one statement per finished job. The loop never stalls: the
        // last job in flight leaves the whole room free, and a claim that finds nothing sets
        // the timer.
        if (opts.perKey - n >= refill && opts.concurrency - inflight.size >= refill) wake();
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
    const limit = Math.min(room, maxClaim);
    const now = deps.clock.now();
    const claimed = await deps.ops.claim({
      now,
      limit,
      lockUntil: new Date(now.getTime() + opts.lockMs),
      perKey: opts.perKey,
      inFlight: perKey,
    });
    // The claim already respects each key's room; this only catches a second claim that ran
    // while this one was waiting on the database.
    const giveBack: string[] = [];
    for (const job of claimed) {
      const key = deps.keyOf(job);
      if ((perKey.get(key) ?? 0) >= opts.perKey) giveBack.push(deps.idOf(job));
      else start(job, key);
    }
    if (giveBack.length > 0) await deps.ops.release(giveBack);
    const started = claimed.length - giveBack.length;
    return { started, full: started > 0 && claimed.length === limit };
  };

  const sleepUntilDue = async () => {
    if (stopped) return;
    const due = await deps.ops.nextDueAt(deps.clock.now()).catch(() => undefined);
    const wait = due ? Math.max(0, due.getTime() - deps.clock.now().getTime()) : opts.idlePollMs;
    clearTimeout(timer);
    timer = setTimeout(wake, Math.min(Math.max(wait, 5), opts.idlePollMs));
    timer.unref();
  };

  // One drain at a time. A wake while one runs asks it to go round again, so no wake is lost and
  // no two drains claim side by side.
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
          deps.onError(err, "claim");
        }
      } while (again && !stopped);
      // With jobs in flight, the next finish wakes the loop; with none, a timer does.
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
