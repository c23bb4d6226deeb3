import { isIP } from "node:net";
import { z } from "zod";
import { loadOrCreateKeyFile } from "./secrets/key-file.ts";
import { parseSecretKey } from "./secrets/secret-box.ts";

// Configuration is read once, at boot, from the environment given to loadConfig; nothing else in
// the service reads process.env. Every bad variable is reported at once so a deployment fails
// fast with the full list instead of one error per restart.

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
// A number setting within bounds, its default when unset or empty: a whole number, or (a period
// in seconds) any number.
const intSetting = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const numberSetting = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().min(min).max(max).default(fallback));

const port = z.coerce.number().int().min(0).max(65535);
const nonNegInt = z.coerce.number().int().min(0);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
// A price source or Esplora server: fetch refuses URLs that carry user:password@, so such a
// setting could never work, and its password would end up in error texts.
const upstreamUrl = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((u) => new URL(u).username === "" && new URL(u).password === "", {
        message: "must not contain user:password@ (requests refuse such URLs)",
      })
      .default(fallback),
  );
const csv = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  z.array(z.string()),
);

// An SMTP relay: smtp:// (STARTTLS, required off loopback) or smtps:// (TLS from the start), its
// AUTH user and password in the URL. Never echoed: the URL holds the password.
const smtpUrl = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "smtp:" || u.protocol === "smtps:") && u.hostname !== "";
      } catch {
        return false;
      }
    }, "must be an smtp:// or smtps:// URL with a host (smtp://user:pass@host:587)")
    .optional(),
);

const EnvSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, port.default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  TOSTAO_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  TOSTAO_DB_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  TOSTAO_DB_WRITE_CONCURRENCY: intSetting(1, 1000, 4),
  TOSTAO_DB_WRITE_BATCH: intSetting(1, 1000, 64),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
  ),
  TOSTAO_BASE_URL: optionalUrl,
  TOSTAO_RATE_LIMIT_LIVE: z.preprocess(emptyToUndefined, nonNegInt.default(100)),
  TOSTAO_RATE_LIMIT_TEST: z.preprocess(emptyToUndefined, nonNegInt.default(25)),
  TOSTAO_RATE_LIMIT_PUBLIC: z.preprocess(emptyToUndefined, nonNegInt.default(25)),
  TOSTAO_CHECKOUT_PER_IP_PER_MINUTE: z.preprocess(emptyToUndefined, nonNegInt.default(5)),
  TOSTAO_CHECKOUT_PER_PRODUCT_PER_MINUTE: z.preprocess(emptyToUndefined, nonNegInt.default(30)),
  TOSTAO_TRUST_PROXY: z
    .preprocess(emptyToUndefined, z.string().default("false"))
    .transform((v, ctx): TrustProxy => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
      return typeof parsed === "string" ? false : parsed;
    }),
  TOSTAO_BODY_LIMIT_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1024).default(1_048_576),
  ),
  TOSTAO_WEBHOOK_ALLOW_HOSTS: csv,
  TOSTAO_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => parseSecretKey(v) !== undefined,
        "must be 32 bytes as 64 hex characters or base64",
      )
      .optional(),
  ),
  TOSTAO_WEBHOOK_TIMEOUT_MS: intSetting(100, 60_000, 10_000),
  TOSTAO_WEBHOOK_CONCURRENCY: intSetting(1, 1000, 64),
  TOSTAO_WEBHOOK_PER_ENDPOINT: intSetting(1, 1000, 16),
  TOSTAO_WORKERS: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
  TOSTAO_PRICE_BINANCE_URL: upstreamUrl("https://api.binance.com"),
  TOSTAO_PRICE_COINBASE_URL: upstreamUrl("https://api.coinbase.com"),
  TOSTAO_PRICE_MERCADOBITCOIN_URL: upstreamUrl("https://api.mercadobitcoin.net"),
  TOSTAO_QUOTE_FIXED_BRL: z.preprocess(emptyToUndefined, z.coerce.number().positive().optional()),
  TOSTAO_ESPLORA_URL_MAINNET: upstreamUrl("https://mempool.space/api"),
  TOSTAO_ESPLORA_URL_TESTNET: upstreamUrl("https://mempool.space/testnet/api"),
  TOSTAO_ESPLORA_URL_SIGNET: upstreamUrl("https://mempool.space/signet/api"),
  TOSTAO_CHAIN_POLL_SECONDS: intSetting(1, 3600, 30),
  TOSTAO_BTC_CONFIRMATIONS: intSetting(0, 100, 1),
  TOSTAO_CRYPTO_EXPIRES_MINUTES: intSetting(1, 1440, 15),
  TOSTAO_SANDBOX_BTC_NETWORK: z.preprocess(
    emptyToUndefined,
    z.enum(["testnet", "signet"]).default("testnet"),
  ),
  TOSTAO_MCP_LIVE_WRITES: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
  TOSTAO_MAX_CHARGE_BRL: intSetting(1, 10_000_000_000, 100_000),
  TOSTAO_EXPIRY_INTERVAL_SECONDS: intSetting(1, 3600, 5),
  TOSTAO_BILLING_INTERVAL_SECONDS: intSetting(1, 3600, 60),
  TOSTAO_RETENTION_DAYS: intSetting(1, 36_500, 90),
  TOSTAO_RETENTION_INTERVAL_SECONDS: intSetting(1, 86_400, 3600),
  TOSTAO_PIX_RECONCILE_SECONDS: numberSetting(0.05, 3600, 60),
  TOSTAO_LIGHTNING_TIMEOUT_MS: intSetting(100, 10_000, 1500),
  TOSTAO_LIGHTNING_CHECK_SECONDS: numberSetting(0.05, 3600, 5),
  TOSTAO_REQUEST_TIMEOUT_MS: intSetting(100, 600_000, 30_000),
  TOSTAO_HEADERS_TIMEOUT_MS: intSetting(100, 600_000, 10_000),
  TOSTAO_KEEP_ALIVE_TIMEOUT_MS: intSetting(100, 600_000, 72_000),
  TOSTAO_CONNECTION_TIMEOUT_MS: intSetting(100, 3_600_000, 90_000),
  TOSTAO_OPEN_REQUESTS_PER_TOKEN: z.preprocess(emptyToUndefined, nonNegInt.default(32)),
  TOSTAO_METRICS: z.preprocess(emptyToUndefined, z.enum(["open"]).optional()),
  TOSTAO_METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  TOSTAO_SESSION_IDLE_MINUTES: intSetting(1, 10_080, 120),
  TOSTAO_SESSION_MAX_HOURS: intSetting(1, 720, 12),
  TOSTAO_SIGNIN_ATTEMPTS_PER_EMAIL: intSetting(1, 1000, 10),
  TOSTAO_SIGNIN_ATTEMPTS_PER_IP: intSetting(1, 10_000, 50),
  TOSTAO_PASSWORD_SCRYPT_COST: intSetting(14, 20, 17),
  TOSTAO_SUDO_SECONDS: intSetting(1, 86_400, 600),
  TOSTAO_HEAP_GROWTH_PERCENT: intSetting(0, 300, 50),
  TOSTAO_SMTP_URL: smtpUrl,
  TOSTAO_SMTP_TEST_URL: smtpUrl,
  TOSTAO_MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.email("must be an e-mail address (the From of payers' mail)").optional(),
  ),
  TOSTAO_MAIL_DAILY_CAP: intSetting(1, 10_000_000, 10_000),
  TOSTAO_MAIL_CONCURRENCY: intSetting(1, 100, 8),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
});

export type Config = {
  port: number;
  host: string;
  baseUrl: string | undefined;
  /** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in dataDir. */
  database:
    | { kind: "postgres"; url: string; poolSize: number }
    | { kind: "pglite"; dataDir: string };
  dataDir: string;
  /**
   * Group commit of charge creation: statements in flight before creations queue, and the most
   * creations one statement carries (db/write-batcher.ts).
   */
  chargeWrites: { concurrency: number; maxBatch: number };
  redisUrl: string | undefined;
  /** Requests per second; 0 turns the limit off. */
  rateLimit: { live: number; test: number; public: number };
  /** Public checkout creations per minute, per client IP and per product; 0 turns one off. */
  checkoutBudget: { perIp: number; perProduct: number };
  /** Which peers' X-Forwarded-For entries are believed (parseTrustProxy). */
  trustProxy: TrustProxy;
  bodyLimitBytes: number;
  webhookAllowHosts: string[];
  /** AES-256-GCM key for webhook secrets; undefined: a key file in dataDir (PGlite only). */
  secretKey: Buffer | undefined;
  webhook: { timeoutMs: number; concurrency: number; perEndpoint: number };
  /** Whether this process runs the background workers (webhook delivery, expiry). */
  runWorkers: boolean;
  bitcoin: {
    priceUrls: { binance: string; coinbase: string; mercadobitcoin: string };
    /** BRL per BTC that replaces the price sources (offline development). */
    fixedBrlPerBtc: number | undefined;
    esploraUrls: { mainnet: string; testnet: string; signet: string };
    pollMs: number;
    confirmations: number;
    expiresMinutes: number;
    sandboxNetwork: "testnet" | "signet";
  };
  /** Whether MCP write tools may act with a live token. */
  mcpLiveWrites: boolean;
  /** The largest amount of one charge, in centavos (configured in whole BRL). */
  maxChargeCents: number;
  /** How often each instance expires overdue charges. */
  expiryIntervalMs: number;
  /** How often each instance runs the subscriptions' billing pass (TOSTAO_BILLING_INTERVAL_SECONDS). */
  billingIntervalMs: number;
  /** How often each instance asks the PSPs about pending live PIX charges (reconciliation). */
  pixReconcileMs: number;
  /** Lightning: the longest wait for a node's answer, and how often open invoices are checked. */
  lightning: { timeoutMs: number; checkMs: number };
  /**
   * History kept: events, webhook deliveries and their attempts, idempotency records and ended
   * dashboard sessions older than `days` are pruned every `intervalMs` (charges never are).
   */
  retention: { days: number; intervalMs: number };
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * Payers' mail (docs/notifications.md): the live relay, the test-mode relay (a mail catcher;
   * test mode never uses the live one), the From address, mails per account, mode and day, and
   * mails in flight per instance.
   */
  mail: {
    liveUrl: string | undefined;
    testUrl: string | undefined;
    from: string | undefined;
    dailyCap: number;
    concurrency: number;
  };
  /**
   * How far V8's old generation may grow past the live heap before a full collection, in percent
   * (TOSTAO_HEAP_GROWTH_PERCENT; 0 leaves V8's own factor, up to 300). Applied at start
   * (kernel/heap-growth.ts).
   */
  heapGrowthPercent: number;
  /**
   * How long a client may take, in ms: to send a request's headers, to send the whole request
   * (body included), and to stay silent on a connection (idle keep-alive included, where
   * keepAliveMs ends it first).
   */
  http: { headersMs: number; requestMs: number; keepAliveMs: number; connectionMs: number };
  /** Requests one token may have open at once; 0 turns the cap off. */
  openRequestsPerToken: number;
  /** GET /metrics: off (404), open to anyone who can reach it, or behind a bearer of its own. */
  metrics: { kind: "off" } | { kind: "open" } | { kind: "token"; token: string };
  /**
   * The dashboard's sign-in: session lifetimes (idle and absolute, in ms), sign-in attempts
   * allowed per e-mail and per client IP in each 15-minute window, and scrypt's cost (log2 N).
   */
  dashboard: {
    sessionIdleMs: number;
    sessionMaxMs: number;
    attemptsPerEmail: number;
    attemptsPerIp: number;
    scryptCost: number;
    /** How long a fresh factor (sign-in, a code) lets money-routing changes through (TOSTAO_SUDO_SECONDS). */
    sudoMs: number;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

// Node measures the whole-request timeout from the first header byte, so a headers timeout past
// it would never fire.
const Checked = EnvSchema.superRefine((e, ctx) => {
  if (e.TOSTAO_HEADERS_TIMEOUT_MS > e.TOSTAO_REQUEST_TIMEOUT_MS) {
    ctx.addIssue({
      code: "custom",
      path: ["TOSTAO_HEADERS_TIMEOUT_MS"],
      message: "must not exceed TOSTAO_REQUEST_TIMEOUT_MS",
    });
  }
  if ((e.TOSTAO_SMTP_URL || e.TOSTAO_SMTP_TEST_URL) && !e.TOSTAO_MAIL_FROM) {
    ctx.addIssue({
      code: "custom",
      path: ["TOSTAO_MAIL_FROM"],
      message: "is required with an SMTP relay (the From address of payers' mail)",
    });
  }
  if (e.TOSTAO_METRICS && e.TOSTAO_METRICS_TOKEN) {
    ctx.addIssue({
      code: "custom",
      path: ["TOSTAO_METRICS"],
      message: "set either TOSTAO_METRICS=open or TOSTAO_METRICS_TOKEN, not both",
    });
  }
});

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = Checked.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message} (got ${show(env, i)})`),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: e.TOSTAO_BASE_URL?.replace(/\/+$/, ""),
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL, poolSize: e.TOSTAO_DB_POOL_SIZE }
      : { kind: "pglite", dataDir: e.TOSTAO_DATA_DIR },
    dataDir: e.TOSTAO_DATA_DIR,
    chargeWrites: { concurrency: e.TOSTAO_DB_WRITE_CONCURRENCY, maxBatch: e.TOSTAO_DB_WRITE_BATCH },
    redisUrl: e.REDIS_URL,
    rateLimit: {
      live: e.TOSTAO_RATE_LIMIT_LIVE,
      test: e.TOSTAO_RATE_LIMIT_TEST,
      public: e.TOSTAO_RATE_LIMIT_PUBLIC,
    },
    checkoutBudget: {
      perIp: e.TOSTAO_CHECKOUT_PER_IP_PER_MINUTE,
      perProduct: e.TOSTAO_CHECKOUT_PER_PRODUCT_PER_MINUTE,
    },
    trustProxy: e.TOSTAO_TRUST_PROXY,
    bodyLimitBytes: e.TOSTAO_BODY_LIMIT_BYTES,
    webhookAllowHosts: e.TOSTAO_WEBHOOK_ALLOW_HOSTS,
    secretKey: e.TOSTAO_SECRET_KEY ? parseSecretKey(e.TOSTAO_SECRET_KEY) : undefined,
    webhook: {
      timeoutMs: e.TOSTAO_WEBHOOK_TIMEOUT_MS,
      concurrency: e.TOSTAO_WEBHOOK_CONCURRENCY,
      perEndpoint: e.TOSTAO_WEBHOOK_PER_ENDPOINT,
    },
    runWorkers: e.TOSTAO_WORKERS === "true",
    mcpLiveWrites: e.TOSTAO_MCP_LIVE_WRITES === "true",
    bitcoin: {
      priceUrls: {
        binance: e.TOSTAO_PRICE_BINANCE_URL,
        coinbase: e.TOSTAO_PRICE_COINBASE_URL,
        mercadobitcoin: e.TOSTAO_PRICE_MERCADOBITCOIN_URL,
      },
      fixedBrlPerBtc: e.TOSTAO_QUOTE_FIXED_BRL,
      esploraUrls: {
        mainnet: e.TOSTAO_ESPLORA_URL_MAINNET,
        testnet: e.TOSTAO_ESPLORA_URL_TESTNET,
        signet: e.TOSTAO_ESPLORA_URL_SIGNET,
      },
      pollMs: e.TOSTAO_CHAIN_POLL_SECONDS * 1000,
      confirmations: e.TOSTAO_BTC_CONFIRMATIONS,
      expiresMinutes: e.TOSTAO_CRYPTO_EXPIRES_MINUTES,
      sandboxNetwork: e.TOSTAO_SANDBOX_BTC_NETWORK,
    },
    maxChargeCents: e.TOSTAO_MAX_CHARGE_BRL * 100,
    expiryIntervalMs: e.TOSTAO_EXPIRY_INTERVAL_SECONDS * 1000,
    billingIntervalMs: e.TOSTAO_BILLING_INTERVAL_SECONDS * 1000,
    heapGrowthPercent: e.TOSTAO_HEAP_GROWTH_PERCENT,
    pixReconcileMs: Math.round(e.TOSTAO_PIX_RECONCILE_SECONDS * 1000),
    lightning: {
      timeoutMs: e.TOSTAO_LIGHTNING_TIMEOUT_MS,
      checkMs: Math.round(e.TOSTAO_LIGHTNING_CHECK_SECONDS * 1000),
    },
    retention: {
      days: e.TOSTAO_RETENTION_DAYS,
      intervalMs: e.TOSTAO_RETENTION_INTERVAL_SECONDS * 1000,
    },
    logLevel: e.LOG_LEVEL,
    mail: {
      liveUrl: e.TOSTAO_SMTP_URL,
      testUrl: e.TOSTAO_SMTP_TEST_URL,
      from: e.TOSTAO_MAIL_FROM,
      dailyCap: e.TOSTAO_MAIL_DAILY_CAP,
      concurrency: e.TOSTAO_MAIL_CONCURRENCY,
    },
    http: {
      headersMs: e.TOSTAO_HEADERS_TIMEOUT_MS,
      requestMs: e.TOSTAO_REQUEST_TIMEOUT_MS,
      keepAliveMs: e.TOSTAO_KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: e.TOSTAO_CONNECTION_TIMEOUT_MS,
    },
    openRequestsPerToken: e.TOSTAO_OPEN_REQUESTS_PER_TOKEN,
    metrics: e.TOSTAO_METRICS_TOKEN
      ? { kind: "token", token: e.TOSTAO_METRICS_TOKEN }
      : e.TOSTAO_METRICS === "open"
        ? { kind: "open" }
        : { kind: "off" },
    dashboard: {
      sessionIdleMs: e.TOSTAO_SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.TOSTAO_SESSION_MAX_HOURS * 3_600_000,
      attemptsPerEmail: e.TOSTAO_SIGNIN_ATTEMPTS_PER_EMAIL,
      attemptsPerIp: e.TOSTAO_SIGNIN_ATTEMPTS_PER_IP,
      scryptCost: e.TOSTAO_PASSWORD_SCRYPT_COST,
      sudoMs: e.TOSTAO_SUDO_SECONDS * 1000,
    },
  };
}

// Secrets can sit in URLs (a password in DATABASE_URL) and keys, so the offending value is
// echoed only for variables that cannot hold one.
function show(env: Record<string, string | undefined>, issue: z.core.$ZodIssue): string {
  const name = String(issue.path[0] ?? "");
  // URLs may carry credentials and keys are secrets: wherever the word sits in the name
  // (TOSTAO_ESPLORA_URL_MAINNET), the value is not printed.
  if (/URL|KEY|SECRET|TOKEN|PASSWORD/.test(name)) return "a value that is not shown";
  return JSON.stringify(env[name]);
}

/** false: the socket's address is the client; otherwise how far X-Forwarded-For is believed. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TOSTAO_TRUST_PROXY: "false" (or 0), a number of proxies in front (1..10), or the proxies'
 * addresses and CIDR ranges. The client's own X-Forwarded-For entries come first in the header,
 * so the client IP is the entry just before the trusted ones, never the leftmost. "true" (trust
 * every hop, so a client names its own IP) is refused. Returns a message when the value is bad.
 */
export function parseTrustProxy(v: string): TrustProxy | string {
  const value = v.trim().toLowerCase();
  if (value === "false" || value === "0") return false;
  if (value === "true") {
    return "true would trust every X-Forwarded-For entry, which the client writes itself; give the number of proxies in front of the service (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)";
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { hops } : "a number of proxies must be 0..10";
  }
  const addresses = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = addresses.find((a) => !PROXY_NAMES.has(a) && !isAddressOrRange(a));
  if (bad !== undefined || addresses.length === 0) {
    return `must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (${bad === undefined ? "none given" : `not an address: ${bad}`})`;
  }
  return { addresses };
}

function isAddressOrRange(a: string): boolean {
  const [ip = "", prefix, extra] = a.split("/");
  const family = isIP(ip);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The key that encrypts webhook secrets: TOSTAO_SECRET_KEY, or on embedded PGlite a key file made
 * once in the data directory. On PostgreSQL several instances (maybe on several machines) must
 * share one key, so it has to be configured. It lives here, not in service.ts, because the CLI
 * needs it too, and importing service.ts loads the whole service (about 1 s of CPU a command).
 */
export function secretKeyFor(config: Config): Buffer {
  if (config.secretKey) return config.secretKey;
  if (config.database.kind === "pglite") return loadOrCreateKeyFile(config.dataDir);
  throw new ConfigError([
    "TOSTAO_SECRET_KEY: is required with DATABASE_URL (32 bytes as 64 hex characters, e.g. from `openssl rand -hex 32`), so every instance can read webhook secrets",
  ]);
}
