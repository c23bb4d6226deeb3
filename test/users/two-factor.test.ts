import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Secret, TOTP } from "otpauth";
import {
  beginTotp,
  checkSecondFactor,
  confirmTotp,
  disableTotp,
} from "../../src/domain/users/two-factor.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import {
  addUser,
  getPage,
  PASSWORD,
  postForm,
  signInAttempt,
  signInInject,
} from "../helpers/dashboard.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Two-factor sign-in (issue 36): the guarantees of the codes themselves (replay, window,
// recovery codes, the secret sealed at rest), of the sign-in's code step (no session before the
// code, wrong codes throttled) and of the fresh factor asked before a live key.

const STEP = 30_000;
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

describe("two-factor sign-in", () => {
  let svc: TestService;
  // Mid-step, so ±1 step around "now" is unambiguous.
  const clock = manualClock(new Date("2026-11-22T10:00:15.000Z"));
  before(async () => {
    svc = await startTestService({
      clock,
      env: { TOSTAO_SIGNIN_ATTEMPTS_PER_EMAIL: "3", TOSTAO_SUDO_SECONDS: "60" },
    });
  });
  after(() => svc.close());

  const auditOf = (accountId: string, email: string) => ({
    accountId,
    actor: { kind: "user" as const, id: email, ip: "192.0.2.40" },
  });

  async function enrolled(email: string) {
    const a = await svc.newAccount();
    const user = await addUser(svc, a.accountId, email);
    const who = { userId: user.id, email };
    const { secret, uri } = await beginTotp(svc.deps, who);
    clock.advance(STEP);
    const { recoveryCodes } = await confirmTotp(
      svc.deps,
      who,
      codeAt(secret, clock.now()),
      auditOf(a.accountId, email),
    );
    clock.advance(STEP);
    return { a, user, who, secret, uri, recoveryCodes };
  }

  test("the secret is sealed at rest and the recovery codes stored only hashed", async () => {
    const { user, secret, uri, recoveryCodes } = await enrolled("sealed@example.com");
    assert.match(uri, /^otpauth:\/\/totp\/Tost%C3%A3o:sealed%40example\.com\?/);
    assert.match(uri, /issuer=Tost%C3%A3o/);
    assert.equal(recoveryCodes.length, 10);
    for (const c of recoveryCodes) assert.match(c, /^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const [row] = await svc.deps.db.query<{ totp_secret: string; totp_pending: string | null }>(
      "SELECT totp_secret, totp_pending FROM users WHERE id = $1",
      [user.id],
    );
    assert.ok(row, "the user's row");
    assert.ok(row.totp_secret.startsWith("v1:"), "sealed");
    assert.ok(!row.totp_secret.includes(secret), "the secret is not in the row");
    assert.equal(row.totp_pending, null);
    const hashes = await svc.deps.db.query<{ code_hash: string }>(
      "SELECT code_hash FROM user_recovery_codes WHERE user_id = $1",
      [user.id],
    );
    assert.equal(hashes.length, 10);
    const stored = hashes.map((h) => h.code_hash).join(" ");
    for (const c of recoveryCodes) {
      assert.ok(!stored.includes(c) && !stored.includes(c.replace("-", "")));
    }
  });

  test("a code is accepted one step either side of now, and never twice (even inside its window)", async () => {
    const { who, secret } = await enrolled("window@example.com");
    // The set-up's code took a step: move past it, so the steps around now are all unused.
    clock.advance(2 * STEP);
    const now = clock.now();
    const at = (steps: number) => codeAt(secret, new Date(now.getTime() + steps * STEP));
    assert.equal(await checkSecondFactor(svc.deps, who, at(-2)), "wrong", "two steps old");
    assert.equal(await checkSecondFactor(svc.deps, who, at(2)), "wrong", "two steps ahead");
    assert.equal(await checkSecondFactor(svc.deps, who, at(-1)), "app", "a step behind");
    assert.equal(await checkSecondFactor(svc.deps, who, at(-1)), "wrong", "replayed");
    assert.equal(await checkSecondFactor(svc.deps, who, at(0)), "app");
    assert.equal(await checkSecondFactor(svc.deps, who, at(0)), "wrong", "replayed in its step");
    assert.equal(await checkSecondFactor(svc.deps, who, at(1)), "app", "a step ahead");
    clock.advance(STEP);
    assert.equal(
      await checkSecondFactor(svc.deps, who, codeAt(secret, clock.now())),
      "wrong",
      "the step a code ahead already used",
    );
    clock.advance(STEP);
    assert.equal(await checkSecondFactor(svc.deps, who, codeAt(secret, clock.now())), "app");
  });

  test("a recovery code works once, typed in any case and with or without the dash", async () => {
    const { who, recoveryCodes } = await enrolled("recovery@example.com");
    const [first, second] = recoveryCodes as [string, string];
    assert.equal(await checkSecondFactor(svc.deps, who, first.toUpperCase()), "recovery");
    assert.equal(await checkSecondFactor(svc.deps, who, first), "wrong", "used once");
    assert.equal(
      await checkSecondFactor(svc.deps, who, ` ${second.replace("-", "")} `),
      "recovery",
    );
    assert.equal(await checkSecondFactor(svc.deps, who, "abcde-fghjk"), "wrong");
  });

  test("turning TOTP off needs a current code (or a recovery code)", async () => {
    const { a, who, recoveryCodes } = await enrolled("off@example.com");
    const audit = auditOf(a.accountId, "off@example.com");
    const throttle = {
      ...svc.deps,
      attempts: svc.deps.signInAttempts,
      limits: { perEmail: 99, perIp: 99 },
    };
    await assert.rejects(
      disableTotp(throttle, { ...who, ip: "192.0.2.40" }, "000000", audit),
      /totp: is not a current code/,
    );
    await disableTotp(throttle, { ...who, ip: "192.0.2.40" }, recoveryCodes[0] ?? "", audit);
    const [row] = await svc.deps.db.query<{ totp_secret: string | null }>(
      "SELECT totp_secret FROM users WHERE id = $1",
      [who.userId],
    );
    assert.equal(row?.totp_secret, null);
    const left = await svc.deps.db.query("SELECT 1 FROM user_recovery_codes WHERE user_id = $1", [
      who.userId,
    ]);
    assert.equal(left.length, 0, "the recovery codes go with it");
    // Set up again, then off with the app's code.
    const again = await beginTotp(svc.deps, who);
    clock.advance(STEP);
    await confirmTotp(svc.deps, who, codeAt(again.secret, clock.now()), audit);
    clock.advance(STEP);
    await disableTotp(
      throttle,
      { ...who, ip: "192.0.2.40" },
      codeAt(again.secret, clock.now()),
      audit,
    );
    // The account's audit log holds each change, the recovery code spent, and no secret.
    const log = await svc.deps.db.query<{ action: string; ip: string | null; changes: unknown }>(
      "SELECT action, ip, changes FROM audit_log WHERE account_id = $1 ORDER BY seq",
      [a.accountId],
    );
    assert.deepEqual(
      log.map((e) => e.action).filter((x) => x.startsWith("two_factor.")),
      [
        "two_factor.enabled",
        "two_factor.recovery_code_used",
        "two_factor.disabled",
        "two_factor.enabled",
        "two_factor.disabled",
      ],
    );
    assert.ok(log.every((e) => e.ip === null || e.ip === "192.0.2.40"));
    const text = JSON.stringify(log);
    assert.ok(!text.includes(recoveryCodes[0] ?? "-"), "no recovery code in the log");
    assert.ok(!text.includes(again.secret), "no secret in the log");
  });

  test("the security page's two-factor refusals read in English on an English page, and in Portuguese on a pt-BR one", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "lang@example.com");
    const s = await signInInject(svc, "lang@example.com");
    const off = (lang: string) =>
      postForm(
        svc,
        s,
        "/dashboard/security/totp/disable",
        { code: "123456", _csrf: s.csrf },
        { "accept-language": lang, origin: svc.deps.config.baseUrl ?? "http://localhost:80" },
      );
    const en = await off("en");
    assert.equal(en.statusCode, 422, en.body.slice(0, 300));
    assert.match(en.body, /Two-step verification is not on\./);
    assert.doesNotMatch(en.body, /totp:|não está ativad/i);
    const pt = await off("pt-BR");
    assert.match(pt.body, /A verificação em duas etapas não está ativada\./);
    assert.doesNotMatch(pt.body, /totp:|is not on/);
  });

  /** Posts the code step with the pending cookie. */
  const postCode = (pending: string, code: string, ip = "192.0.2.50") =>
    svc.app.inject({
      method: "POST",
      url: "/dashboard/sign-in/code",
      remoteAddress: ip,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: svc.deps.config.baseUrl ?? "http://localhost:80",
      },
      cookies: { tostao_signin: pending },
      payload: new URLSearchParams({ code, next: "/dashboard" }).toString(),
    });
  const pendingOf = (res: { headers: Record<string, unknown> }) => {
    const set = String(res.headers["set-cookie"] ?? "");
    assert.doesNotMatch(set, /tostao_session=[^;]/, "no session before the code");
    const v = /tostao_signin=([^;]+)/.exec(set)?.[1];
    assert.ok(v, "a pending sign-in cookie");
    return v;
  };

  test("the password alone opens no session; the right code does, and a wrong one is refused", async () => {
    const { secret } = await enrolled("steps@example.com");
    const res = await signInAttempt(svc, "steps@example.com", PASSWORD, "192.0.2.50");
    assert.equal(res.statusCode, 303);
    assert.match(String(res.headers.location), /^\/dashboard\/sign-in\/code/);
    const pending = pendingOf(res);
    // The pending cookie is no session cookie.
    const home = await getPage(svc, { cookie: pending }, "/dashboard");
    assert.equal(home.statusCode, 303);
    const wrong = await postCode(pending, "000000");
    assert.equal(wrong.statusCode, 401);
    const right = await postCode(pending, codeAt(secret, clock.now()));
    assert.equal(right.statusCode, 303);
    const cookie = /tostao_session=([^;]+)/.exec(String(right.headers["set-cookie"]))?.[1];
    assert.ok(cookie);
    assert.equal((await getPage(svc, { cookie }, "/dashboard")).statusCode, 200);
    // The same pending sign-in is spent; and the same code on a new sign-in is a replay.
    assert.equal((await postCode(pending, codeAt(secret, clock.now()))).statusCode, 401);
    const again = pendingOf(await signInAttempt(svc, "steps@example.com", PASSWORD, "192.0.2.50"));
    assert.equal((await postCode(again, codeAt(secret, clock.now()))).statusCode, 401);
  });

  test("wrong codes are counted by the sign-in throttle: past the e-mail's budget, even the right code waits (429)", async () => {
    const { secret } = await enrolled("throttle@example.com");
    const ip = "192.0.2.60";
    const pending = pendingOf(await signInAttempt(svc, "throttle@example.com", PASSWORD, ip));
    for (let i = 0; i < 3; i++)
      assert.equal((await postCode(pending, "111111", ip)).statusCode, 401);
    const held = await postCode(pending, codeAt(secret, clock.now()), ip);
    assert.equal(held.statusCode, 429);
    assert.ok(held.headers["retry-after"]);
    // The owner from another address is not locked out.
    const other = pendingOf(
      await signInAttempt(svc, "throttle@example.com", PASSWORD, "192.0.2.61"),
    );
    assert.equal(
      (await postCode(other, codeAt(secret, clock.now()), "192.0.2.61")).statusCode,
      303,
    );
  });

  test("a live key after the sudo window asks for a fresh code, then is made from the kept form", async () => {
    const { secret } = await enrolled("sudo@example.com");
    const ip = "192.0.2.70";
    const pending = pendingOf(await signInAttempt(svc, "sudo@example.com", PASSWORD, ip));
    clock.advance(STEP);
    const signedIn = await postCode(pending, codeAt(secret, clock.now()), ip);
    const cookie = /tostao_session=([^;]+)/.exec(String(signedIn.headers["set-cookie"]))?.[1] ?? "";
    const page = await getPage(svc, { cookie }, "/dashboard/keys");
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    const once = /name="_once" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    const fields = { _csrf: csrf, _once: once, label: "payouts", mode: "live", scopes: "all" };
    // Inside the window (sign-in counts): straight through.
    const first = await postForm(svc, { cookie }, "/dashboard/keys", fields);
    assert.match(first.body, /svc_prod_/);
    clock.advance(61_000);
    const page2 = await getPage(svc, { cookie }, "/dashboard/keys");
    const once2 = /name="_once" value="([^"]+)"/.exec(page2.body)?.[1] ?? "";
    const asked = await postForm(svc, { cookie }, "/dashboard/keys", {
      ...fields,
      _once: once2,
      label: "later",
    });
    assert.equal(asked.statusCode, 200);
    assert.doesNotMatch(asked.body, /svc_prod_/);
    const ref = /name="_sudo" value="([^"]+)"/.exec(asked.body)?.[1];
    assert.ok(ref, "the code page keeps the form by reference");
    assert.doesNotMatch(asked.body, /value="later"/, "the fields stay on the server");
    const bad = await postForm(svc, { cookie }, "/dashboard/keys", {
      _csrf: csrf,
      _sudo: ref,
      sudo_answer: "000000",
    });
    assert.equal(bad.statusCode, 401);
    assert.doesNotMatch(bad.body, /svc_prod_/);
    const made = await postForm(svc, { cookie }, "/dashboard/keys", {
      _csrf: csrf,
      _sudo: ref,
      sudo_answer: codeAt(secret, clock.now()),
    });
    assert.equal(made.statusCode, 200);
    assert.match(made.body, /svc_prod_/);
    assert.match(made.body, /later/);
    // A test key never asks.
    clock.advance(61_000);
    const page3 = await getPage(svc, { cookie }, "/dashboard/keys");
    const once3 = /name="_once" value="([^"]+)"/.exec(page3.body)?.[1] ?? "";
    const testKey = await postForm(svc, { cookie }, "/dashboard/keys", {
      ...fields,
      _once: once3,
      mode: "test",
    });
    assert.match(testKey.body, /svc_test_/);
  });
});
