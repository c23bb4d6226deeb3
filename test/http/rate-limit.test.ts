import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import {
  FAIL_OPEN_WARN_EVERY_MS,
  makeFailOpenReport,
} from "../../src/ratelimit/fail-open-report.ts";
import { makeMemoryRateLimiter, makeRedisRateLimiter } from "../../src/ratelimit/rate-limiter.ts";
import { startTestService, useFileService } from "../helpers/service.ts";

const REDIS_URL = process.env.REDIS_URL || undefined;

const svc = useFileService({
  env: {
    TOSTAO_RATE_LIMIT_TEST: "2",
    TOSTAO_RATE_LIMIT_LIVE: "4",
    TOSTAO_RATE_LIMIT_PUBLIC: "3",
  },
});

describe("rate limits", () => {
  test("over the per-token rate is 429 with Retry-After and the IETF RateLimit headers", async () => {
    const a = await svc.newAccount();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => svc.call("GET", "/api/auth/tokens", { token: a.test })),
    );
    const limited = results.filter((r) => r.statusCode === 429);
    assert.ok(
      limited.length >= 12 - 4,
      `at most two windows' worth pass, got ${12 - limited.length}`,
    );
    const r = limited[0];
    assert.ok(r);
    assert.match(String(r.headers["retry-after"]), /^[1-9]\d*$/);
    assert.equal(r.headers["ratelimit-policy"], '"test";q=2;w=1');
    assert.match(String(r.headers.ratelimit), /^"test";r=0;t=1$/);
    assert.equal(r.json().success, false);
    assert.match(r.json().error ?? "", /rate limit/);
    const okOne = results.find((x) => x.statusCode === 200);
    assert.match(String(okOne?.headers.ratelimit), /^"test";r=[01];t=1$/);
  });

  test("live and test tokens have their own rates, counted per token", async () => {
    const a = await svc.newAccount();
    const live = await Promise.all(
      Array.from({ length: 4 }, () => svc.call("GET", "/api/auth/tokens", { token: a.live })),
    );
    assert.equal(live[0]?.headers["ratelimit-policy"], '"live";q=4;w=1');
    // A fresh token of the same account has its own count.
    const b = await svc.newAccount();
    const other = await svc.call("GET", "/api/auth/tokens", { token: b.test });
    assert.notEqual(other.statusCode, 429);
  });

  test("requests without a token are limited per client IP", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => svc.call("GET", "/api/nope")),
    );
    assert.ok(results.some((r) => r.statusCode === 429));
    assert.equal(results[0]?.headers["ratelimit-policy"], '"public";q=3;w=1');
  });

  test("a Lightning address's public endpoints are limited per client IP as the pages are", async () => {
    for (const path of ["/.well-known/lnurlp/loja", "/lnurlp/loja/callback?amount=5000"]) {
      const results = await Promise.all(Array.from({ length: 10 }, () => svc.call("GET", path)));
      assert.ok(
        results.some((r) => r.statusCode === 429),
        `${path}: ${results.map((r) => r.statusCode)}`,
      );
      assert.equal(results[0]?.headers["ratelimit-policy"], '"public";q=3;w=1');
      const limited = results.find((r) => r.statusCode === 429);
      assert.equal(JSON.parse(limited?.body ?? "{}").status, "ERROR", "LUD-06's words");
      await new Promise((r) => setTimeout(r, 1100));
    }
  });

  test("the in-process limiter resets every second", async () => {
    let now = 10_000;
    const limiter = makeMemoryRateLimiter(() => now);
    assert.equal((await limiter.hit("k", 1)).allowed, true);
    assert.equal((await limiter.hit("k", 1)).allowed, false);
    now += 1000;
    assert.equal((await limiter.hit("k", 1)).allowed, true);
  });

  test("minute windows (the checkout budgets) count apart from the per-second ones and reset at the minute, in process and on Redis", async () => {
    let now = 120_000;
    const limiters = [makeMemoryRateLimiter(() => now)];
    if (REDIS_URL) {
      const prefix = `tostao:test:${randomBytes(4).toString("hex")}:`;
      limiters.push(makeRedisRateLimiter(REDIS_URL, { prefix, now: () => now }));
      // Until connected it fails open, which would read as a count let through.
      for (const l of limiters) await l.ready();
    }
    try {
      for (const limiter of limiters) {
        now = 120_000;
        assert.equal((await limiter.hit("k", 2, 60)).allowed, true, limiter.kind);
        now += 1000; // a new second, the same minute
        assert.equal((await limiter.hit("k", 1)).allowed, true, "the per-second count is its own");
        assert.equal((await limiter.hit("k", 2, 60)).allowed, true);
        const third = await limiter.hit("k", 2, 60);
        assert.equal(third.allowed, false, limiter.kind);
        assert.equal(third.resetSec, 59, "seconds to the next minute");
        now = 180_000;
        assert.equal((await limiter.hit("k", 2, 60)).allowed, true, "a new minute");
      }
    } finally {
      for (const l of limiters) await l.close();
    }
  });

  test("with Redis, two limiters (two instances) share one count", {
    skip: !REDIS_URL && "REDIS_URL not set",
  }, async () => {
    const prefix = `tostao:test:${randomBytes(4).toString("hex")}:`;
    const now = () => 5_000_000; // the same window for both
    const one = makeRedisRateLimiter(REDIS_URL ?? "", { prefix, now });
    const two = makeRedisRateLimiter(REDIS_URL ?? "", { prefix, now });
    try {
      await Promise.all([one.ready(), two.ready()]); // until connected, each fails open
      assert.equal((await one.hit("k", 3)).allowed, true);
      assert.equal((await two.hit("k", 3)).allowed, true);
      assert.equal((await one.hit("k", 3)).allowed, true);
      const fourth = await two.hit("k", 3);
      assert.equal(fourth.allowed, false);
      assert.equal(fourth.remaining, 0);
    } finally {
      await one.close();
      await two.close();
    }
  });

  test("an unreachable Redis lets requests through instead of failing them", async () => {
    const limiter = makeRedisRateLimiter("redis://127.0.0.1:1");
    try {
      assert.equal((await limiter.hit("k", 1)).allowed, true);
      assert.equal((await limiter.hit("k", 1)).allowed, true);
    } finally {
      await limiter.close();
    }
  });

  test("a service whose Redis is unreachable lets requests through, warns once and counts each", async () => {
    const lines: string[] = [];
    const down = await startTestService({
      env: {
        REDIS_URL: "redis://127.0.0.1:1", // nothing listens there
        TOSTAO_RATE_LIMIT_TEST: "2",
        TOSTAO_METRICS: "open",
        LOG_LEVEL: "warn",
      },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const a = await down.newAccount();
      const results = await Promise.all(
        Array.from({ length: 6 }, () => down.call("GET", "/api/auth/tokens", { token: a.test })),
      );
      assert.deepEqual(
        results.map((r) => r.statusCode),
        Array(6).fill(200),
        "over the rate, but let through",
      );
      const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
      assert.equal(warnings.length, 1, "one warning, not one per request");
      assert.match(warnings[0].msg, /rate limiter unavailable/);
      const metrics = (await down.call("GET", "/metrics")).body;
      assert.match(metrics, /^tostao_rate_limiter_failures_total 6$/m);
    } finally {
      await down.close();
    }
  });

  test("the fail-open warning is logged at most once per 30 s, saying how many went through", () => {
    let now = 1_000_000;
    let counted = 0;
    const warned: Array<Record<string, unknown>> = [];
    const report = makeFailOpenReport({
      warn: (detail) => void warned.push(detail),
      count: () => void counted++,
      now: () => now,
    });
    const err = new Error("connect ECONNREFUSED 127.0.0.1:1");
    report(err);
    for (let i = 0; i < 9; i++) {
      now += 1_000;
      report(err);
    }
    assert.equal(warned.length, 1);
    now += FAIL_OPEN_WARN_EVERY_MS;
    report(err);
    assert.equal(counted, 11, "every request let through is counted");
    assert.deepEqual(warned, [
      { error: err.message, letThrough: 1 },
      { error: err.message, letThrough: 10 },
    ]);
  });
});
