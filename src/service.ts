import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyInstance } from "fastify";
import { makeEsploraSource } from "./bitcoin/esplora.ts";
import { makeQuoteService } from "./bitcoin/price-sources.ts";
import { type Config, secretKeyFor } from "./config.ts";
import { migrate } from "./db/migrate.ts";
import { openDb } from "./db/open-db.ts";
import { makeCreateWriter } from "./db/queries/insert-charges.ts";
import type { AppDeps } from "./deps.ts";
import { bootstrapIfEmpty, firstStartShown } from "./domain/first-start/bootstrap.ts";
import { makeMailSetup } from "./domain/notifications/mail-setup.ts";
import { makeNotificationFailed } from "./domain/notifications/notification-failed.ts";
import { renderMail } from "./domain/notifications/render/render-mail.ts";
import { makePspClients, type PspClientFactory } from "./domain/pix-psp-connection/clients.ts";
import { paymentOf } from "./domain/receipts/payment-of.ts";
import { receiptKeyFrom, receiptUrl } from "./domain/receipts/receipt-token.ts";
import { sandboxPixProvider } from "./domain/sandbox-pix/pix-provider.ts";
import { sandboxSubscriptionRail } from "./domain/subscriptions/rail.ts";
import { makeLiveSubscriptionRail } from "./domain/subscriptions-live/live-rail.ts";
import { makeSubscriptionSink } from "./domain/subscriptions-live/sink.ts";
import { makeAuthenticator } from "./domain/tokens/authenticate.ts";
import { buildApp } from "./http/app.ts";
import { type Clock, cryptoRandom, type Random, systemClock } from "./kernel/clock.ts";
import type { Db } from "./kernel/db.ts";
import { makeNodeFactory } from "./lightning/make-node.ts";
import { makeMetrics } from "./metrics/metrics.ts";
import type { LookupAll } from "./net/address-policy.ts";
import { makeSafeSender } from "./net/safe-fetch.ts";
import { makeBacenPixClient } from "./pix-psp/bacen-client.ts";
import { makeMemoryAttemptCounter, makeRedisAttemptCounter } from "./ratelimit/attempt-counter.ts";
import { makeFailOpenReport } from "./ratelimit/fail-open-report.ts";
import { makeMemoryRateLimiter, makeRedisRateLimiter } from "./ratelimit/rate-limiter.ts";
import { makePayloadSigner } from "./secrets/payload-signer.ts";
import { makeSecretBox } from "./secrets/secret-box.ts";
import { type Jobs, jobsRunningHere, makeJobs } from "./workers/catalog.ts";
import { makeMailPass } from "./workers/mail-worker.ts";

export type Service = {
  app: FastifyInstance;
  deps: AppDeps;
  /** The webhook delivery worker (tests run it by hand when workers are off). */
  worker: Jobs["webhookDelivery"];
  /** Lightning settlements: node streams and the periodic check of open invoices. */
  lightningWorker: Jobs["lightningSettlements"];
  /** Payers' mail: the outbox's worker (tests run it by hand when workers are off). */
  mailWorker: Jobs["mailDelivery"];
  /** The token made on an empty store, once; undefined on every later start. */
  bootstrapToken: string | undefined;
  /** The code of the dashboard's first-user link made on an empty store, once (/dashboard/setup). */
  bootstrapSetupCode: string | undefined;
  /** The start printed the token and link above: a later start has nothing to show again. */
  firstStartShown(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Wires the service from its configuration: database (migrated), bootstrap account, token
 * authentication, rate limiting, HTTP app and background jobs. It does not listen; callers (the
 * server, tests, the benchmark) decide how to expose the app.
 */
export async function createService(
  config: Config,
  opts: {
    clock?: Clock;
    random?: Random;
    db?: Db;
    logger?: boolean;
    /** Where log lines go instead of stdout (tests read them). */
    logStream?: { write(line: string): void };
    /** Extra trusted CA for webhook receivers (tests with a self-signed certificate). */
    webhookCa?: string | Buffer;
    lookup?: LookupAll;
    /** Called before the embedded store is created on a new data directory (it takes a while). */
    onNewDataDir?: () => void;
    /** Tests: a response field its schema lacks is an error, not dropped. */
    strictResponses?: boolean;
    /** How live PIX clients are made (tests: shorter timeouts against the PSP peer). */
    makePspClient?: PspClientFactory;
    /**
     * `npm start` on the embedded store: a first-start token and setup link made by a start that
     * died before printing them are replaced by a fresh pair to print (first-start/bootstrap.ts).
     */
    reissueUnseenFirstStart?: boolean;
  } = {},
): Promise<Service> {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? cryptoRandom;
  // Before anything is written: a start refused for want of a key must not have created the
  // first account and printed-once sandbox token that a later start would then never show.
  const secretKey = secretKeyFor(config);
  const db =
    opts.db ??
    (await openDb(config.database, { holder: "tostao server", onNewDataDir: opts.onNewDataDir }));
  await migrate(db);
  const boot = await bootstrapIfEmpty(
    { db, clock, random },
    { reissueUnseen: opts.reissueUnseenFirstStart === true },
  );

  const authenticator = makeAuthenticator({ db, clock });
  const clockMs = () => clock.now().getTime();
  const metrics = makeMetrics({ db, clock });
  // The limiter's fail-open warning needs the app's logger, which exists only once the app does.
  let warn: (detail: Record<string, unknown>, message: string) => void = () => {};
  // A Redis outage: counted, and warned about through that logger (at most so often).
  const redisDown = (message?: string) =>
    makeFailOpenReport({
      warn: (detail, text) => warn(detail, text),
      count: metrics.rateLimiterFailed,
      now: clockMs,
      ...(message === undefined ? {} : { message }),
    });
  const rateLimiter = config.redisUrl
    ? makeRedisRateLimiter(config.redisUrl, { onFailOpen: redisDown(), now: clockMs })
    : makeMemoryRateLimiter(clockMs);
  // Sign-in attempts: shared through Redis too, but counted in this process when Redis is down
  // (guessing passwords must not go unlimited during an outage).
  const signInAttempts = config.redisUrl
    ? makeRedisAttemptCounter(config.redisUrl, {
        onFallback: redisDown(
          "sign-in attempt counter unavailable (Redis): attempts are counted in this process",
        ),
      })
    : makeMemoryAttemptCounter(clockMs);
  const secretBox = makeSecretBox(secretKey);
  // One client per account with a live PSP connection, reused across requests (mTLS pool, token).
  // The PSP's hosts follow the webhook address policy: public addresses only, loopback and
  // private names only when TOSTAO_WEBHOOK_ALLOW_HOSTS lists them (dev and tests).
  const pspAddressPolicy = { allowHosts: config.webhookAllowHosts };
  const makePspClient: PspClientFactory =
    opts.makePspClient ??
    ((creds) => makeBacenPixClient(creds, { clock, addressPolicy: pspAddressPolicy }));
  const pspClients = makePspClients({ secretBox, makeClient: makePspClient, clock, db });
  // New charges and live cobs' journal rows share one group commit (decision 0002).
  const { writeCharge, openCobAttempt } = makeCreateWriter(db, {
    // PGlite is one connection: a second statement in flight would only wait for the first.
    maxInFlight: db.kind === "pglite" ? 1 : config.chargeWrites.concurrency,
    maxBatch: config.chargeWrites.maxBatch,
    overlapAt: Math.max(1, Math.floor(config.chargeWrites.maxBatch / 2)),
  });
  const deps: AppDeps = {
    config,
    db,
    writeCharge,
    openCobAttempt,
    clock,
    random,
    authenticator,
    rateLimiter,
    signInAttempts,
    pixProviders: { test: sandboxPixProvider, live: pspClients },
    // Live subscriptions: each account's PSP through Pix Automático (subscriptions-live/).
    subscriptionRails: {
      test: sandboxSubscriptionRail,
      live: makeLiveSubscriptionRail({ db, pspClients, clock }),
    },
    makePspClient,
    pspClients,
    baseUrl: config.baseUrl,
    maxChargeCents: config.maxChargeCents,
    secretBox,
    receiptKey: receiptKeyFrom(secretKey),
    payloadSigner: makePayloadSigner(secretKey),
    crypto: {
      quotes: makeQuoteService({
        sources: config.bitcoin.priceUrls,
        now: clockMs,
        ...(config.bitcoin.fixedBrlPerBtc ? { fixedBrlPerBtc: config.bitcoin.fixedBrlPerBtc } : {}),
      }),
      chainSources: {
        mainnet: makeEsploraSource({ baseUrl: config.bitcoin.esploraUrls.mainnet, now: clockMs }),
        testnet: makeEsploraSource({ baseUrl: config.bitcoin.esploraUrls.testnet, now: clockMs }),
        signet: makeEsploraSource({ baseUrl: config.bitcoin.esploraUrls.signet, now: clockMs }),
      },
      confirmations: config.bitcoin.confirmations,
      lateWindowMs: 24 * 3_600_000,
      expiresMinutes: config.bitcoin.expiresMinutes,
      testNetwork: config.bitcoin.sandboxNetwork,
      quoteValidMs: 30_000,
    },
    urlPolicy: { allowHosts: config.webhookAllowHosts },
    lightning: {
      makeNode: makeNodeFactory({
        policy: { allowHosts: config.webhookAllowHosts },
        timeoutMs: config.lightning.timeoutMs,
      }),
      createTimeoutMs: config.lightning.timeoutMs,
      // The sandbox's node key, derived from the service key: simulated invoices are signed by
      // the service, the same key on every instance.
      sandboxKey: createHash("sha256")
        .update("tostao sandbox lightning node")
        .update(secretKey)
        .digest(),
    },
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
    tally: metrics,
    strictPayloads: opts.strictResponses === true,
  };
  // Payers' mail (docs/notifications.md): a relay per mode, the links' keys, one attempt's deps.
  const mail = makeMailSetup({
    config,
    db,
    clock,
    random,
    secretKey,
    render: renderMail,
    receiptUrl: (base, chargeId) => receiptUrl(base, deps.receiptKey, chargeId),
    paymentOf: (row) => paymentOf(db, row),
  });
  deps.mail = mail;
  // A mail failed for good: a notification.failed event (and its webhook deliveries).
  deps.mailFailed = makeNotificationFailed(deps);
  // Confirmed Pix Automático notifications move subscriptions through this (notify.ts).
  const recurrenceSink = makeSubscriptionSink(deps, () => config.baseUrl ?? "");
  deps.recurrenceSink = recurrenceSink;
  const app = buildApp(deps, {
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    metrics,
    strictResponses: opts.strictResponses === true,
  });
  // Loads the routes (added in a plugin after the OpenAPI generator), so the route table is full.
  await app.ready();
  warn = (detail, message) => app.log.warn(detail, message);
  // A tool that throws unexpectedly answers "internal error"; the cause goes to the log, as an
  // HTTP route's does.
  deps.onToolError = (err) => app.log.error({ err }, "MCP tool failed");

  const log = app.log;
  const sender = makeSafeSender({
    allowHosts: config.webhookAllowHosts,
    timeoutMs: config.webhook.timeoutMs,
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
    ...(opts.webhookCa ? { ca: opts.webhookCa } : {}),
  });
  // The background jobs (workers/catalog.ts): all made, those that run in this instance started
  // (the catalogue says which: every instance, or only where TOSTAO_WORKERS is on).
  const jobs = makeJobs({
    service: deps,
    recurrenceSink,
    log,
    sender,
    workerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    onDeliveriesRecorded: metrics.deliveryAttempts,
  });
  for (const name of jobsRunningHere(config)) await jobs[name].start();
  // The sandbox test clock's advance sends each day's mail before the next day (mail-worker.ts).
  deps.mailPass = makeMailPass(
    { ...mail.send, log, ...(deps.mailFailed ? { onFailed: deps.mailFailed } : {}) },
    `${hostname()}:${process.pid}:test-clock`,
  );

  return {
    app,
    deps,
    worker: jobs.webhookDelivery,
    bootstrapToken: boot?.token,
    bootstrapSetupCode: boot?.setupCode,
    async firstStartShown() {
      if (boot) await firstStartShown(db, boot.accountId);
    },
    lightningWorker: jobs.lightningSettlements,
    mailWorker: jobs.mailDelivery,
    async close() {
      await Promise.all(Object.values(jobs).map((job) => job.stop()));
      await sender.close();
      mail.close();
      await pspClients.close();
      await app.close();
      await authenticator.close();
      await rateLimiter.close();
      await signInAttempts.close();
      await db.close();
    },
  };
}
