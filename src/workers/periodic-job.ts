import type { Log } from "./log.ts";

// A job that runs every so often in the background: expiring overdue charges, pruning old
// idempotency keys, watching the chain. Every one has the same shape: a name, a period and a
// pass. Passes never overlap (a tick that finds the last pass still running is skipped), a
// failed pass is logged and the next tick tries again, and the timer never keeps the process
// alive. Stop waits for the pass in flight, for a while: a chain watcher pass stuck on a slow
// source must not hold up a shutdown, and every pass is safe to cut off (each of its writes is
// its own transaction, and the next start picks up what it left).

export type PeriodicJob = {
  readonly name: string;
  start(): void;
  /** Stops the timer and waits for the pass in flight, if any, up to `stopWaitMs`. */
  stop(): Promise<void>;
  /** Runs one pass now (or joins the one running); resolves when it is over. */
  runOnce(): Promise<void>;
};

export function makePeriodicJob(job: {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  log: Log;
  /** Longest wait for a pass in flight when stopping (default 5 s). */
  stopWaitMs?: number;
}): PeriodicJob {
  const { name, log } = job;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const pass = (): Promise<void> => {
    running ??= Promise.resolve()
      .then(job.run)
      .then(
        () => {},
        (err: unknown) => log.error({ job: name, err }, `${name}: pass failed`),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    name,
    start() {
      if (timer) return;
      timer = setInterval(() => void pass(), job.everyMs);
      timer.unref();
      log.debug({ job: name, everyMs: job.everyMs }, `${name}: started`);
    },
    async stop() {
      if (!timer) return;
      clearInterval(timer);
      timer = undefined;
      const t0 = performance.now();
      let finished = true;
      if (running) {
        let giveUp: NodeJS.Timeout | undefined;
        finished = await Promise.race([
          running.then(() => true),
          new Promise<boolean>((r) => {
            giveUp = setTimeout(() => r(false), job.stopWaitMs ?? 5_000);
          }),
        ]);
        clearTimeout(giveUp);
      }
      log.debug(
        { job: name, waitedMs: Math.round(performance.now() - t0), passFinished: finished },
        `${name}: stopped`,
      );
    },
    runOnce: pass,
  };
}

type Warn = (detail: Record<string, unknown>, message: string) => void;

/**
 * The maker of a job whose pass reports what it could not do (a PSP or chain source down)
 * through its deps' `warn`: the job takes those deps without it, plus the log, and the pass's
 * warnings are the log's warn lines.
 */
export function makeWarningJob<D extends { warn?: Warn }>(
  name: string,
  pass: (deps: Omit<D, "warn"> & { warn: Warn }, everyMs: number) => Promise<unknown>,
): (deps: Omit<D, "warn"> & { log: Log }, everyMs: number) => PeriodicJob {
  return (deps, everyMs) =>
    makePeriodicJob({
      name,
      everyMs,
      log: deps.log,
      run: () =>
        pass({ ...deps, warn: (detail, message) => deps.log.warn(detail, message) }, everyMs),
    });
}
