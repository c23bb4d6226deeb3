import { after, before } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { type Config, loadConfig } from "../../src/config.ts";
import { createAccount } from "../../src/domain/accounts/create-account.ts";
import type { PspClientFactory } from "../../src/domain/pix-psp-connection/clients.ts";
import { issueToken } from "../../src/domain/tokens/manage-tokens.ts";
import type { Clock } from "../../src/kernel/clock.ts";
import type { LookupAll } from "../../src/net/address-policy.ts";
import { createService, type Service } from "../../src/service.ts";
import { openTestDb, TEST_DATABASE_URL } from "./db.ts";

/**
 * Test configuration: defaults, with rate limits and the open-requests cap off unless a test
 * turns them on (some tests fire 50 concurrent requests with one token).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    TOSTAO_RATE_LIMIT_LIVE: "0",
    TOSTAO_RATE_LIMIT_TEST: "0",
    TOSTAO_RATE_LIMIT_PUBLIC: "0",
    TOSTAO_OPEN_REQUESTS_PER_TOKEN: "0",
    TOSTAO_CHECKOUT_PER_IP_PER_MINUTE: "0",
    TOSTAO_CHECKOUT_PER_PRODUCT_PER_MINUTE: "0",
    LOG_LEVEL: "silent",
    // No test reaches the internet: quotes are fixed and chain sources point nowhere, unless a
    // test sets its own local servers.
    TOSTAO_QUOTE_FIXED_BRL: "350000",
    TOSTAO_ESPLORA_URL_MAINNET: "http://127.0.0.1:9",
    TOSTAO_ESPLORA_URL_TESTNET: "http://127.0.0.1:9",
    TOSTAO_ESPLORA_URL_SIGNET: "http://127.0.0.1:9",
    TOSTAO_SECRET_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    // The dashboard's password hashing at its lowest cost: tests sign in often on a small machine.
    TOSTAO_PASSWORD_SCRYPT_COST: "14",
    ...env,
  });
}

export type TestService = Service & {
  /** A fresh account with one test and one live token. */
  newAccount(): Promise<{ accountId: string; test: string; live: string }>;
  call(
    method: "GET" | "POST",
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse & { json(): { success: boolean; data?: any; error?: string } }>;
  /** A charge's events as GET /api/events lists them for `token` (in its order, up to 200). */
  eventsOf(token: string, chargeId: string): Promise<EventItem[]>;
};

/** One item of GET /api/events: the event's name, when, and the webhook `data` it carries. */
export type EventItem = { event: string; createdAt: string; data: Record<string, any> };

export async function startTestService(
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    lookup?: LookupAll;
    webhookCa?: string;
    /** Receives the service's log lines (give env LOG_LEVEL too: tests default to silent). */
    logStream?: { write(line: string): void };
    /** How live PIX clients are made (tests against the PSP peer: short timeouts). */
    makePspClient?: PspClientFactory;
  } = {},
): Promise<TestService> {
  // The test opens the database itself, so the pool size (PostgreSQL) follows the env here.
  // createService migrates: on PostgreSQL a new, empty schema; on PGlite the migrated template
  // (pglite-template.ts), where it finds nothing to do, as on a restart.
  const poolSize = opts.env?.TOSTAO_DB_POOL_SIZE;
  const t = await openTestDb({
    migrate: !TEST_DATABASE_URL,
    ...(poolSize ? { poolSize: Number(poolSize) } : {}),
  });
  const service = await createService(testConfig(opts.env), {
    db: t.db,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
    // Every response must fit its schema exactly: a field it lacks fails the test, rather
    // than being dropped as it is in production.
    strictResponses: true,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
    ...(opts.webhookCa ? { webhookCa: opts.webhookCa } : {}),
    ...(opts.makePspClient ? { makePspClient: opts.makePspClient } : {}),
  });
  const deps = service.deps;
  const call: TestService["call"] = (method, url, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    return service.app.inject({
      method,
      url,
      headers,
      ...(o.body === undefined ? {} : { payload: o.body as object }),
    }) as never;
  };
  return {
    ...service,
    async close() {
      await service.close();
      await t.close().catch(() => {});
    },
    async newAccount() {
      const account = await createAccount(deps, { name: "Test account" });
      const test = await issueToken(deps, { accountId: account.id, label: "test", mode: "test" });
      const live = await issueToken(deps, { accountId: account.id, label: "live", mode: "live" });
      return { accountId: account.id, test: test.token, live: live.token };
    },
    async eventsOf(token, chargeId) {
      const res = await call("GET", `/api/events?charge_id=${chargeId}&limit=200`, { token });
      if (res.statusCode !== 200) throw new Error(`GET /api/events: ${res.body}`);
      return res.json().data.events;
    },
    call,
  };
}

/**
 * The test service of a file (or of the describe block that calls it): started before its first
 * test with one fresh account, closed after its last. Read `.svc`, `.account` and `.token` (that
 * account's test token) from inside the tests, once they are set. With `listen`, it also listens
 * on 127.0.0.1 (`.host` is its host:port, `.url` its http:// address). Node runs a file's top-level `before` hooks without
 * waiting for one another: what needs the service belongs here or inside a test, not in another
 * top-level `before`.
 */
export function useTestService(
  opts: Parameters<typeof startTestService>[0] & { listen?: boolean } = {},
) {
  const s = {} as {
    svc: TestService;
    account: Awaited<ReturnType<TestService["newAccount"]>>;
    token: string;
    host: string;
    url: string;
  };
  before(async () => {
    const { listen, ...start } = opts;
    s.svc = await startTestService(start);
    s.account = await s.svc.newAccount();
    s.token = s.account.test;
    if (listen) {
      s.url = await s.svc.app.listen({ port: 0, host: "127.0.0.1" });
      s.host = new URL(s.url).host;
    }
  });
  after(() => s.svc.close());
  return s;
}

/**
 * The test service of a file (or of the describe block that calls it), as one object: started
 * before its first test, closed after its last. The object returned is filled in by then; read
 * it from inside the tests and hooks (the same caution about other top-level `before` hooks as
 * useTestService's applies).
 */
export function useFileService(opts: Parameters<typeof startTestService>[0] = {}): TestService {
  const svc = {} as TestService;
  before(async () => {
    Object.assign(svc, await startTestService(opts));
  });
  after(() => svc.close?.());
  return svc;
}

/** A fresh account of `svc` whose test-mode webhook sends `events` to `url` (with its secret). */
export async function accountWithWebhook(svc: TestService, url: string, events = ["*"]) {
  const account = await svc.newAccount();
  const hook = await svc.call("POST", "/api/webhooks/create", {
    token: account.test,
    body: { url, events },
  });
  if (hook.statusCode !== 200) throw new Error(`creating the webhook: ${hook.body}`);
  return { ...account, webhookSecret: hook.json().data.secret as string };
}
