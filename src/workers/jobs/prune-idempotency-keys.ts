import { KEY_RETENTION_MS, pruneKeys } from "../../db/queries/idempotency.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Log } from "../log.ts";
import { makePeriodicJob, type PeriodicJob } from "../periodic-job.ts";

/** Idempotency keys are kept 24 h; older ones are deleted every `everyMs` (catalog.ts: 10 min). */
export function makePruneIdempotencyKeysJob(
  deps: { db: Db; clock: Clock; log: Log },
  everyMs: number,
): PeriodicJob {
  return makePeriodicJob({
    name: "idempotency key pruning",
    everyMs,
    log: deps.log,
    run: () => pruneKeys(deps.db, new Date(deps.clock.now().getTime() - KEY_RETENTION_MS)),
  });
}
