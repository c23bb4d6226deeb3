import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { addUser, PASSWORD, signInAttempt } from "../helpers/dashboard.ts";
import { type TestService, useFileService } from "../helpers/service.ts";

// Sign-in throttling counts failures only, per (e-mail, IP) pair and per IP, with a growing wait
// per e-mail instead of a lockout: a stranger who knows the owner's e-mail cannot lock the
// owner out, and a Redis outage does not make guessing free.

const attempt = signInAttempt;

async function codes(svc: TestService, email: string, password: string, ip: string, n: number) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await attempt(svc, email, password, ip)).statusCode);
  return out;
}

describe("sign-in throttling", () => {
  const svc = useFileService({
    env: { TOSTAO_SIGNIN_ATTEMPTS_PER_EMAIL: "10", TOSTAO_SIGNIN_ATTEMPTS_PER_IP: "15" },
  });

  test("ten wrong passwords from one IP do not stop the real owner signing in from another IP", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "owner@example.com");
    const stranger = await codes(svc, "owner@example.com", "guess-password", "198.51.100.1", 11);
    assert.deepEqual(stranger, [...Array(10).fill(401), 429], "the stranger's pair is throttled");
    const started = performance.now();
    const owner = await attempt(svc, "owner@example.com", PASSWORD, "203.0.113.5");
    const waited = performance.now() - started;
    assert.equal(owner.statusCode, 303, owner.body.slice(0, 200));
    // The e-mail's failures cost the next attempt a wait (0.5 s after ten), never a refusal.
    assert.ok(waited >= 450 && waited < 10_000, `waited ${waited} ms`);
    // The stranger's address stays throttled for that e-mail, with Retry-After.
    const again = await attempt(svc, "owner@example.com", PASSWORD, "198.51.100.1");
    assert.equal(again.statusCode, 429);
    assert.ok(Number(again.headers["retry-after"]) > 0);
    assert.equal(again.headers["set-cookie"], undefined);
  });

  test("successes do not count: an owner signing in again and again is never throttled", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "busy@example.com");
    const ok = await codes(svc, "busy@example.com", PASSWORD, "198.51.100.2", 16);
    assert.deepEqual(ok, Array(16).fill(303), "past both the pair's 10 and the address's 15");
    // Failures still count from there: nine wrong, then the tenth wrong, then throttled.
    const wrong = await codes(svc, "busy@example.com", "wrong-password", "198.51.100.2", 11);
    assert.deepEqual(wrong, [...Array(10).fill(401), 429]);
  });

  test("one address guessing across many e-mails is throttled by its per-IP budget, an IPv6 client by its /64", async () => {
    const guesses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const ip = `2001:db8:5:6::${i + 1}`;
      guesses.push(
        (await attempt(svc, `nobody-${i}@example.com`, "guess-password", ip)).statusCode,
      );
    }
    assert.deepEqual(guesses, [...Array(15).fill(401), 429]);
    // Another /64 is another client.
    assert.equal(
      (await attempt(svc, "nobody@example.com", "guess-password", "2001:db8:5:7::1")).statusCode,
      401,
    );
  });
});

describe("sign-in throttling with Redis down", () => {
  const svc = useFileService({
    // Nothing listens on port 1: every Redis call fails at once.
    env: { REDIS_URL: "redis://127.0.0.1:1", TOSTAO_SIGNIN_ATTEMPTS_PER_EMAIL: "5" },
  });

  test("still throttles, counting in the process instead of letting guesses through", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "down@example.com");
    const got = await codes(svc, "down@example.com", "guess-password", "198.51.100.9", 7);
    assert.deepEqual(got, [401, 401, 401, 401, 401, 429, 429]);
    // Successes still do not count, and the owner elsewhere still signs in.
    assert.equal(
      (await attempt(svc, "down@example.com", PASSWORD, "198.51.100.10")).statusCode,
      303,
    );
  });
});
