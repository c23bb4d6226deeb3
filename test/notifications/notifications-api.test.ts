import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { insertPlannedNotifications } from "../../src/db/queries/notifications/insert-planned.ts";
import type { MailContext, RenderedMail } from "../../src/domain/notifications/mail-context.ts";
import { makeMailSetup } from "../../src/domain/notifications/mail-setup.ts";
import { makeNotificationFailed } from "../../src/domain/notifications/notification-failed.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { makeSmtpRelay } from "../../src/net/smtp-relay.ts";
import { makeMailWorker } from "../../src/workers/mail-worker.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";

// Payer mail seen and steered through the API and the MCP tools: the log with each filter and
// its pages, never another account's or the other mode's; the settings read back as written,
// bad values refused with 400 and the relay's secrets never shown; a resent bill reaching the
// relay a second time; the notifications scopes; and a mail refused for good (550) becoming a
// notification.failed event with its webhook delivery.

const render = async (ctx: MailContext): Promise<RenderedMail> => ({
  subject: `${ctx.shop.name}: ${ctx.kind} ${ctx.charge?.id ?? ""}`,
  text: `kind ${ctx.kind}`,
  html: `<p>kind ${ctx.kind}</p>`,
  attachments: [],
});

const clock = manualClock(new Date("2026-12-02T13:00:00.000Z"));
let svc: TestService;
let sink: SmtpSink;
let account: Awaited<ReturnType<TestService["newAccount"]>>;

function workerFor(relay: SmtpSink) {
  const setup = makeMailSetup({
    config: {
      ...svc.deps.config,
      mail: { ...svc.deps.config.mail, from: "cobranca@loja.example" },
    },
    db: svc.deps.db,
    clock,
    random: svc.deps.random,
    secretKey: Buffer.alloc(32, 7),
    render,
    relays: { test: makeSmtpRelay(relay.url) },
  });
  const worker = makeMailWorker(
    {
      ...setup.send,
      log: { warn() {}, error() {}, info() {}, debug() {} } as never,
      onFailed: makeNotificationFailed(svc.deps),
    },
    { workerId: "api-test-mail", concurrency: 4, lockMs: 60_000, idlePollMs: 1_000 },
  );
  return { setup, worker };
}

async function newCharge(token: string, body: Record<string, unknown> = {}) {
  const res = await svc.call("POST", "/api/pix/charge/create", {
    token,
    body: { value: 150, customer_email: "pagador@example.com", ...body },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.chargeId as string;
}

async function list(token: string, query = "") {
  const res = await svc.call("GET", `/api/notifications${query}`, { token });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { notifications: Array<Record<string, any>>; hasMore: boolean };
}

const ids = (page: { notifications: Array<Record<string, any>> }) =>
  page.notifications.map((n) => n.id as string);

before(async () => {
  svc = await startTestService({
    clock,
    env: { TOSTAO_WORKERS: "false", TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" },
  });
  account = await svc.newAccount();
  sink = await startSmtpSink();
});
after(async () => {
  await svc.close();
  await sink.close();
});

describe("GET /api/notifications", () => {
  let first: string;
  let second: string;
  before(async () => {
    first = await newCharge(account.test, { customer_email: "ana@example.com" });
    clock.advance(1_000);
    second = await newCharge(account.test, { customer_email: "bia@example.com" });
    clock.advance(1_000);
    const who = { accountId: account.accountId, mode: "test" as const };
    await insertPlannedNotifications(
      svc.deps.db,
      who,
      [
        {
          kind: "subscription_request",
          chargeId: null,
          subscriptionId: "sub_listtest",
          recipient: "cris@example.com",
          dedupeKey: "subscription_request:sub_listtest",
          scheduledFor: clock.now(),
          nextAttemptAt: clock.now(),
        },
      ],
      clock.now(),
    );
    // The same account's live mode, and another account: neither may show.
    await insertPlannedNotifications(
      svc.deps.db,
      { accountId: account.accountId, mode: "live" },
      [
        {
          kind: "bill",
          chargeId: first,
          subscriptionId: null,
          recipient: "live@example.com",
          dedupeKey: "bill:live-row",
          scheduledFor: clock.now(),
          nextAttemptAt: clock.now(),
        },
      ],
      clock.now(),
    );
    const other = await svc.newAccount();
    await newCharge(other.test, { customer_email: "other@example.com" });
  });

  test("lists the caller's mail newest first, with every field and no secret", async () => {
    const page = await list(account.test);
    assert.deepEqual(
      page.notifications.map((n) => n.recipient),
      ["cris@example.com", "bia@example.com", "ana@example.com"],
    );
    assert.equal(page.hasMore, false);
    const bill = page.notifications[2];
    assert.deepEqual(Object.keys(bill ?? {}).sort(), [
      "attempts",
      "chargeId",
      "createdAt",
      "id",
      "kind",
      "lastError",
      "recipient",
      "scheduledFor",
      "sentAt",
      "status",
      "subject",
      "subscriptionId",
      "updatedAt",
    ]);
    assert.equal(bill?.kind, "bill");
    assert.equal(bill?.chargeId, first);
    assert.equal(bill?.status, "pending");
    assert.equal(bill?.attempts, 0);
    assert.equal(bill?.sentAt, null);
  });

  test("each filter keeps only its rows: charge_id, subscription_id, status, kind", async () => {
    const byCharge = await list(account.test, `?charge_id=${second}`);
    assert.deepEqual(
      byCharge.notifications.map((n) => [n.chargeId, n.recipient]),
      [[second, "bia@example.com"]],
    );
    const bySub = await list(account.test, "?subscription_id=sub_listtest");
    assert.deepEqual(
      bySub.notifications.map((n) => [n.kind, n.subscriptionId]),
      [["subscription_request", "sub_listtest"]],
    );
    const byKind = await list(account.test, "?kind=bill");
    assert.deepEqual(
      byKind.notifications.map((n) => n.recipient),
      ["bia@example.com", "ana@example.com"],
    );
    assert.equal((await list(account.test, "?status=pending")).notifications.length, 3);
    assert.deepEqual((await list(account.test, "?status=sent")).notifications, []);
    const bad = await svc.call("GET", "/api/notifications?kind=postcard", { token: account.test });
    assert.equal(bad.statusCode, 422, bad.body);
    assert.match(bad.json().error ?? "", /^kind: /);
  });

  test("pages with limit and offset like every list, hasMore saying a next page exists", async () => {
    const all = ids(await list(account.test));
    const p1 = await list(account.test, "?limit=2");
    assert.deepEqual(ids(p1), all.slice(0, 2));
    assert.equal(p1.hasMore, true);
    const p2 = await list(account.test, "?limit=2&offset=2");
    assert.deepEqual(ids(p2), all.slice(2));
    assert.equal(p2.hasMore, false);
    const tooMany = await svc.call("GET", "/api/notifications?limit=201", { token: account.test });
    assert.equal(tooMany.statusCode, 422, tooMany.body);
  });

  test("another account's and the other mode's mail never show, even by their charge_id", async () => {
    const live = await list(account.live);
    assert.deepEqual(
      live.notifications.map((n) => n.recipient),
      ["live@example.com"],
    );
    const liveByCharge = await list(account.live, `?charge_id=${first}`);
    assert.deepEqual(ids(liveByCharge), ids(live), "the live row only, not the test bill");
    const other = await svc.newAccount();
    assert.deepEqual((await list(other.test, `?charge_id=${first}`)).notifications, []);
    for (const n of (await list(account.test)).notifications) {
      assert.notEqual(n.recipient, "other@example.com");
      assert.notEqual(n.recipient, "live@example.com");
    }
  });

  test("the list_notifications tool answers what the route does", async () => {
    const res = await svc.call("POST", "/api/integrations/mcp/call", {
      token: account.test,
      body: { tool: "list_notifications", arguments: { charge_id: second } },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, await list(account.test, `?charge_id=${second}`));
    const tools = await svc.call("GET", "/api/integrations/mcp/tools", { token: account.test });
    for (const name of [
      "list_notifications",
      "get_notification_settings",
      "update_notification_settings",
      "resend_bill",
    ]) {
      assert.ok(tools.json().data.tools.includes(name), `${name} is offered`);
    }
  });
});

describe("settings", () => {
  test("read as defaults, changed, and read back as written; the other mode keeps its own", async () => {
    const a = await svc.newAccount();
    const get = async (token: string) => {
      const res = await svc.call("GET", "/api/notifications/settings", { token });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data;
    };
    const start = await get(a.test);
    assert.equal(start.language, "pt-BR");
    assert.equal(start.kinds.bill, true);
    assert.deepEqual(start.reminder_days_before, [3]);
    assert.equal(start.relay.configured, false);
    assert.match(start.relay.explanation, /TOSTAO_SMTP_TEST_URL/);
    const changed = await svc.call("POST", "/api/notifications/settings/update", {
      token: a.test,
      body: {
        kinds: { reminder_due: false },
        language: "en",
        reply_to: "suporte@loja.example",
        tax_id: "11.222.333/0001-81",
        reminder_days_before: [1, 5, 5],
      },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    const after = await get(a.test);
    assert.deepEqual(changed.json().data, after);
    assert.equal(after.kinds.reminder_due, false);
    assert.equal(after.kinds.bill, true, "kinds not named keep theirs");
    assert.equal(after.language, "en");
    assert.equal(after.reply_to, "suporte@loja.example");
    assert.equal(after.tax_id, "11222333000181");
    assert.deepEqual(after.reminder_days_before, [5, 1]);
    const partial = await svc.call("POST", "/api/notifications/settings/update", {
      token: a.test,
      body: { reply_to: null },
    });
    assert.equal(partial.json().data.reply_to, null);
    assert.equal(partial.json().data.language, "en", "what is not given keeps its value");
    assert.equal((await get(a.live)).language, "pt-BR", "live mode has its own settings");
  });

  test("bad values are refused (400 for a wrong shape, 422 for a wrong value) naming the field, and nothing is stored", async () => {
    const a = await svc.newAccount();
    const bodies: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ kinds: { postcard: true } }, 400, /^kinds/],
      [{ surprise: 1 }, 400, /surprise/],
      [{ reminder_days_before: "3" }, 400, /^reminder_days_before: /],
      [{ reply_to: "not an address" }, 422, /^reply_to: /],
      [{ reply_to: "a@b.example\r\nBcc: x@y.example" }, 422, /^reply_to: /],
      [{ reminder_days_before: [1, 2, 3, 4, 5, 6] }, 422, /^reminder_days_before: /],
      [{ reminder_days_before: [0] }, 422, /^reminder_days_before/],
      [{ language: "fr" }, 422, /^language: /],
      [{ tax_id: "11.222.333/0001-00" }, 422, /^tax_id: /],
    ];
    for (const [body, status, error] of bodies) {
      const res = await svc.call("POST", "/api/notifications/settings/update", {
        token: a.test,
        body,
      });
      assert.equal(res.statusCode, status, `${JSON.stringify(body)}: ${res.body}`);
      assert.match(res.json().error ?? "", error, JSON.stringify(body));
    }
    const res = await svc.call("GET", "/api/notifications/settings", { token: a.test });
    assert.equal(res.json().data.language, "pt-BR", "nothing was stored");
  });

  test("with a relay set, the settings say so and never show its URL, user or password", async () => {
    const { setup } = workerFor(sink);
    svc.deps.mail = setup;
    try {
      const res = await svc.call("GET", "/api/notifications/settings", { token: account.test });
      assert.equal(res.json().data.relay.configured, true);
      for (const secret of ["relay-pass", "relay-user", String(new URL(sink.url).port)]) {
        assert.ok(!res.body.includes(secret), `the answer shows ${secret}`);
      }
      const live = await svc.call("GET", "/api/notifications/settings", { token: account.live });
      assert.equal(live.json().data.relay.configured, false, "live has no relay here");
      assert.match(live.json().data.relay.explanation, /TOSTAO_SMTP_URL/);
    } finally {
      delete svc.deps.mail;
      setup.close();
    }
  });
});

describe("resending a bill", () => {
  test("makes a second bill mail that reaches the relay", async () => {
    const { setup, worker } = workerFor(sink);
    await worker.runOnce(); // what earlier tests left pending
    const id = await newCharge(account.test, { customer_email: "resend@example.com" });
    const before = sink.received.length;
    await worker.runOnce();
    await sink.waitFor(before + 1);
    const res = await svc.call("POST", "/api/notifications/resend", {
      token: account.test,
      body: { charge_id: id },
    });
    assert.equal(res.statusCode, 200, res.body);
    const resent = res.json().data;
    assert.equal(resent.kind, "bill");
    assert.equal(resent.status, "pending");
    assert.equal(resent.chargeId, id);
    assert.equal(resent.recipient, "resend@example.com");
    await worker.runOnce();
    const mails = (await sink.waitFor(before + 2)).slice(before);
    assert.deepEqual(
      mails.map((m) => m.to),
      [["resend@example.com"], ["resend@example.com"]],
    );
    assert.notEqual(mails[0]?.parsed.messageId, mails[1]?.parsed.messageId, "a new mail");
    const rows = await list(account.test, `?charge_id=${id}`);
    assert.deepEqual(
      rows.notifications.map((n) => [n.kind, n.status]),
      [
        ["bill", "sent"],
        ["bill", "sent"],
      ],
    );
    assert.equal(rows.notifications[0]?.id, resent.id);
    await worker.stop();
    setup.close();
  });

  test("an unknown charge is 404, one without customer_email 422, through REST and the tool", async () => {
    const res = await svc.call("POST", "/api/notifications/resend", {
      token: account.test,
      body: { charge_id: "pix_nowhere" },
    });
    assert.equal(res.statusCode, 404, res.body);
    const bare = await svc.call("POST", "/api/pix/charge/create", {
      token: account.test,
      body: { value: 10 },
    });
    const noEmail = await svc.call("POST", "/api/notifications/resend", {
      token: account.test,
      body: { charge_id: bare.json().data.chargeId },
    });
    assert.equal(noEmail.statusCode, 422, noEmail.body);
    assert.match(noEmail.json().error ?? "", /customer_email/);
    const viaTool = await svc.call("POST", "/api/integrations/mcp/call", {
      token: account.test,
      body: { tool: "resend_bill", arguments: { charge_id: "pix_nowhere" } },
    });
    assert.equal(viaTool.statusCode, 404, viaTool.body);
  });

  test("another account cannot resend this account's bill", async () => {
    const id = await newCharge(account.test);
    const other = await svc.newAccount();
    const res = await svc.call("POST", "/api/notifications/resend", {
      token: other.test,
      body: { charge_id: id },
    });
    assert.equal(res.statusCode, 404, res.body);
  });
});

describe("scopes", () => {
  test("a key without notifications:read or :write is refused 403 naming the scope", async () => {
    const made = await svc.call("POST", "/api/auth/token/create", {
      token: account.test,
      body: { label: "charges only", scopes: ["charges:read", "charges:write"] },
    });
    const key = made.json().data.token as string;
    for (const [method, path, body, scope] of [
      ["GET", "/api/notifications", undefined, "notifications:read"],
      ["GET", "/api/notifications/settings", undefined, "notifications:read"],
      ["POST", "/api/notifications/settings/update", { language: "en" }, "notifications:write"],
      ["POST", "/api/notifications/resend", { charge_id: "pix_x" }, "notifications:write"],
    ] as const) {
      const res = await svc.call(method, path, { token: key, ...(body ? { body } : {}) });
      assert.equal(res.statusCode, 403, `${path}: ${res.body}`);
      assert.match(res.json().error ?? "", new RegExp(`lacks the ${scope} scope`));
    }
    const reader = await svc.call("POST", "/api/auth/token/create", {
      token: account.test,
      body: { label: "mail reader", scopes: ["notifications:read"] },
    });
    const readKey = reader.json().data.token as string;
    assert.equal((await svc.call("GET", "/api/notifications", { token: readKey })).statusCode, 200);
    const write = await svc.call("POST", "/api/notifications/settings/update", {
      token: readKey,
      body: { language: "en" },
    });
    assert.equal(write.statusCode, 403, write.body);
  });
});

describe("notification.failed", () => {
  test("a 550 makes a notification.failed event with the relay's reply, and a webhook delivery", async () => {
    const a = await svc.newAccount();
    const hook = await svc.call("POST", "/api/webhooks/create", {
      token: a.test,
      body: { url: "http://127.0.0.1:9/hook", events: ["notification.failed"] },
    });
    assert.equal(hook.statusCode, 200, hook.body);
    const { setup, worker } = workerFor(sink);
    sink.refuseAddress("bounce@example.com", 550);
    const id = await newCharge(a.test, { customer_email: "bounce@example.com" });
    await worker.runOnce();
    const [mail] = (await list(a.test, `?charge_id=${id}`)).notifications;
    assert.equal(mail?.status, "failed");
    const events = (await svc.eventsOf(a.test, id)).filter(
      (e) => e.event === "notification.failed",
    );
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]?.data, {
      id: mail?.id,
      kind: "bill",
      recipient: "bounce@example.com",
      status: "failed",
      lastError: mail?.lastError,
      chargeId: id,
      subscriptionId: null,
    });
    assert.match(events[0]?.data.lastError ?? "", /^550 /);
    const deliveries = await svc.call("GET", "/api/webhooks/deliveries?event=notification.failed", {
      token: a.test,
    });
    assert.equal(deliveries.statusCode, 200, deliveries.body);
    assert.equal(deliveries.json().data.deliveries.length, 1);
    assert.equal(deliveries.json().data.deliveries[0].webhookId, hook.json().data.id);
    // A mail that went out makes no such event.
    const fine = await newCharge(a.test, { customer_email: "fine@example.com" });
    await worker.runOnce();
    const fineEvents = await svc.eventsOf(a.test, fine);
    assert.ok(!fineEvents.some((e) => e.event === "notification.failed"));
    await worker.stop();
    setup.close();
  });

  test("webhooks can subscribe to notification.failed by name (it is a known event)", async () => {
    const res = await svc.call("POST", "/api/webhooks/create", {
      token: account.test,
      body: { url: "http://127.0.0.1:9/other", events: ["notification.failed", "charge.approved"] },
    });
    assert.equal(res.statusCode, 200, res.body);
  });
});
