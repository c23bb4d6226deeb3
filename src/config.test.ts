import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, loadConfig } from "./config.ts";

test("an empty environment gives the zero-setup defaults: PGlite in ./data on port 3000", () => {
  const c = loadConfig({});
  assert.equal(c.port, 3000);
  assert.deepEqual(c.database, { kind: "pglite", dataDir: "./data" });
  assert.deepEqual(c.rateLimit, { live: 100, test: 25, public: 25 });
  assert.equal(c.redisUrl, undefined);
  assert.deepEqual(c.webhookAllowHosts, []);
});

test("DATABASE_URL selects PostgreSQL", () => {
  const c = loadConfig({
    DATABASE_URL: "postgres://root@127.0.0.1:5432/test",
    TOSTAO_DB_POOL_SIZE: "4",
  });
  assert.deepEqual(c.database, {
    kind: "postgres",
    url: "postgres://root@127.0.0.1:5432/test",
    poolSize: 4,
  });
});

test("every bad variable is reported at once, and URL values are never echoed", () => {
  try {
    loadConfig({
      PORT: "http",
      DATABASE_URL: "mysql://u:secret@h/db",
      TOSTAO_RATE_LIMIT_LIVE: "-1",
      LOG_LEVEL: "loud",
    });
    assert.fail("should throw");
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    assert.equal(err.problems.length, 4);
    assert.ok(err.message.includes("PORT"));
    assert.ok(err.message.includes("TOSTAO_RATE_LIMIT_LIVE"));
    assert.ok(!err.message.includes("secret"), "a URL with a password is not printed");
  }
});

test("allowed webhook hosts are a comma-separated list", () => {
  assert.deepEqual(
    loadConfig({ TOSTAO_WEBHOOK_ALLOW_HOSTS: " 127.0.0.1, localhost ,," }).webhookAllowHosts,
    ["127.0.0.1", "localhost"],
  );
});

test("a trailing slash on the base URL is dropped so links join cleanly", () => {
  assert.equal(
    loadConfig({ TOSTAO_BASE_URL: "https://pay.example.com/" }).baseUrl,
    "https://pay.example.com",
  );
});

test("a price source or Esplora URL with user:password@ is refused at boot, without echoing it", () => {
  try {
    loadConfig({
      TOSTAO_ESPLORA_URL_MAINNET: "https://user:pa55word@esplora.example/api",
      TOSTAO_PRICE_BINANCE_URL: "https://k:s3cret@binance.example",
    });
    assert.fail("should throw");
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    assert.equal(err.problems.length, 2);
    assert.match(err.message, /TOSTAO_ESPLORA_URL_MAINNET: must not contain user:password@/);
    assert.match(err.message, /TOSTAO_PRICE_BINANCE_URL/);
    assert.doesNotMatch(err.message, /pa55word|s3cret/);
  }
  const ok = loadConfig({ TOSTAO_ESPLORA_URL_MAINNET: "https://esplora.example/api" });
  assert.equal(ok.bitcoin.esploraUrls.mainnet, "https://esplora.example/api");
});

test("HTTP timeouts and the open-request cap have safe defaults and can be set", () => {
  const c = loadConfig({});
  assert.deepEqual(c.http, {
    headersMs: 10_000,
    requestMs: 30_000,
    keepAliveMs: 72_000,
    connectionMs: 90_000,
  });
  assert.equal(c.openRequestsPerToken, 32);
  const set = loadConfig({ TOSTAO_REQUEST_TIMEOUT_MS: "500", TOSTAO_HEADERS_TIMEOUT_MS: "200" });
  assert.equal(set.http.requestMs, 500);
  assert.equal(set.http.headersMs, 200);
  assert.throws(
    () => loadConfig({ TOSTAO_REQUEST_TIMEOUT_MS: "500", TOSTAO_HEADERS_TIMEOUT_MS: "1000" }),
    /TOSTAO_HEADERS_TIMEOUT_MS: must not exceed TOSTAO_REQUEST_TIMEOUT_MS/,
  );
});

test("metrics are off unless opened or given a token of their own, which is never echoed", () => {
  assert.deepEqual(loadConfig({}).metrics, { kind: "off" });
  assert.deepEqual(loadConfig({ TOSTAO_METRICS: "open" }).metrics, { kind: "open" });
  assert.deepEqual(loadConfig({ TOSTAO_METRICS_TOKEN: "m".repeat(20) }).metrics, {
    kind: "token",
    token: "m".repeat(20),
  });
  assert.throws(
    () => loadConfig({ TOSTAO_METRICS: "open", TOSTAO_METRICS_TOKEN: "m".repeat(20) }),
    /not both/,
  );
  try {
    loadConfig({ TOSTAO_METRICS_TOKEN: "short-secret" });
    assert.fail("should throw");
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    assert.ok(err.message.includes("TOSTAO_METRICS_TOKEN"));
    assert.ok(!err.message.includes("short-secret"));
  }
});

test("TOSTAO_TRUST_PROXY is a proxy count or the proxies' addresses; true (trust every hop) is refused at boot", () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ TOSTAO_TRUST_PROXY: "false" }).trustProxy, false);
  assert.deepEqual(loadConfig({ TOSTAO_TRUST_PROXY: "1" }).trustProxy, { hops: 1 });
  assert.deepEqual(
    loadConfig({ TOSTAO_TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,fd00::/8" }).trustProxy,
    {
      addresses: ["10.0.0.0/8", "127.0.0.1", "fd00::/8"],
    },
  );
  assert.throws(
    () => loadConfig({ TOSTAO_TRUST_PROXY: "true" }),
    (e: unknown) =>
      e instanceof ConfigError && /TOSTAO_TRUST_PROXY: true would trust every/.test(e.message),
  );
  for (const bad of ["10.0.0.0/33", "proxy.internal", "11", "1.2.3.4/8/9"]) {
    assert.throws(() => loadConfig({ TOSTAO_TRUST_PROXY: bad }), ConfigError, bad);
  }
});

test("the heap growth is 50 % unless set; a bad value is refused at boot, naming the variable", () => {
  assert.equal(loadConfig({}).heapGrowthPercent, 50);
  assert.equal(loadConfig({ TOSTAO_HEAP_GROWTH_PERCENT: "0" }).heapGrowthPercent, 0);
  for (const bad of ["-1", "1.5", "301", "half"]) {
    assert.throws(
      () => loadConfig({ TOSTAO_HEAP_GROWTH_PERCENT: bad }),
      (e: unknown) => e instanceof ConfigError && /TOSTAO_HEAP_GROWTH_PERCENT/.test(e.message),
      bad,
    );
  }
});
