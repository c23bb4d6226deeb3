import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyInstance } from "fastify";
import { makeEsploraSource } from "./bitcoin/esplora.ts";
import { makeQuoteService } from "./bitcoin/price-sources.ts";
import { type Config, ConfigError } from "./config.ts";
import type { Db } from "./db/db.ts";
import { migrate } from "./db/migrate.ts";
import { openDb } from "./db/open-db.ts";
import { DELIVERY_CHANNEL } from "./db/queries/events.ts";
import { KEY_RETENTION_MS, pruneKeys } from "./db/queries/idempotency.ts";
import { makeChargeWriter } from "./db/queries/insert-charges.ts";
import { bootstrapIfEmpty } from "./domain/accounts/bootstrap.ts";
import { expireOverdueCharges } from "./domain/charges/move-charge.ts";
import { sandboxPixProvider } from "./domain/charges/pix-provider.ts";
import { watchOnce } from "./domain/crypto/watch-chain.ts";
import { type Clock, cryptoRandom, type Random, systemClock } from "./domain/deps.ts";
import { makeAuthenticator } from "./domain/tokens/authenticate.ts";
import { buildApp } from "./http/app.ts";
import type { AppDeps } from "./http/app-deps.ts";
import type { LookupAll } from "./net/address-policy.ts";
import { makeSafeSender } from "./net/safe-fetch.ts";
import { makeMemoryRateLimiter, makeRedisRateLimiter } from "./ratelimit/rate-limiter.ts";
import { loadOrCreateKeyFile } from "./secrets/key-file.ts";
import { makeSecretBox } from "./secrets/secret-box.ts";
import { type DeliveryWorker, makeDeliveryWorker } from "./workers/delivery-worker.ts";

export type Service = {
  app: FastifyInstance;
  deps: AppDeps;
  worker: DeliveryWorker;
  /** The token made on an empty store, once; undefined on every later start. */
  bootstrapToken: string | undefined;
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
    /** Extra trusted CA for webhook receivers (tests with a self-signed certificate). */
    webhookCa?: string | Buffer;
    lookup?: LookupAll;
  } = {},
): Promise<Service> {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? cryptoRandom;
  // Before anything is written: a start refused for want of a key must not have created the
  // first account and printed-once sandbox token that a later start would then never show.
  const secretKey = secretKeyFor(config);
  const db = opts.db ?? (await openDb(config.database));
  await migrate(db);
  const boot = await bootstrapIfEmpty({ db, clock, random });

  const authenticator = makeAuthenticator({ db, clock });
  const clockMs = () => clock.now().getTime();
  const rateLimiter = config.redisUrl
    ? makeRedisRateLimiter(config.redisUrl)
    : makeMemoryRateLimiter();
  const deps: AppDeps = {
    config,
    db,
    // PGlite is one connection: a second statement in flight would only wait for the first.
    writeCharge: makeChargeWriter(db, {
      maxInFlight: db.kind === "pglite" ? 1 : config.chargeWrites.concurrency,
      maxBatch: config.chargeWrites.maxBatch,
      overlapAt: Math.max(1, Math.floor(config.chargeWrites.maxBatch / 2)),
    }),
    clock,
    random,
    authenticator,
    rateLimiter,
    pixProviders: { test: sandboxPixProvider, live: undefined },
    maxChargeCents: config.maxChargeCents,
    secretBox: makeSecretBox(secretKey),
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
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
  };
  const app = buildApp(deps, {
    logger: opts.logger === false ? false : { level: config.logLevel },
  });
  // A tool that throws unexpectedly answers "internal error"; the cause goes to the log, as an
  // HTTP route's does.
  deps.onToolError = (err) => app.log.error({ err }, "MCP tool failed");

  // A periodic job that never keeps the process alive and logs its failures.
  const every = (ms: number, what: string, job: () => Promise<unknown>) => {
    const t = setInterval(
      () => void job().catch((err: unknown) => app.log.error({ err }, `${what} failed`)),
      ms,
    );
    t.unref();
    return t;
  };
  // Idempotency keys are kept 24 h; older ones are deleted in the background.
  const prune = every(10 * 60_000, "idempotency key pruning", () =>
    pruneKeys(db, new Date(clock.now().getTime() - KEY_RETENTION_MS)),
  );
  // Overdue pending charges move to expired (with charge.declined) in the background too, so
  // webhooks fire without anyone reading the charge. Every instance with workers runs it; SKIP
  // LOCKED keeps each charge to one of them.
  const expiry = config.runWorkers
    ? every(config.expiryIntervalMs, "expiry job", () =>
        Promise.all([
          expireOverdueCharges(deps, { method: "pix" }),
          expireOverdueCharges(deps, { method: "crypto" }),
        ]),
      )
    : undefined;

  const sender = makeSafeSender({
    allowHosts: config.webhookAllowHosts,
    timeoutMs: config.webhook.timeoutMs,
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
    ...(opts.webhookCa ? { ca: opts.webhookCa } : {}),
  });
  const worker = makeDeliveryWorker(
    {
      db,
      clock,
      random,
      secretBox: deps.secretBox,
      sender,
      onError: (err) => app.log.error({ err }, "webhook delivery failed"),
    },
    {
      workerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      concurrency: config.webhook.concurrency,
      perWebhook: config.webhook.perEndpoint,
      lockMs: config.webhook.timeoutMs + 5_000,
      idlePollMs: 5_000,
    },
  );
  // The chain watcher: pending crypto charges are checked in the background, so charge.approved
  // fires without anyone polling the status.
  const watcher = config.runWorkers
    ? every(config.bitcoin.pollMs, "chain watcher", () =>
        watchOnce({
          ...deps,
          ...deps.crypto,
          warn: (detail, message) => app.log.warn(detail, message),
        }),
      )
    : undefined;
  let unlisten: (() => Promise<void>) | undefined;
  if (config.runWorkers) {
    unlisten = await db.listen(DELIVERY_CHANNEL, () => worker.wake());
    worker.wake();
  }

  return {
    app,
    deps,
    worker,
    bootstrapToken: boot?.token,
    async close() {
      clearInterval(prune);
      clearInterval(expiry);
      clearInterval(watcher);
      await unlisten?.();
      await worker.stop();
      await sender.close();
      await app.close();
      await authenticator.close();
      await rateLimiter.close();
      await db.close();
    },
  };
}

/**
 * The key that encrypts webhook secrets: TOSTAO_SECRET_KEY, or on embedded PGlite a key file made
 * once in the data directory. On PostgreSQL several instances (maybe on several machines) must
 * share one key, so it has to be configured.
 */
function secretKeyFor(config: Config): Buffer {
  if (config.secretKey) return config.secretKey;
  if (config.database.kind === "pglite") return loadOrCreateKeyFile(config.dataDir);
  throw new ConfigError([
    "TOSTAO_SECRET_KEY: is required with DATABASE_URL (32 bytes as 64 hex characters, e.g. from `openssl rand -hex 32`), so every instance can read webhook secrets",
  ]);
}
