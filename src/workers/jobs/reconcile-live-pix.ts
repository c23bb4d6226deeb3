import { type ReconcileDeps, reconcileLivePix } from "../../domain/live-pix/live-reconcile.ts";
import type { Log } from "../log.ts";
import { makePeriodicJob, type PeriodicJob } from "../periodic-job.ts";

/**
 * Live PIX reconciliation (TOSTAO_PIX_RECONCILE_SECONDS): every instance asks the merchants'
 * PSPs about pending live charges and refunds in progress, so a notification that never came
 * delays an approval by at most one interval, and removes cobs whose charge was never stored.
 * Rows are claimed with SKIP LOCKED, so instances share the work rather than repeat it.
 */
export function makeReconcileLivePixJob(
  deps: Omit<ReconcileDeps, "warn"> & { log: Log },
  everyMs: number,
): PeriodicJob {
  const { log } = deps;
  return makePeriodicJob({
    name: "pix reconciliation",
    everyMs,
    log,
    run: () =>
      reconcileLivePix(
        { ...deps, warn: (detail, message) => log.warn(detail, message) },
        // A cob attempt is swept after two intervals: time for the caller's own retry first.
        { intervalMs: everyMs, attemptGraceMs: Math.max(2 * everyMs, 10_000) },
      ),
  });
}
