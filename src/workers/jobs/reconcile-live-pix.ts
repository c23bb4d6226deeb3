import { type ReconcileDeps, reconcileLivePix } from "../../domain/live-pix/live-reconcile.ts";
import { makeWarningJob } from "../periodic-job.ts";

/**
 * Live PIX reconciliation (TOSTAO_PIX_RECONCILE_SECONDS): every instance asks the merchants'
 * PSPs about pending live charges and refunds in progress, so a notification that never came
 * delays an approval by at most one interval, and removes cobs whose charge was never stored.
 * Rows are claimed with SKIP LOCKED, so instances share the work rather than repeat it.
 */
export const makeReconcileLivePixJob = makeWarningJob<ReconcileDeps>(
  "pix reconciliation",
  (deps, everyMs) =>
    reconcileLivePix(deps, {
      intervalMs: everyMs,
      // A cob attempt is swept after two intervals: time for the caller's own retry first.
      attemptGraceMs: Math.max(2 * everyMs, 10_000),
    }),
);
