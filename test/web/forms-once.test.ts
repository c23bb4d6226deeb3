import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createUserLink } from "../../src/domain/users/user-links.ts";
import { addUser, getPage, PASSWORD, postForm, signInInject } from "../helpers/dashboard.ts";
import { useFileService } from "../helpers/service.ts";

// Issue 22 on the pages, through inject(): a form that creates something carries a key per
// render, so the same submission sent twice creates once; the checkout's budgets are spent after
// that lookup; sign-in and setup refuse a post without this site's Origin; the account's display
// name is what payers see, set at setup, from the dashboard and the API.

const svc = useFileService({
  env: {
    TOSTAO_WORKERS: "false",
    TOSTAO_CHECKOUT_PER_IP_PER_MINUTE: "2",
    TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
  },
});

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const SAME_ORIGIN = { origin: "http://localhost:80" };
const onceKey = (body: string) => /name="_once" value="([^"]+)"/.exec(body)?.[1] ?? "";
const count = async (sql: string, params: unknown[]) =>
  Number((await svc.deps.db.query<{ n: number }>(sql, params))[0]?.n ?? 0);

/**
 * The checkout budget counts per minute of the wall clock: a test that spends it and then
 * expects a 429 starts with ten seconds of its minute left at least, or the count would start
 * over midway (seen on a loaded machine: a 303 where the budget was spent).
 */
async function insideOneBudgetWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
}

/** A sandbox PIX charge of R$ 5, paid (created, pending, approved: three events). */
async function paidCharge(token: string): Promise<string> {
  const c = await svc.call("POST", "/api/pix/charge/create", { token, body: { value: 5 } });
  assert.equal(c.statusCode, 200, c.body);
  const id = c.json().data.chargeId as string;
  const paid = await svc.call("POST", "/api/pix/charge/simulate-pay", {
    token,
    body: { charge_id: id },
  });
  assert.equal(paid.statusCode, 200, paid.body);
  return id;
}

async function signedIn(email: string) {
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, email);
  return { a, s: await signInInject(svc, email) };
}

describe("forms that create, sent twice, create once", () => {
  test("a product form posted twice with its key makes one product; a new render makes another", async () => {
    const { a, s } = await signedIn("twice-product@example.com");
    const key = onceKey((await getPage(svc, s, "/dashboard/products")).body);
    assert.ok(key, "the form carries a key");
    const fields = { name: "Caneca", value: "25,00", _once: key, _csrf: s.csrf };
    const [one, two] = await Promise.all([
      postForm(svc, s, "/dashboard/products", fields),
      postForm(svc, s, "/dashboard/products", fields),
    ]);
    assert.equal(one.statusCode, 200, one.body.slice(0, 300));
    assert.equal(two.statusCode, 200, two.body.slice(0, 300));
    const n = () =>
      count("SELECT count(*) AS n FROM products WHERE account_id = $1", [a.accountId]);
    assert.equal(await n(), 1, "one product for one submission");
    const key2 = onceKey(one.body);
    assert.notEqual(key2, key, "each render draws a new key");
    await postForm(svc, s, "/dashboard/products", { ...fields, _once: key2 });
    assert.equal(await n(), 2);
    // The same key with other values is refused, in Portuguese.
    const edited = await postForm(svc, s, "/dashboard/products", { ...fields, name: "Outra" });
    assert.equal(edited.statusCode, 422);
    assert.match(edited.body, /Formulário: este formulário já foi enviado/);
  });

  test("an API key form posted twice makes one key, and both answers show the same value", async () => {
    const { a, s } = await signedIn("twice-key@example.com");
    const key = onceKey((await getPage(svc, s, "/dashboard/keys")).body);
    const fields = { label: "loja", mode: "test", _once: key, _csrf: s.csrf };
    const one = await postForm(svc, s, "/dashboard/keys", fields);
    const two = await postForm(svc, s, "/dashboard/keys", fields);
    const value = (b: string) => /id="new-key">([^<]+)</.exec(b)?.[1];
    assert.ok(value(one.body));
    assert.equal(value(two.body), value(one.body));
    assert.equal(
      await count("SELECT count(*) AS n FROM api_tokens WHERE account_id = $1 AND label = 'loja'", [
        a.accountId,
      ]),
      1,
    );
    // The stored answer holds the key's value sealed, never in plaintext.
    const stored = await svc.deps.db.query<{ b: string }>(
      "SELECT response_body AS b FROM idempotency_keys WHERE account_id = $1 AND route = 'form:/dashboard/keys'",
      [a.accountId],
    );
    assert.equal(stored.length, 1);
    assert.ok(!stored[0]?.b.includes(value(one.body) ?? "x"));
  });

  test("a counter link form posted twice makes one link, both answers show the same URL, stored sealed", async () => {
    const { a, s } = await signedIn("twice-counter@example.com");
    const key = onceKey((await getPage(svc, s, "/dashboard/counter")).body);
    const fields = { label: "Caixa 1", _once: key, _csrf: s.csrf };
    const one = await postForm(svc, s, "/dashboard/counter", fields);
    const two = await postForm(svc, s, "/dashboard/counter", fields);
    const url = (b: string) => /id="new-counter-link">([^<]+)</.exec(b)?.[1];
    assert.match(url(one.body) ?? "", /\/counter\/[\w-]{43}$/);
    assert.equal(url(two.body), url(one.body));
    assert.equal(
      await count("SELECT count(*) AS n FROM counter_links WHERE account_id = $1", [a.accountId]),
      1,
    );
    const stored = await svc.deps.db.query<{ b: string }>(
      "SELECT response_body AS b FROM idempotency_keys WHERE account_id = $1 AND route = 'form:/dashboard/counter'",
      [a.accountId],
    );
    assert.equal(stored.length, 1);
    assert.ok(!stored[0]?.b.includes(url(one.body)?.slice(-43) ?? "x"));
  });

  test("a charge form posted twice makes one charge and both go to it", async () => {
    const { a, s } = await signedIn("twice-charge@example.com");
    const key = onceKey((await getPage(svc, s, "/dashboard/charges")).body);
    const fields = { method: "pix", value: "10,00", _once: key, _csrf: s.csrf };
    const one = await postForm(svc, s, "/dashboard/charges", fields);
    const two = await postForm(svc, s, "/dashboard/charges", fields);
    assert.equal(one.statusCode, 303);
    assert.equal(two.headers.location, one.headers.location);
    assert.equal(
      await count("SELECT count(*) AS n FROM charges WHERE account_id = $1", [a.accountId]),
      1,
    );
  });

  test("the checkout form sent again makes no second charge and spends no budget", async () => {
    const a = await svc.newAccount();
    const p = await svc.call("POST", "/api/products/create", {
      token: a.test,
      body: { name: "Camiseta", value: 49.9 },
    });
    const productId = p.json().data.id as string;
    const page = await svc.app.inject({ method: "GET", url: `/checkout/${productId}` });
    const key = onceKey(page.body);
    assert.ok(key, "the checkout form carries a key");
    const post = (k: string) =>
      svc.app.inject({
        method: "POST",
        url: `/checkout/${productId}`,
        remoteAddress: "10.9.0.1",
        headers: { ...FORM, ...SAME_ORIGIN },
        payload: new URLSearchParams({ method: "pix", _once: k }).toString(),
      });
    const first = await post(key);
    assert.equal(first.statusCode, 303);
    // The budget is 2 a minute per client: five replays would spend it, and do not.
    for (let i = 0; i < 5; i++) {
      const again = await post(key);
      assert.equal(again.statusCode, 303, `replay ${i}`);
      assert.equal(again.headers.location, first.headers.location);
    }
    assert.equal(
      await count("SELECT count(*) AS n FROM charges WHERE product_id = $1", [productId]),
      1,
    );
    // A new submission still has its budget left (one more of two).
    const other = await post("a-fresh-submission-key-01");
    assert.equal(other.statusCode, 303);
  });

  for (const [method, ip] of [
    ["pix", "10.9.0.3"],
    ["crypto", "10.9.0.4"],
  ] as const) {
    test(`a ${method} checkout form sent twice at once (a double click) makes one charge and spends the budget once`, async () => {
      await insideOneBudgetWindow();
      const a = await svc.newAccount();
      const p = await svc.call("POST", "/api/products/create", {
        token: a.test,
        body: { name: `Double ${method}`, value: 35 },
      });
      const productId = p.json().data.id as string;
      const key = onceKey(
        (await svc.app.inject({ method: "GET", url: `/checkout/${productId}` })).body,
      );
      const post = (k: string) =>
        svc.app.inject({
          method: "POST",
          url: `/checkout/${productId}`,
          remoteAddress: ip,
          headers: { ...FORM, ...SAME_ORIGIN },
          payload: new URLSearchParams({ method, _once: k }).toString(),
        });
      // A budget counter a network away (Redis): the first click is still spending when the
      // second arrives, so neither has stored its charge yet when the other looks for it.
      const limiter = svc.deps.rateLimiter;
      const hit = limiter.hit;
      limiter.hit = async (k, limit, windowSec) => {
        if (k.startsWith("checkout-ip:")) await new Promise((r) => setTimeout(r, 300));
        return hit.call(limiter, k, limit, windowSec);
      };
      const [one, two] = await Promise.all([post(key), post(key)]).finally(() => {
        limiter.hit = hit;
      });
      assert.equal(one.statusCode, 303, one.body.slice(0, 300));
      assert.equal(two.statusCode, 303, two.body.slice(0, 300));
      assert.equal(two.headers.location, one.headers.location, "both clicks show one charge");
      assert.equal(
        await count("SELECT count(*) AS n FROM charges WHERE product_id = $1", [productId]),
        1,
      );
      // The budget is 2 a minute per client: the double click spent one, so one new
      // submission is left, and then none.
      assert.equal((await post(`fresh-${method}-submission-01`)).statusCode, 303);
      assert.equal((await post(`fresh-${method}-submission-02`)).statusCode, 429);
    });
  }

  test("the API's public create spends the checkout budget only for a new Idempotency-Key", async () => {
    await insideOneBudgetWindow();
    const a = await svc.newAccount();
    const p = await svc.call("POST", "/api/products/create", {
      token: a.test,
      body: { name: "Boné", value: 30 },
    });
    const productId = p.json().data.id as string;
    const create = (key: string) =>
      svc.app.inject({
        method: "POST",
        url: "/api/pix/charge/create",
        remoteAddress: "10.9.0.2",
        headers: { "idempotency-key": key },
        payload: { product_id: productId },
      });
    const first = await create("payer-key-1");
    assert.equal(first.statusCode, 200, first.body);
    for (let i = 0; i < 4; i++) {
      const again = await create("payer-key-1");
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.headers["idempotent-replayed"], "true");
    }
    assert.equal((await create("payer-key-2")).statusCode, 200, "budget left for a new one");
    assert.equal((await create("payer-key-3")).statusCode, 429, "and then spent");
  });
});

describe("sign-in and setup without a session", () => {
  test("sign-in and setup refuse a post without an Origin, or with a foreign one", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "origin@example.com");
    const signIn = (headers: Record<string, string>) =>
      svc.app.inject({
        method: "POST",
        url: "/dashboard/sign-in",
        headers: { ...FORM, ...headers },
        payload: new URLSearchParams({
          email: "origin@example.com",
          password: PASSWORD,
        }).toString(),
      });
    assert.equal((await signIn({})).statusCode, 403, "no Origin");
    assert.equal((await signIn({ origin: "https://evil.example" })).statusCode, 403);
    assert.equal((await signIn(SAME_ORIGIN)).statusCode, 303);
    const link = await createUserLink(svc.deps, { kind: "setup", accountId: a.accountId });
    const setup = (headers: Record<string, string>) =>
      svc.app.inject({
        method: "POST",
        url: "/dashboard/setup",
        headers: { ...FORM, ...headers },
        payload: new URLSearchParams({
          code: link.code,
          email: "new-owner@example.com",
          password: PASSWORD,
          confirm: PASSWORD,
          display_name: "Ateliê da Ana",
        }).toString(),
      });
    assert.equal((await setup({})).statusCode, 403);
    assert.equal((await setup({ origin: "null" })).statusCode, 403);
    const ok = await setup(SAME_ORIGIN);
    assert.equal(ok.statusCode, 303);
    // Setup signs the new user in and names the account.
    assert.equal(ok.headers.location, "/dashboard?done=welcome");
    const cookie = /tostao_session=([^;]+)/.exec(String(ok.headers["set-cookie"]))?.[1] ?? "";
    const home = await getPage(svc, { cookie }, "/dashboard");
    assert.equal(home.statusCode, 200);
    const account = await svc.call("GET", "/api/account", { token: a.live });
    assert.equal(account.json().data.display_name, "Ateliê da Ana");
  });
});

describe("the account's display name", () => {
  test("the API reads and changes it (live tokens), refusing bad names; payers see it", async () => {
    const a = await svc.newAccount();
    const update = (token: string, display_name: unknown) =>
      svc.call("POST", "/api/account/update", { token, body: { display_name } });
    assert.equal((await update(a.test, "Loja Teste")).statusCode, 403, "not with a test token");
    assert.equal((await update(a.live, "<script>")).statusCode, 422);
    assert.equal((await update(a.live, "x")).statusCode, 422);
    assert.equal((await update(a.live, "a\u202Eb")).statusCode, 422, "no bidi controls");
    const ok = await update(a.live, "Padaria São João");
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().data.display_name, "Padaria São João");
    const p = await svc.call("POST", "/api/products/create", {
      token: a.test,
      body: { name: "Pão", value: 5 },
    });
    const page = await svc.app.inject({ method: "GET", url: `/checkout/${p.json().data.id}` });
    assert.match(page.body, /Pagamento para Padaria São João/);
  });
});

describe("keys, charges and messages on the dashboard", () => {
  test("revoking a key is limited to the mode on screen", async () => {
    const { a, s } = await signedIn("revoke-mode@example.com");
    const tokens = await svc.call("GET", "/api/auth/tokens", { token: a.live });
    const live = tokens.json().data.tokens.find((t: { mode: string }) => t.mode === "live");
    const res = await postForm(svc, s, `/dashboard/keys/${live.id}/revoke`, { _csrf: s.csrf });
    assert.equal(res.statusCode, 404, "the test view cannot reach a live key");
    assert.equal((await svc.call("GET", "/api/auth/tokens", { token: a.live })).statusCode, 200);
  });

  test("a domain refusal on a Portuguese page is in Portuguese (the product's success_url)", async () => {
    const { s } = await signedIn("pt-messages@example.com");
    const key = onceKey((await getPage(svc, s, "/dashboard/products")).body);
    const res = await postForm(svc, s, "/dashboard/products", {
      name: "Caneca",
      value: "10",
      success_url: "ftp://x",
      _once: key,
      _csrf: s.csrf,
    });
    assert.equal(res.statusCode, 422);
    assert.match(res.body, /Página de sucesso: deve ser uma URL https/);
  });

  test("a test charge opened in live mode says to switch modes; its events read oldest first", async () => {
    const { a, s } = await signedIn("other-mode@example.com");
    const hook = await svc.call("POST", "/api/webhooks/create", {
      token: a.test,
      body: { url: "http://127.0.0.1:9/hook", events: ["*"] },
    });
    assert.equal(hook.statusCode, 200, hook.body);
    const id = await paidCharge(a.test);
    const inTest = await getPage(svc, s, `/dashboard/charges/${id}`);
    const order = [...inTest.body.matchAll(/<li><code>(charge\.\w+)<\/code>/g)].map((m) => m[1]);
    assert.deepEqual(order.slice(0, 3), ["charge.created", "charge.pending", "charge.approved"]);
    // Each delivery's attempts table scrolls sideways in a box the keyboard reaches, named.
    const boxes = [...inTest.body.matchAll(/<div class="scroll"([^>]*)>/g)].map((m) => m[1] ?? "");
    assert.ok(boxes.length > 0, "the charge has deliveries");
    for (const b of boxes)
      assert.match(b, /tabindex="0" role="region" aria-label="Tentativas da entrega/);
    await postForm(svc, s, "/dashboard/mode", {
      mode: "live",
      return: "/dashboard",
      _csrf: s.csrf,
    });
    const inLive = await getPage(svc, s, `/dashboard/charges/${id}`);
    assert.equal(inLive.statusCode, 404);
    assert.match(inLive.body, /Esta cobrança é do modo Teste/);
    assert.match(inLive.body, /Ver no modo Teste/);
  });

  test("a charge's delivery list is paged, 20 a page", async () => {
    const { a, s } = await signedIn("paged@example.com");
    for (let i = 0; i < 8; i++) {
      await svc.call("POST", "/api/webhooks/create", {
        token: a.test,
        body: { url: `http://127.0.0.1:9/hook-${i}`, events: ["*"] },
      });
    }
    const id = await paidCharge(a.test);
    const cards = (b: string) => (b.match(/class="card delivery"/g) ?? []).length;
    const first = await getPage(svc, s, `/dashboard/charges/${id}`);
    assert.equal(cards(first.body), 20);
    assert.match(
      first.body,
      /href="\/dashboard\/charges\/[\w]+\?dpage=2#deliveries">Entregas anteriores/,
    );
    const second = await getPage(svc, s, `/dashboard/charges/${id}?dpage=2`);
    assert.equal(cards(second.body), 4, "3 events x 8 webhooks = 24");
    assert.match(second.body, /Entregas mais recentes/);
  });
});
