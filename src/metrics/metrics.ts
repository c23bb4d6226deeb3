import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { readBacklog } from "../db/queries/backlog.ts";
import type { Tally } from "../domain/tally.ts";
import type { Clock } from "../kernel/clock.ts";
import type { Db } from "../kernel/db.ts";
import type { Mode } from "../kernel/mode.ts";

// The service's Prometheus metrics. Each service has its own Registry (several services run in
// one test process, and prom-client's global registry would mix them). Counters move where things
// happen; what lives in the database (the delivery backlog, the jobs' lag) and the pool's state
// are read when /metrics is scraped, so nothing polls in between.

/** How a recorded delivery attempt ended: delivered, to be retried, or given up. */
export type AttemptOutcome = "succeeded" | "pending" | "failed";

export type Metrics = Tally & {
  /** One answered request: its route pattern (never the URL), status and duration. */
  request(method: string, route: string, status: number, ms: number): void;
  /** Delivery attempts as the worker recorded them. */
  deliveryAttempts(outcomes: readonly { status: AttemptOutcome }[]): void;
  /** The rate limiter could not answer and let a request through (fail open). */
  rateLimiterFailed(): void;
  /** The Prometheus text exposition, with the database-backed gauges read now. */
  render(): Promise<string>;
  readonly contentType: string;
};

// Seconds; the API answers in a few ms, webhook-free, so the low end is fine-grained.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const OUTCOME_LABEL = { succeeded: "succeeded", pending: "retrying", failed: "failed" } as const;

export function makeMetrics(deps: { db: Db; clock: Clock }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: "tostao_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const latency = new Histogram({
    name: "tostao_http_request_duration_seconds",
    help: "Time from a request's arrival to its response, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const created = new Counter({
    name: "tostao_charges_created_total",
    help: "Charges created, by kind (pix, crypto) and mode (test, live)",
    labelNames: ["kind", "mode"] as const,
    registers,
  });
  const paid = new Counter({
    name: "tostao_charges_paid_total",
    help: "Charges that moved to approved, by kind (pix, crypto) and mode (test, live)",
    labelNames: ["kind", "mode"] as const,
    registers,
  });
  const attempts = new Counter({
    name: "tostao_webhook_attempts_total",
    help: "Webhook delivery attempts recorded by this process, by outcome: succeeded, retrying (failed, will be retried) or failed (failed, given up)",
    labelNames: ["outcome"] as const,
    registers,
  });
  const notificationFailures = new Counter({
    name: "tostao_psp_notification_failures_total",
    help: "PSP payment notifications answered 5xx (the database or a bug): the PSP retries them",
    registers,
  });
  const limiterFailures = new Counter({
    name: "tostao_rate_limiter_failures_total",
    help: "Requests let through because the rate limiter (Redis) could not answer",
    registers,
  });
  const pending = new Gauge({
    name: "tostao_webhook_deliveries_pending",
    help: "Webhook deliveries not yet delivered nor given up (all instances)",
    registers,
  });
  const oldest = new Gauge({
    name: "tostao_webhook_oldest_pending_seconds",
    help: "Age of the oldest pending webhook delivery",
    registers,
  });
  const lag = new Gauge({
    name: "tostao_job_lag_seconds",
    help: "How long the most overdue piece of work of a background job has waited past its due time (webhook_delivery, charge_expiry)",
    labelNames: ["job"] as const,
    registers,
  });
  const pool = new Gauge({
    name: "tostao_db_pool_connections",
    help: "Database connections: total open, idle, and callers waiting for one (embedded PGlite: one connection)",
    labelNames: ["state"] as const,
    registers,
  });

  // Every known series starts at 0, so rate() and alerts see it before its first event.
  for (const kind of ["pix", "crypto"]) {
    for (const mode of ["test", "live"]) {
      created.labels(kind, mode).inc(0);
      paid.labels(kind, mode).inc(0);
    }
  }
  for (const outcome of Object.values(OUTCOME_LABEL)) attempts.labels(outcome).inc(0);

  // One labelled child per (method, route, status), found by one string key instead of
  // prom-client's label validation and hashing on every request.
  const children = new Map<string, { inc(): void; observe(s: number): void }>();
  const childFor = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      const labels = [method, route, String(status)];
      const c = requests.labels(...labels);
      const h = latency.labels(...labels);
      child = { inc: () => c.inc(), observe: (s) => h.observe(s) };
      children.set(key, child);
    }
    return child;
  };

  return {
    contentType: registry.contentType,
    request(method, route, status, ms) {
      const child = childFor(method, route, status);
      child.inc();
      child.observe(ms / 1000);
    },
    chargeCreated(kind, mode: Mode) {
      created.labels(kind, mode).inc();
    },
    chargePaid(kind, mode: Mode) {
      paid.labels(kind, mode).inc();
    },
    pspNotificationFailed() {
      notificationFailures.inc();
    },
    deliveryAttempts(outcomes) {
      for (const o of outcomes) attempts.labels(OUTCOME_LABEL[o.status]).inc();
    },
    rateLimiterFailed() {
      limiterFailures.inc();
    },
    async render() {
      try {
        const b = await readBacklog(deps.db, deps.clock.now());
        pending.set(b.deliveriesPending);
        oldest.set(b.oldestPendingDeliveryS);
        lag.labels("webhook_delivery").set(b.deliveryLagS);
        lag.labels("charge_expiry").set(b.expiryLagS);
      } catch {
        // The database cannot answer: the backlog is unknown (NaN), not its last value, and the
        // rest of the exposition still goes out (readiness reports the database itself).
        pending.set(Number.NaN);
        oldest.set(Number.NaN);
        lag.labels("webhook_delivery").set(Number.NaN);
        lag.labels("charge_expiry").set(Number.NaN);
      }
      // Embedded PGlite is one connection, always open.
      if (deps.db.kind === "pglite") pool.labels("total").set(1);
      const stats = deps.db.poolStats?.();
      if (stats) {
        pool.labels("total").set(stats.total);
        pool.labels("idle").set(stats.idle);
        pool.labels("waiting").set(stats.waiting);
      }
      return registry.metrics();
    },
  };
}
