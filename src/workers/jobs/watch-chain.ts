import { type WatchDeps, watchOnce } from "../../domain/crypto/watch-chain.ts";
import type { Log } from "../log.ts";
import { makePeriodicJob, type PeriodicJob } from "../periodic-job.ts";

/**
 * The chain watcher: pending Bitcoin charges are checked in the background, so charge.approved
 * fires without anyone polling the status. Charges a pass could not check (a source down) are
 * one warn line per pass; a pass that fails outright is the job's error line.
 */
export function makeWatchChainJob(
  deps: Omit<WatchDeps, "warn"> & { log: Log },
  everyMs: number,
): PeriodicJob {
  const { log } = deps;
  return makePeriodicJob({
    name: "chain watcher",
    everyMs,
    log,
    run: () => watchOnce({ ...deps, warn: (detail, message) => log.warn(detail, message) }),
  });
}
