import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { addUser, postForm, signInAttempt, signInInject } from "../helpers/dashboard.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// GET /api/audit-log (docs/security.md, "Audit log"): sign-ins that worked and that failed
// (with the reason), keys made, each with its actor, IP and User-Agent, and neither the password
// typed nor the token's value anywhere in the rows; audit:read is required (403 without), and a
// test key sees only test mode's entries.

let svc: TestService;
let account: Awaited<ReturnType<TestService["newAccount"]>>;
const PASSWORD = "a long and correct password 42";
const WRONG = "Wrong-password-typed-9";
before(async () => {
  svc = await startTestService({
    env: { TOSTAO_WORKERS: "false", TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" },
  });
  account = await svc.newAccount();
  await addUser(svc, account.accountId, "ana@loja.example", PASSWORD);
});
after(() => svc.close());

const entries = async (query = "") => {
  const res = await svc.call("GET", `/api/audit-log?limit=200${query}`, { token: account.live });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.entries as Array<Record<string, unknown>>;
};

test("sign-ins (ok and failed with reason) and a key made are listed with actor, IP, no secret", async () => {
  const failed = await signInAttempt(svc, "ana@loja.example", WRONG, "198.51.100.4");
  assert.equal(failed.statusCode, 401);
  await signInInject(svc, "ana@loja.example", PASSWORD);
  const made = await svc.app.inject({
    method: "POST",
    url: "/api/auth/token/create",
    remoteAddress: "203.0.113.9",
    headers: {
      authorization: `Bearer ${account.live}`,
      "user-agent": "audit-test/1.0",
      "content-type": "application/json",
    },
    payload: { label: "erp", scopes: ["charges:read"] },
  });
  assert.equal(made.statusCode, 200, made.body);
  const token = made.json().data.token as string;

  const all = await entries();
  const raw = JSON.stringify(all);
  assert.ok(!raw.includes(token), "the token's value is in no row");
  assert.ok(!raw.includes(WRONG) && !raw.includes(PASSWORD), "no password is in any row");
  const rows = await svc.deps.db.query("SELECT * FROM audit_log");
  const stored = JSON.stringify(rows);
  assert.ok(!stored.includes(token) && !stored.includes(WRONG) && !stored.includes(PASSWORD));

  const bad = all.find((e) => e.action === "sign_in.failed");
  assert.equal(bad?.actor, "ana@loja.example");
  assert.equal(bad?.actorKind, "user");
  assert.equal(bad?.ip, "198.51.100.4");
  assert.deepEqual(bad?.changes, { reason: { after: "wrong_password" } });
  const good = all.find((e) => e.action === "sign_in.succeeded");
  assert.equal(good?.actor, "ana@loja.example");
  assert.ok(good?.ip);
  const key = all.find((e) => e.action === "key.created" && e.target === made.json().data.id);
  assert.equal(key?.actorKind, "key");
  assert.match(String(key?.actor), /^tok_/);
  assert.equal(key?.ip, "203.0.113.9");
  assert.equal(key?.userAgent, "audit-test/1.0");
  assert.equal(key?.mode, "live");
  assert.deepEqual((key?.changes as Record<string, unknown> | undefined)?.scopes, {
    after: ["charges:read"],
  });

  // Filters: action, actor, and a period.
  const onlyFailed = await entries("&action=sign_in.failed");
  assert.ok(onlyFailed.length >= 1 && onlyFailed.every((e) => e.action === "sign_in.failed"));
  const byAna = await entries("&actor=ana%40loja.example");
  assert.ok(byAna.every((e) => e.actor === "ana@loja.example"));
  assert.equal((await entries("&to=2000-01-01")).length, 0);
  // Newest first, by seq.
  const seqs = all.map((e) => e.seq as number);
  assert.deepEqual(
    seqs,
    [...seqs].sort((a, b) => b - a),
  );
});

test("a dashboard change is logged with the user, and sign-out ends the session in the log", async () => {
  const s = await signInInject(svc, "ana@loja.example", PASSWORD);
  const renamed = await postForm(
    svc,
    s,
    "/dashboard/account/name",
    {
      _csrf: s.csrf,
      display_name: "Loja Nova",
    },
    { origin: svc.deps.config.baseUrl ?? "http://localhost:80" },
  );
  assert.ok([200, 303].includes(renamed.statusCode), renamed.body.slice(0, 300));
  const changed = (await entries("&action=settings.changed"))[0];
  assert.equal(changed?.actor, "ana@loja.example");
  assert.equal(
    (changed?.changes as Record<string, { after: unknown }> | undefined)?.display_name?.after,
    "Loja Nova",
  );
  const out = await postForm(
    svc,
    s,
    "/dashboard/sign-out",
    { _csrf: s.csrf },
    {
      origin: svc.deps.config.baseUrl ?? "http://localhost:80",
    },
  );
  assert.equal(out.statusCode, 303);
  assert.equal((await entries("&action=session.ended"))[0]?.actor, "ana@loja.example");
});

test("a webhook made and deleted is logged with its URL and events, never its signing secret", async () => {
  const made = await svc.call("POST", "/api/webhooks/create", {
    token: account.live,
    body: { url: "http://127.0.0.1:9/hook", events: ["charge.approved"] },
  });
  assert.equal(made.statusCode, 200, made.body);
  const { id, secret } = made.json().data as { id: string; secret: string };
  const gone = await svc.call("POST", "/api/webhooks/delete", {
    token: account.live,
    body: { id },
  });
  assert.equal(gone.statusCode, 200, gone.body);
  const created = (await entries("&action=webhook.created"))[0];
  assert.equal(created?.target, id);
  assert.deepEqual(created?.changes, {
    url: { after: "http://127.0.0.1:9/hook" },
    events: { after: ["charge.approved"] },
  });
  assert.equal((await entries("&action=webhook.deleted"))[0]?.target, id);
  const stored = JSON.stringify(await svc.deps.db.query("SELECT * FROM audit_log"));
  assert.ok(!stored.includes(secret), "the webhook's secret is in no row");
});

test("audit:read is required (403 naming it), and a test key sees test mode's entries only", async () => {
  const made = await svc.call("POST", "/api/auth/token/create", {
    token: account.live,
    body: { label: "charges only", scopes: ["charges:read", "charges:write"] },
  });
  const narrow = made.json().data.token as string;
  const refused = await svc.call("GET", "/api/audit-log", { token: narrow });
  assert.equal(refused.statusCode, 403);
  assert.match(refused.json().error, /audit:read/);

  await svc.call("POST", "/api/auth/token/create", {
    token: account.test,
    body: { label: "sandbox helper" },
  });
  const res = await svc.call("GET", "/api/audit-log?limit=200", { token: account.test });
  assert.equal(res.statusCode, 200);
  const seen = res.json().data.entries as Array<{ mode: string | null; action: string }>;
  assert.ok(seen.some((e) => e.action === "key.created"));
  assert.ok(
    seen.every((e) => e.mode === "test"),
    "no live or account-wide entry for a test key",
  );
});
