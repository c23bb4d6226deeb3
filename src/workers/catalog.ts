import type { Config } from "../config.ts";
import type { AttemptOutcome } from "../db/queries/deliveries/record-attempts.ts";
import type { AppDeps } from "../deps.ts";
import type { RecurrenceSink } from "../domain/subscriptions-live/notify.ts";
import type { SafeSender } from "../net/safe-fetch.ts";
import { makeDeliveryWorker } from "./delivery-worker.ts";
import { makeBillSubscriptionsJob } from "./jobs/bill-subscriptions.ts";
import { makeExpireChargesJob, makeExpireLivePixJob } from "./jobs/expire-charges.ts";
import { makePruneHistoryJob } from "./jobs/prune-history.ts";
import { makePruneIdempotencyKeysJob } from "./jobs/prune-idempotency-keys.ts";
import { makeReconcileLivePixJob } from "./jobs/reconcile-live-pix.ts";
import { makeReconcileRecurrencesJob } from "./jobs/reconcile-recurrences.ts";
import { makeWatchChainJob } from "./jobs/watch-chain.ts";
import { makeLightningWorker } from "./lightning-settlements.ts";
import type { Log } from "./log.ts";
import { makeMailWorker } from "./mail-worker.ts";

// Every background job of the service, each once: its name, where it runs, its interval and how
// it is made (its options passed in at construction, read from the configuration). service.ts
// makes them all, starts those that run in its instance (runsHere, the one place of that rule)
// in this order, and stops them all together at shutdown, before the webhook sender, the PSP
// clients and the database close.

/**
 * Where a job runs: in every instance, or only where workers run (`TOSTAO_WORKERS`, on unless
 * `false`). The every-instance jobs keep live PIX reconciliation and billing going in a fleet
 * whose workers are elsewhere; their claims skip locked rows, so instances share the work.
 */
export type RunsIn = "every instance" | "workers";

/** What the service does with a job: start it where it runs, stop it at shutdown. */
export type Job = { start(): void | Promise<void>; stop(): Promise<void> };

/** What the jobs are made from: the service's deps and what only the background needs. */
export type JobDeps = {
  service: AppDeps;
  /** Where confirmed Pix Automático facts land (the same sink as the notifications'). */
  recurrenceSink: RecurrenceSink;
  log: Log;
  /** The webhook sender (SSRF-safe), which the service closes once every job has stopped. */
  sender: SafeSender;
  /** This process among the delivery workers (host, pid, a random tail). */
  workerId: string;
  /** Delivery attempts once recorded (metrics). */
  onDeliveriesRecorded?: (batch: readonly AttemptOutcome[]) => void;
};

export type CatalogEntry<J extends Job = Job> = {
  /** The name its log lines carry. */
  name: string;
  runsIn: RunsIn;
  /**
   * How often it runs, in milliseconds, from the configuration. For the delivery worker, the
   * longest sleep when nothing is due (NOTIFY wakes it); for the Lightning worker, the check of
   * open invoices (its nodes' invoice streams approve at once).
   */
  everyMs: (config: Config) => number;
  make: (deps: JobDeps, everyMs: number) => J;
};

const entry = <J extends Job>(e: CatalogEntry<J>): CatalogEntry<J> => e;

/** The jobs, in the order they start. */
export const CATALOG = {
  idempotencyKeys: entry({
    name: "idempotency key pruning",
    runsIn: "every instance",
    everyMs: () => 10 * 60_000,
    make: ({ service: s, log }, everyMs) =>
      makePruneIdempotencyKeysJob({ db: s.db, clock: s.clock, log }, everyMs),
  }),
  pixReconciliation: entry({
    name: "pix reconciliation",
    runsIn: "every instance",
    everyMs: (c) => c.pixReconcileMs,
    make: ({ service: s, log }, everyMs) =>
      makeReconcileLivePixJob(
        {
          db: s.db,
          clock: s.clock,
          random: s.random,
          pspClients: s.pspClients,
          tally: s.tally,
          log,
        },
        everyMs,
      ),
  }),
  recurrenceReconciliation: entry({
    name: "pix automatico reconciliation",
    runsIn: "every instance",
    everyMs: (c) => c.pixReconcileMs,
    make: ({ service: s, recurrenceSink, log }, everyMs) =>
      makeReconcileRecurrencesJob(
        { db: s.db, clock: s.clock, pspClients: s.pspClients, recurrenceSink, log },
        everyMs,
      ),
  }),
  subscriptionBilling: entry({
    name: "subscription billing",
    runsIn: "every instance",
    everyMs: (c) => c.billingIntervalMs,
    make: ({ service, log }, everyMs) => makeBillSubscriptionsJob({ ...service, log }, everyMs),
  }),
  chargeExpiry: entry({
    name: "charge expiry",
    runsIn: "workers",
    everyMs: (c) => c.expiryIntervalMs,
    make: ({ service: s, log }, everyMs) =>
      makeExpireChargesJob({ db: s.db, clock: s.clock, random: s.random, log }, everyMs),
  }),
  livePixExpiry: entry({
    name: "live pix expiry",
    runsIn: "workers",
    everyMs: (c) => c.expiryIntervalMs,
    make: ({ service: s, log }, everyMs) =>
      makeExpireLivePixJob(
        { db: s.db, clock: s.clock, random: s.random, log, pspClients: s.pspClients },
        everyMs,
      ),
  }),
  retention: entry({
    name: "retention",
    runsIn: "workers",
    everyMs: (c) => c.retention.intervalMs,
    make: ({ service: s, log }, everyMs) =>
      makePruneHistoryJob(
        { db: s.db, clock: s.clock, log },
        { days: s.config.retention.days, intervalMs: everyMs },
      ),
  }),
  chainWatcher: entry({
    name: "chain watcher",
    runsIn: "workers",
    everyMs: (c) => c.bitcoin.pollMs,
    make: ({ service: s, log }, everyMs) =>
      makeWatchChainJob(
        {
          db: s.db,
          clock: s.clock,
          random: s.random,
          ...s.crypto,
          log,
          strictPayloads: s.strictPayloads,
        },
        everyMs,
      ),
  }),
  webhookDelivery: entry({
    name: "webhook delivery",
    runsIn: "workers",
    everyMs: () => 5_000,
    make: ({ service: s, log, sender, workerId, onDeliveriesRecorded }, everyMs) =>
      makeDeliveryWorker(
        {
          db: s.db,
          clock: s.clock,
          random: s.random,
          secretBox: s.secretBox,
          sender,
          log,
          ...(onDeliveriesRecorded ? { onRecorded: onDeliveriesRecorded } : {}),
        },
        {
          workerId,
          concurrency: s.config.webhook.concurrency,
          perWebhook: s.config.webhook.perEndpoint,
          lockMs: s.config.webhook.timeoutMs + 5_000,
          idlePollMs: everyMs,
        },
      ),
  }),
  mailDelivery: entry({
    name: "mail delivery",
    runsIn: "workers",
    everyMs: () => 5_000,
    make: ({ service: s, log, workerId }, everyMs) =>
      makeMailWorker(
        { ...mailSendDeps(s), log, ...(s.mailFailed ? { onFailed: s.mailFailed } : {}) },
        {
          workerId,
          concurrency: s.config.mail.concurrency,
          // Longer than a send can take (connect, TLS, AUTH and DATA, each bounded at 10-30 s).
          lockMs: 120_000,
          idlePollMs: everyMs,
        },
      ),
  }),
  lightningSettlements: entry({
    name: "lightning settlements",
    runsIn: "workers",
    everyMs: (c) => c.lightning.checkMs,
    make: ({ service: s, log }, everyMs) =>
      makeLightningWorker(
        {
          db: s.db,
          clock: s.clock,
          random: s.random,
          secretBox: s.secretBox,
          lightning: s.lightning,
          chainSources: s.crypto.chainSources,
          lateWindowMs: s.crypto.lateWindowMs,
          tally: s.tally,
          strictPayloads: s.strictPayloads === true,
          log,
        },
        { checkEveryMs: everyMs },
      ),
  }),
};

export type JobName = keyof typeof CATALOG;

/** Each job of the catalogue, made (not started), by its key. */
export type Jobs = { [K in JobName]: ReturnType<(typeof CATALOG)[K]["make"]> };

/** The one rule of where a job runs: every instance, or only where workers run. */
export function runsHere(runsIn: RunsIn, config: Pick<Config, "runWorkers">): boolean {
  return runsIn === "every instance" || config.runWorkers;
}

/** The jobs this instance starts, in the catalogue's order. */
export function jobsRunningHere(config: Pick<Config, "runWorkers">): JobName[] {
  return jobNames().filter((name) => runsHere(CATALOG[name].runsIn, config));
}

/**
 * Makes every job of the catalogue, each with its interval from the configuration. All are made,
 * started or not: a test runs a pass of one by hand in a service whose workers are off.
 */
export function makeJobs(deps: JobDeps): Jobs {
  const made = Object.fromEntries(
    jobNames().map((name) => {
      const e: CatalogEntry = CATALOG[name];
      return [name, e.make(deps, e.everyMs(deps.service.config))];
    }),
  );
  return made as Jobs;
}

/** The service's mail deps; a service made without mail (some tests) has none to send with. */
function mailSendDeps(s: AppDeps) {
  if (!s.mail) throw new Error("the mail worker needs the service's mail setup (AppDeps.mail)");
  return s.mail.send;
}

function jobNames(): JobName[] {
  return Object.keys(CATALOG) as JobName[];
}
