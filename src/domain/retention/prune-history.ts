import {
  countPrunable,
  type PruneCounts,
  type PruneTable,
  pruneBatch,
} from "../../db/queries/retention.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { idPrefixAt } from "../ids.ts";

// Retention: history older than TOSTAO_RETENTION_DAYS goes, so the tables that grow with every
// charge (events, webhook deliveries and their attempts) stop growing once the window is full.
// Charges are the merchant's money records and are never pruned; a charge whose events are gone
// still answers its status, list and page (its state is on its own row).

const DAY_MS = 86_400_000;

export type RetentionDeps = { db: Db; clock: Clock };

/** The instant before which history is pruned. */
export function retentionCut(clock: Clock, days: number): Date {
  return new Date(clock.now().getTime() - days * DAY_MS);
}

// Deliveries before events: an event is kept while a delivery points at it.
const ORDER: PruneTable[] = ["deliveries", "events", "idempotency_keys", "dashboard_sessions"];

/**
 * One retention pass: each table in batches of `batch` rows (one short transaction each) until a
 * batch finds nothing older than the cut, or `budgetMs` has passed (the next pass carries on).
 */
export async function pruneHistory(
  deps: RetentionDeps,
  o: { days: number; batch?: number; budgetMs?: number },
): Promise<PruneCounts & { finished: boolean }> {
  const cut = retentionCut(deps.clock, o.days);
  const eventIdCut = idPrefixAt("evt", cut);
  const batch = o.batch ?? 500;
  const budgetMs = o.budgetMs ?? 60_000;
  const started = performance.now();
  const counts = {
    finished: false,
    events: 0,
    deliveries: 0,
    delivery_attempts: 0,
    idempotency_keys: 0,
    dashboard_sessions: 0,
  };
  for (const table of ORDER) {
    for (;;) {
      const { n, attempts } = await pruneBatch(deps.db, table, { cut, batch, eventIdCut });
      counts[table] += n;
      counts.delivery_attempts += attempts;
      if (n === 0) break;
      if (performance.now() - started >= budgetMs) return counts;
    }
  }
  counts.finished = true;
  return counts;
}

/** What a pass would remove now, per table, without removing anything. */
export function prunePreview(deps: RetentionDeps, o: { days: number }): Promise<PruneCounts> {
  return countPrunable(deps.db, retentionCut(deps.clock, o.days));
}
