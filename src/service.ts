import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import type { Db } from "./db/db.ts";
import { migrate } from "./db/migrate.ts";
import { openDb } from "./db/open-db.ts";
import { pruneKeys } from "./db/queries/idempotency.ts";
import { bootstrapIfEmpty } from "./domain/accounts/bootstrap.ts";
import { expireOverdueCharges } from "./domain/charges/move-charge.ts";
import { sandboxPixProvider } from "./domain/charges/pix-provider.ts";
import { type Clock, cryptoRandom, type Random, systemClock } from "./domain/deps.ts";
import { RETENTION_MS } from "./domain/idempotency/run-idempotent.ts";
import { makeAuthenticator } from "./domain/tokens/authenticate.ts";
import { buildApp } from "./http/app.ts";
import type { AppDeps } from "./http/app-deps.ts";
import { makeMemoryRateLimiter, makeRedisRateLimiter } from "./ratelimit/rate-limiter.ts";

export type Service = {
  app: FastifyInstance;
  deps: AppDeps;
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
  opts: { clock?: Clock; random?: Random; db?: Db; logger?: boolean } = {},
): Promise<Service> {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? cryptoRandom;
  const db = opts.db ?? (await openDb(config.database));
  await migrate(db);
  const boot = await bootstrapIfEmpty({ db, clock, random });

  const authenticator = makeAuthenticator({ db, clock });
  const rateLimiter = config.redisUrl
    ? makeRedisRateLimiter(config.redisUrl)
    : makeMemoryRateLimiter();
  const deps: AppDeps = {
    config,
    db,
    clock,
    random,
    authenticator,
    rateLimiter,
    pixProviders: { test: sandboxPixProvider, live: undefined },
    maxChargeCents: config.maxChargeCents,
  };
  const app = buildApp(deps, {
    logger: opts.logger === false ? false : { level: config.logLevel },
  });

  // Idempotency keys are kept 24 h; older ones are deleted in the background.
  const prune = setInterval(
    () => void pruneKeys(db, new Date(clock.now().getTime() - RETENTION_MS)).catch(() => {}),
    10 * 60_000,
  );
  prune.unref();
  // Overdue pending charges move to expired (with charge.declined) in the background too, so
  // webhooks fire without anyone reading the charge. Every instance runs it; SKIP LOCKED keeps
  // each charge to one of them.
  const expiry = setInterval(
    () =>
      void expireOverdueCharges(deps, { method: "pix" }).catch((err: unknown) =>
        app.log.error({ err }, "expiry job failed"),
      ),
    config.expiryIntervalMs,
  );
  expiry.unref();

  return {
    app,
    deps,
    bootstrapToken: boot?.token,
    async close() {
      clearInterval(prune);
      clearInterval(expiry);
      await app.close();
      await authenticator.close();
      await rateLimiter.close();
      await db.close();
    },
  };
}
