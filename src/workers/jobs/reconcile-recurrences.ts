import {
  type RecurrenceReconcileDeps,
  reconcileRecurrences,
} from "../../domain/subscriptions-live/reconcile.ts";
import { makeWarningJob } from "../periodic-job.ts";

/**
 * Pix Automático reconciliation, beside the live PIX one and on its interval
 * (TOSTAO_PIX_RECONCILE_SECONDS): every instance asks the merchants' PSPs about live recs and
 * periods' cobrs whose notification may have been lost, each row on its own back-off
 * (domain/subscriptions-live/reconcile.ts). Rows are claimed with SKIP LOCKED, so instances
 * share the work rather than repeat it.
 */
export const makeReconcileRecurrencesJob = makeWarningJob<RecurrenceReconcileDeps>(
  "pix automatico reconciliation",
  (deps) => reconcileRecurrences(deps),
);
