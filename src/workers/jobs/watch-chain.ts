import { type WatchDeps, watchOnce } from "../../domain/crypto/watch-chain.ts";
import { makeWarningJob } from "../periodic-job.ts";

/**
 * The chain watcher: pending Bitcoin charges are checked in the background, so charge.approved
 * fires without anyone polling the status. Charges a pass could not check (a source down) are
 * one warn line per pass; a pass that fails outright is the job's error line.
 */
export const makeWatchChainJob = makeWarningJob<WatchDeps>("chain watcher", (deps) =>
  watchOnce(deps),
);
