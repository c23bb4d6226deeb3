import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createUserLink } from "../../src/domain/users/user-links.ts";
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

describe("dashboard sessions and web security", () => {
  let svc: TestService;
  const clock = manualClock(new Date());
  before(async () => {
    svc = await startTestService({ clock });
  });
  after(() => svc.close());

  test("the session cookie is HttpOnly and SameSite=Lax; a page without a session goes to sign-in", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "cookie@example.com");
    const s = await signInInject(svc, "cookie@example.com");
    assert.match(s.setCookie, /HttpOnly/);
    assert.match(s.setCookie, /SameSite=Lax/);
    assert.match(s.setCookie, /Path=\/dashboard/);
    assert.doesNotMatch(s.setCookie, /Secure/, "http base URL: not Secure");
    const anon = await svc.app.inject({ method: "GET", url: "/dashboard/charges" });
    assert.equal(anon.statusCode, 303);
    assert.equal(anon.headers.location, "/dashboard/sign-in?next=%2Fdashboard%2Fcharges");
    const slash = await svc.app.inject({ method: "GET", url: "/dashboard/" });
    assert.equal(slash.statusCode, 301, "the address typed with a trailing slash is the dashboard");
    assert.equal(slash.headers.location, "/dashboard");
  });

  test("a form post without the session's CSRF token, or from another origin, is refused and changes nothing", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "csrf@example.com");
    const s = await signInInject(svc, "csrf@example.com");
    const noToken = await postForm(svc, s, "/dashboard/products", { name: "Evil", value: "1,00" });
    assert.equal(noToken.statusCode, 403);
    assert.match(noToken.body, /formulário expirou ou veio de outro site/);
    const wrongToken = await postForm(svc, s, "/dashboard/products", {
      name: "Evil",
      value: "1,00",
      _csrf: "x".repeat(32),
    });
    assert.equal(wrongToken.statusCode, 403);
    const foreign = await postForm(
      svc,
      s,
      "/dashboard/products",
      { name: "Evil", value: "1,00", _csrf: s.csrf },
      { origin: "https://evil.example" },
    );
    assert.equal(foreign.statusCode, 403);
    const list = await getPage(svc, s, "/dashboard/products");
    assert.doesNotMatch(list.body, /Evil/, "no product was created");
    const ok = await postForm(
      svc,
      s,
      "/dashboard/products",
      { name: "Good", value: "1,00", _csrf: s.csrf },
      { origin: "http://localhost:80" },
    );
    assert.equal(ok.statusCode, 200, ok.body.slice(0, 300));
    assert.match(ok.body, /Produto Good criado/);
  });

  test("a session of account A never sees account B's charge; a test-mode page never shows a live charge", async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    await addUser(svc, a.accountId, "a@example.com");
    const bCharge = (
      await svc.call("POST", "/api/pix/charge/create", {
        token: b.test,
        body: { value: 5, title: "B secret order" },
      })
    ).json().data.chargeId;
    const s = await signInInject(svc, "a@example.com");
    const detail = await getPage(svc, s, `/dashboard/charges/${bCharge}`);
    assert.equal(detail.statusCode, 404);
    assert.doesNotMatch(detail.body, /B secret order/);
    const list = await getPage(svc, s, "/dashboard/charges");
    assert.doesNotMatch(list.body, /B secret order/);
    // A live charge of A (a live PIX provider is not configured, so a Bitcoin one with a wallet).
    await svc.call("POST", "/api/crypto/wallet", {
      token: a.live,
      body: {
        key: "xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz",
      },
    });
    const live = await svc.call("POST", "/api/crypto/charge/create", {
      token: a.live,
      body: { value: 50, product_name: "Live order" },
    });
    assert.equal(live.statusCode, 200, live.body);
    await svc.call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: { value: 5, title: "Test order" },
    });
    const testList = await getPage(svc, s, "/dashboard/charges");
    assert.match(testList.body, /Test order/);
    assert.doesNotMatch(testList.body, /Live order/, "test mode shows no live charge");
    assert.match(testList.body, /Dados de teste/);
    const liveDetail = await getPage(svc, s, `/dashboard/charges/${live.json().data.chargeId}`);
    assert.equal(liveDetail.statusCode, 404, "a live charge is not found in test mode");
    await postForm(svc, s, "/dashboard/mode", {
      mode: "live",
      return: "/dashboard/charges",
      _csrf: s.csrf,
    });
    const liveList = await getPage(svc, s, "/dashboard/charges");
    assert.match(liveList.body, /Live order/);
    assert.doesNotMatch(liveList.body, /Test order/);
    assert.doesNotMatch(liveList.body, /Dados de teste/);
  });

  test("a charge titled <script> renders as text on the list and its page", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "xss@example.com");
    const title = `<script>alert("x")</script>`;
    const id = (
      await svc.call("POST", "/api/pix/charge/create", { token: a.test, body: { value: 5, title } })
    ).json().data.chargeId;
    const s = await signInInject(svc, "xss@example.com");
    for (const url of ["/dashboard/charges", `/dashboard/charges/${id}`, "/dashboard"]) {
      const res = await getPage(svc, s, url);
      assert.equal(res.statusCode, 200, url);
      assert.ok(!res.body.includes(title), `${url}: raw`);
      assert.ok(
        res.body.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"),
        `${url}: escaped`,
      );
    }
  });

  test("a charge page shows only its own notices: ?done= of any other text shows nothing", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "notice@example.com");
    const id = (
      await svc.call("POST", "/api/pix/charge/create", { token: a.test, body: { value: 5 } })
    ).json().data.chargeId;
    const s = await signInInject(svc, "notice@example.com");
    const known = await getPage(svc, s, `/dashboard/charges/${id}?done=created`);
    assert.match(known.body, /Cobrança criada\./);
    const forged = await getPage(svc, s, `/dashboard/charges/${id}?done=Conta+bloqueada`);
    assert.equal(forged.statusCode, 200);
    assert.ok(!forged.body.includes("Conta bloqueada"), "a link's text is not a notice");
    assert.ok(!forged.body.includes("charges.done."), "nor a message key");
  });

  test("an unknown e-mail and a wrong password get the same answer; ten wrong passwords do not lock the e-mail out", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "victim@example.com");
    const attempt = (email: string, password: string, ip = "10.0.0.1") =>
      signInAttempt(svc, email, password, ip);
    const unknown = await attempt("nobody@example.com", "whatever-password");
    const wrong = await attempt("victim@example.com", "whatever-password");
    assert.equal(unknown.statusCode, 401);
    assert.equal(wrong.statusCode, 401);
    const message = (b: string) => /class="flash error"[^>]*>([^<]+)</.exec(b)?.[1];
    assert.equal(message(unknown.body), message(wrong.body));
    for (let i = 2; i <= 10; i++) {
      assert.equal(
        (await attempt("victim@example.com", `wrong-${i}-password`, `10.0.1.${i}`)).statusCode,
        401,
      );
    }
    // The eleventh, with the right password from another address, signs in (after a short
    // wait): a per-e-mail lockout would be anyone's to trigger (test/web/sign-in-throttle.test.ts).
    const owner = await attempt("victim@example.com", PASSWORD, "10.0.2.1");
    assert.equal(owner.statusCode, 303);
    // Another e-mail from that address still signs in.
    await addUser(svc, a.accountId, "other@example.com");
    assert.equal((await attempt("other@example.com", PASSWORD, "10.0.2.1")).statusCode, 303);
    clock.advance(15 * 60_000);
  });

  test("sessions rotate at sign-in, expire when idle, and sign-out everywhere ends them all", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "rotate@example.com");
    const first = await signInInject(svc, "rotate@example.com");
    const second = await signInInject(svc, "rotate@example.com");
    assert.notEqual(first.cookie, second.cookie);
    // Signing in with a session cookie already set ends that session (a planted id is useless).
    const again = await svc.app.inject({
      method: "POST",
      url: "/dashboard/sign-in",
      cookies: { tostao_session: first.cookie },
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost:80",
      },
      payload: new URLSearchParams({ email: "rotate@example.com", password: PASSWORD }).toString(),
    });
    assert.equal(again.statusCode, 303);
    assert.equal(
      (await getPage(svc, first, "/dashboard")).statusCode,
      303,
      "the old session is gone",
    );
    assert.equal((await getPage(svc, second, "/dashboard")).statusCode, 200);
    // Idle past the limit (120 min by default).
    clock.advance(121 * 60_000);
    assert.equal(
      (await getPage(svc, second, "/dashboard")).statusCode,
      303,
      "idle session expired",
    );
    const x = await signInInject(svc, "rotate@example.com");
    const y = await signInInject(svc, "rotate@example.com");
    const out = await postForm(svc, x, "/dashboard/sign-out-everywhere", { _csrf: x.csrf });
    assert.equal(out.statusCode, 303);
    assert.equal((await getPage(svc, x, "/dashboard")).statusCode, 303);
    assert.equal((await getPage(svc, y, "/dashboard")).statusCode, 303);
  });

  test("a session in use still ends 12 hours after sign-in (the absolute limit)", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "busy@example.com");
    const s = await signInInject(svc, "busy@example.com");
    for (let h = 0; h < 11; h++) {
      clock.advance(60 * 60_000);
      assert.equal(
        (await getPage(svc, s, "/dashboard")).statusCode,
        200,
        `after ${h + 1} h of use`,
      );
    }
    clock.advance(61 * 60_000);
    assert.equal((await getPage(svc, s, "/dashboard")).statusCode, 303, "past 12 h");
  });

  test("a setup link works once and for 24 hours only", async () => {
    const a = await svc.newAccount();
    const form = (code: string, email: string) =>
      svc.app.inject({
        method: "POST",
        url: "/dashboard/setup",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "http://localhost:80",
        },
        payload: new URLSearchParams({
          code,
          email,
          password: PASSWORD,
          confirm: PASSWORD,
          display_name: "Loja da Dona",
        }).toString(),
      });
    const once = await createUserLink(svc.deps, { kind: "setup", accountId: a.accountId });
    assert.equal(
      (await svc.app.inject({ method: "GET", url: `/dashboard/setup?code=${once.code}` }))
        .statusCode,
      200,
    );
    assert.equal((await form(once.code, "first@example.com")).statusCode, 303);
    assert.equal((await form(once.code, "second@example.com")).statusCode, 404, "used up");
    const old = await createUserLink(svc.deps, { kind: "invite", accountId: a.accountId });
    clock.advance(24 * 3_600_000 + 1000);
    assert.equal(
      (await svc.app.inject({ method: "GET", url: `/dashboard/setup?code=${old.code}` }))
        .statusCode,
      404,
    );
    assert.equal((await form(old.code, "late@example.com")).statusCode, 404, "expired");
    await signInInject(svc, "first@example.com");
  });

  test("guessing the current password to change it spends the e-mail's sign-in attempts, then is refused", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "guess@example.com");
    const s = await signInInject(svc, "guess@example.com");
    const change = (current: string) =>
      postForm(svc, s, "/dashboard/account/password", {
        _csrf: s.csrf,
        current,
        next: "a brand new password",
        confirm: "a brand new password",
      });
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await change(`wrong guess ${i}`)).statusCode);
    assert.ok(
      codes.slice(0, 9).every((c) => c === 403),
      `wrong guesses first: ${codes}`,
    );
    assert.equal(codes.at(-1), 429, `then throttled: ${codes}`);
    assert.equal((await change(PASSWORD)).statusCode, 429, "even the right one, for the window");
  });

  test("changing the password ends the user's other sessions; removing a user ends theirs", async () => {
    const a = await svc.newAccount();
    const owner = await addUser(svc, a.accountId, "owner@example.com");
    const other = await addUser(svc, a.accountId, "other-user@example.com");
    const here = await signInInject(svc, "owner@example.com");
    const elsewhere = await signInInject(svc, "owner@example.com");
    const changed = await postForm(svc, here, "/dashboard/account/password", {
      _csrf: here.csrf,
      current: PASSWORD,
      next: "a brand new password",
      confirm: "a brand new password",
    });
    assert.equal(changed.statusCode, 200);
    assert.match(changed.body, /Senha trocada/);
    assert.equal((await getPage(svc, here, "/dashboard")).statusCode, 200, "this session stays");
    assert.equal((await getPage(svc, elsewhere, "/dashboard")).statusCode, 303, "the other ends");

    const theirs = await signInInject(svc, "other-user@example.com");
    const removed = await postForm(svc, here, `/dashboard/account/users/${other.id}/remove`, {
      _csrf: here.csrf,
    });
    assert.match(removed.body, /Usuário removido/);
    assert.equal((await getPage(svc, theirs, "/dashboard")).statusCode, 303, "their session ended");
    const self = await postForm(svc, here, `/dashboard/account/users/${owner.id}/remove`, {
      _csrf: here.csrf,
    });
    assert.equal(self.statusCode, 422, "nobody removes themselves");
  });
});

describe("dashboard cookies behind https", () => {
  test("with an https TOSTAO_BASE_URL the session cookie is Secure, and forms must come from that origin", async () => {
    const svc = await startTestService({ env: { TOSTAO_BASE_URL: "https://pay.example.com" } });
    try {
      const a = await svc.newAccount();
      await addUser(svc, a.accountId, "tls@example.com");
      const s = await signInInject(svc, "tls@example.com");
      assert.match(s.setCookie, /; Secure/);
      const local = await postForm(
        svc,
        s,
        "/dashboard/products",
        { name: "X", value: "1", _csrf: s.csrf },
        { origin: "http://localhost" },
      );
      assert.equal(local.statusCode, 403, "an Origin other than TOSTAO_BASE_URL's is refused");
      const ok = await postForm(
        svc,
        s,
        "/dashboard/products",
        { name: "X", value: "1", _csrf: s.csrf },
        { origin: "https://pay.example.com" },
      );
      assert.equal(ok.statusCode, 200);
    } finally {
      await svc.close();
    }
  });
});
