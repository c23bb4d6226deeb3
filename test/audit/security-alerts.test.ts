import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { addUser } from "../helpers/dashboard.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";

// Security alerts (docs/security.md, "Alerts"): a live money-routing change or a live key made
// reaches every owner of the account through the live relay, once, with what changed, who did
// it, when and from which IP, and never a secret; the same facts are an account.security event
// delivered to the account's live webhooks; a sandbox change mails no one and is no event.

let svc: TestService;
let live: SmtpSink;
let sandbox: SmtpSink;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let account: Awaited<ReturnType<TestService["newAccount"]>>;
const OWNERS = ["ana@loja.example", "bia@loja.example"];
const XPUB =
  "xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz";

before(async () => {
  live = await startSmtpSink();
  sandbox = await startSmtpSink();
  receiver = await startReceiver();
  svc = await startTestService({
    env: {
      TOSTAO_SMTP_URL: live.url,
      TOSTAO_SMTP_TEST_URL: sandbox.url,
      TOSTAO_MAIL_FROM: "alertas@tostao.example",
      TOSTAO_BASE_URL: "https://pay.loja.example",
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
    },
  });
  account = await svc.newAccount();
  // The account's watching webhook, made before it has users (so no one is mailed of it).
  const watcher = await post(
    "/api/webhooks/create",
    account.live,
    { url: receiver.url, events: ["account.security"] },
    "127.0.0.1",
  );
  assert.equal(watcher.statusCode, 200, watcher.body);
  for (const email of OWNERS) await addUser(svc, account.accountId, email);
  // Another account's user hears nothing of this one.
  const other = await svc.newAccount();
  await addUser(svc, other.accountId, "outsider@example.com");
});
after(async () => {
  await svc.close();
  await live.close();
  await sandbox.close();
  await receiver.close();
});

const post = (path: string, token: string, body: unknown, ip: string) =>
  svc.app.inject({
    method: "POST",
    url: path,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    payload: body as object,
  });

/** The live mails whose subject names `what`, once `n` of them arrived (15 s at most). */
async function alertsAbout(what: RegExp, n: number): Promise<ReceivedMail[]> {
  const until = Date.now() + 15_000;
  const found = () => live.received.filter((m) => what.test(m.parsed.subject ?? ""));
  while (found().length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return found();
}

const NEW_HOOK = () => `${receiver.url}?new`;

test("a live webhook made: each owner gets one alert with the change, the key, the IP, no secret; the event reaches the other webhooks", async () => {
  const made = await post(
    "/api/webhooks/create",
    account.live,
    { url: NEW_HOOK(), events: ["*"] },
    "203.0.113.7",
  );
  assert.equal(made.statusCode, 200, made.body);
  const { secret, id: webhookId } = made.json().data;
  const keyId = (
    await svc.deps.db.query<{ actor: string }>(
      "SELECT actor FROM audit_log WHERE account_id = $1 AND action = 'webhook.created' AND target = $2",
      [account.accountId, made.json().data.id],
    )
  )[0]?.actor;
  assert.match(String(keyId), /^tok_/);

  const mails = await alertsAbout(/webhook/i, 2);
  assert.deepEqual(mails.map((m) => m.to[0]).sort(), OWNERS, "every owner, and no one else");
  for (const m of mails) {
    const text = m.parsed.text ?? "";
    const html = m.parsed.html || "";
    assert.equal(m.secure, true, "through the live relay's STARTTLS");
    assert.match(text, /webhook/i, "what changed");
    assert.ok(text.includes(NEW_HOOK()), "the new URL");
    assert.ok(text.includes(String(keyId)), "by which key");
    assert.ok(text.includes("203.0.113.7"), "from which IP");
    assert.ok(text.includes("https://pay.loja.example/dashboard/security"), "what to do");
    assert.ok(html.includes("https://pay.loja.example/dashboard/audit"), "the audit log");
    assert.ok(!text.includes(secret) && !html.includes(secret), "never the signing secret");
    assert.equal(m.parsed.headers.get("auto-submitted"), "auto-generated");
  }

  const [delivery] = await receiver.waitFor(1);
  assert.equal(delivery?.json.event, "account.security");
  const data = delivery?.json.data;
  assert.equal(data.action, "webhook.created");
  assert.deepEqual(data.actor, { kind: "key", id: keyId });
  assert.equal(data.ip, "203.0.113.7");
  assert.equal(data.target, webhookId);
  assert.deepEqual(data.changes.url, { after: NEW_HOOK() });
  assert.ok(Date.parse(data.at) > 0);
  assert.ok(!delivery?.body.includes(secret), "the event carries no secret");
  assert.equal(delivery?.path, "/hook", "the watching webhook hears of it");

  // Once: the outbox holds one sent alert per owner, and nothing more arrives.
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await alertsAbout(/webhook/i, 2)).length, 2);
  const rows = await svc.deps.db.query<{ status: string }>(
    "SELECT status FROM notifications WHERE account_id = $1 AND kind = 'security_alert'",
    [account.accountId],
  );
  assert.deepEqual(
    rows.map((r) => r.status),
    ["sent", "sent"],
  );
  assert.ok(
    !receiver.received.some((r) => r.path.includes("?new")),
    "a webhook is not told of its own creation",
  );
  const listed = await svc.call("GET", "/api/notifications", { token: account.live });
  assert.equal(listed.statusCode, 200, listed.body);
  assert.equal(listed.json().data.notifications.length, 0, "not in the payer mail list");
});

test("a live wallet change and a live key made alert the owners; the key's value is in no mail", async () => {
  const wallet = await post("/api/crypto/wallet", account.live, { key: XPUB }, "198.51.100.20");
  assert.equal(wallet.statusCode, 200, wallet.body);
  const walletMails = await alertsAbout(/Bitcoin/, 2);
  assert.equal(walletMails.length, 2);
  assert.ok(walletMails.every((m) => (m.parsed.text ?? "").includes("198.51.100.20")));
  assert.ok(
    walletMails.every((m) => /mainnet/.test(m.parsed.text ?? "")),
    "the wallet's network",
  );

  const key = await post(
    "/api/auth/token/create",
    account.live,
    { label: "erp", scopes: ["charges:read"] },
    "198.51.100.21",
  );
  assert.equal(key.statusCode, 200, key.body);
  const token = key.json().data.token as string;
  const keyMails = await alertsAbout(/API/, 2);
  assert.equal(keyMails.length, 2);
  for (const m of keyMails) {
    assert.ok((m.parsed.text ?? "").includes("198.51.100.21"));
    assert.ok((m.parsed.text ?? "").includes(key.json().data.id), "the new key's id");
    assert.ok(!m.raw.toString("utf8").includes(token), "never the key's value");
  }
  const events = (await receiver.waitFor(5)).filter((e) => e.json.event === "account.security");
  const actions = events.filter((e) => e.path === "/hook").map((e) => e.json.data.action);
  assert.deepEqual(actions, ["webhook.created", "wallet.changed", "key.created"]);
  assert.ok(!events.some((e) => e.body.includes(token)));
  // The webhook made in the first test hears of the changes made after it.
  assert.deepEqual(
    events.filter((e) => e.path.includes("?new")).map((e) => e.json.data.action),
    ["wallet.changed", "key.created"],
  );
});

test("a sandbox change mails no one and is no event, in either mode", async () => {
  const before = live.received.length;
  const delivered = receiver.received.length;
  const sandboxReceiver = await startReceiver();
  try {
    const hook = await post(
      "/api/webhooks/create",
      account.test,
      { url: sandboxReceiver.url, events: ["*"] },
      "192.0.2.5",
    );
    assert.equal(hook.statusCode, 200, hook.body);
    const wallet = await post(
      "/api/crypto/wallet",
      account.test,
      {
        key: "vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc",
      },
      "192.0.2.5",
    );
    assert.equal(wallet.statusCode, 200, wallet.body);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(live.received.length, before, "no alert for a sandbox change");
    assert.equal(sandbox.received.length, 0, "nor through the sandbox relay");
    assert.equal(sandboxReceiver.received.length, 0, "no test-mode account.security event");
    assert.equal(receiver.received.length, delivered, "the live webhook hears nothing of it");
  } finally {
    await sandboxReceiver.close();
  }
});
