import { pruneHistory } from "../../domain/retention/prune-history.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Log } from "../log.ts";
import { makePeriodicJob, type PeriodicJob } from "../periodic-job.ts";

// A pass stops after this long, so a shutdown's wait for the pass in flight (5 s) covers it; a
// pass cut short is followed by another at the next tick, not an interval later, so a large
// backlog (retention turned on over years of history) drains at the database's pace.
const PASS_BUDGET_MS = 4_000;
const TICK_MS = 10_000;

/**
 * Retention (TOSTAO_RETENTION_DAYS, every TOSTAO_RETENTION_INTERVAL_SECONDS): events, webhook
 * deliveries and their attempts, idempotency records and ended dashboard sessions older than the
 * window are deleted in small batches. Safe in several instances at once (SKIP LOCKED).
 */
export function makePruneHistoryJob(
  deps: { db: Db; clock: Clock; log: Log },
  retention: { days: number; intervalMs: number },
): PeriodicJob {
  let nextAt = 0;
  return makePeriodicJob({
    name: "retention",
    everyMs: Math.min(retention.intervalMs, TICK_MS),
    log: deps.log,
    run: async () => {
      const now = deps.clock.now().getTime();
      if (now < nextAt) return;
      const { finished, ...removed } = await pruneHistory(deps, {
        days: retention.days,
        budgetMs: PASS_BUDGET_MS,
      });
      nextAt = finished ? now + retention.intervalMs : 0;
      if (Object.values(removed).some((n) => n > 0)) {
        deps.log.debug({ job: "retention", days: retention.days, removed }, "retention: pruned");
      }
    },
  });
}
