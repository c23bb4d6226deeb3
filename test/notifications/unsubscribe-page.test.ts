import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { insertPlannedNotifications } from "../../src/db/queries/notifications/insert-planned.ts";
import type { MailContext, RenderedMail } from "../../src/domain/notifications/mail-context.ts";
import { makeMailSetup } from "../../src/domain/notifications/mail-setup.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { makeSmtpRelay } from "../../src/net/smtp-relay.ts";
import { makeMailWorker } from "../../src/workers/mail-worker.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";

// A reminder's one-click unsubscribe (RFC 8058): the link's page asks, in the payer's language;
// the POST a mail client sends unattended (List-Unsubscribe=One-Click, no cookie, no CSRF token)
// records the address; a link whose MAC was tampered with records nothing; and afterwards the
// worker records that address's reminders not_sent, while its bills still go.

const render = async (ctx: MailContext): Promise<RenderedMail> => ({
  subject: `${ctx.shop.name}: ${ctx.kind}`,
  text: `kind ${ctx.kind}`,
  html: `<p>kind ${ctx.kind}</p>`,
  attachments: [],
});

const clock = manualClock(new Date("2026-12-02T13:00:00.000Z"));
let svc: TestService;
let sink: SmtpSink;
let setup: ReturnType<typeof makeMailSetup>;
let account: Awaited<ReturnType<TestService["newAccount"]>>;

/** The link's path and query, as the reminder's List-Unsubscribe header carries it. */
const linkFor = (address: string, mode: "test" | "live" = "test") => {
  const url = setup.send.unsubscribeUrl(
    "http://localhost",
    { accountId: account.accountId, mode },
    address,
  );
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

const oneClick = (path: string) =>
  svc.call("POST", path, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

const unsubscribed = async (address: string) =>
  (
    await svc.deps.db.query(
      "SELECT mode FROM mail_unsubscribes WHERE account_id = $1 AND address = $2",
      [account.accountId, address],
    )
  ).map((r) => (r as { mode: string }).mode);

before(async () => {
  svc = await startTestService({ clock, env: { TOSTAO_WORKERS: "false" } });
  account = await svc.newAccount();
  sink = await startSmtpSink();
  setup = makeMailSetup({
    config: {
      ...svc.deps.config,
      mail: { ...svc.deps.config.mail, from: "cobranca@loja.example" },
    },
    db: svc.deps.db,
    clock,
    random: svc.deps.random,
    secretKey: Buffer.alloc(32, 9),
    render,
    relays: { test: makeSmtpRelay(sink.url) },
  });
  svc.deps.mail = setup;
});
after(async () => {
  setup.close();
  await svc.close();
  await sink.close();
});

describe("the unsubscribe page", () => {
  test("GET shows the address and a confirm button, in Portuguese or English by Accept-Language", async () => {
    const path = linkFor("Maria@Example.com");
    const pt = await svc.call("GET", path, { headers: { "accept-language": "pt-BR,pt;q=0.9" } });
    assert.equal(pt.statusCode, 200, pt.body);
    assert.match(pt.headers["content-type"] as string, /^text\/html/);
    assert.match(pt.body, /Parar de receber lembretes/);
    assert.match(pt.body, /maria@example\.com/);
    assert.match(pt.body, /<form method="post" action="\/mail\/unsubscribe\?a=/);
    const en = await svc.call("GET", path, { headers: { "accept-language": "en-US,en;q=0.8" } });
    assert.equal(en.statusCode, 200, en.body);
    assert.match(en.body, /Stop getting payment reminders/);
    assert.deepEqual(await unsubscribed("maria@example.com"), [], "a GET changes nothing");
  });

  test("the one-click POST (no cookie, no CSRF token) records the address and answers the done page", async () => {
    const res = await oneClick(linkFor("joao@example.com"));
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.body, /Lembretes desativados/);
    assert.deepEqual(await unsubscribed("joao@example.com"), ["test"]);
    const again = await oneClick(linkFor("joao@example.com"));
    assert.equal(again.statusCode, 200, "a second click is still done");
    assert.deepEqual(await unsubscribed("joao@example.com"), ["test"]);
  });

  test("a tampered or missing MAC is a 400 page and records nothing; never a 500", async () => {
    const path = linkFor("ana@example.com");
    const other = new URL(path, "http://x");
    other.searchParams.set("e", "someone-else@example.com");
    const badMac = new URL(path, "http://x");
    badMac.searchParams.set("t", "AAAAAAAAAAAAAAAAAAAAAA");
    const otherMode = new URL(path, "http://x");
    otherMode.searchParams.set("m", "live");
    const cases = [
      `${other.pathname}${other.search}`,
      `${badMac.pathname}${badMac.search}`,
      `${otherMode.pathname}${otherMode.search}`,
      "/mail/unsubscribe",
      "/mail/unsubscribe?a=x&m=test&e=a@b.example&t=%%%",
      "/mail/unsubscribe?a=x&a=y&m=test&e=a@b.example&t=abc",
    ];
    for (const bad of cases) {
      for (const method of ["GET", "POST"] as const) {
        const res = method === "GET" ? await svc.call("GET", bad) : await oneClick(bad);
        assert.equal(res.statusCode, 400, `${method} ${bad}: ${res.statusCode}`);
        assert.match(res.body, /n(ão é|ot) v[aá]lid/);
      }
    }
    assert.deepEqual(await unsubscribed("someone-else@example.com"), []);
    assert.deepEqual(await unsubscribed("ana@example.com"), []);
  });

  test("without mail set up there are no links to honour: 404", async () => {
    const path = linkFor("nomail@example.com");
    delete svc.deps.mail;
    try {
      assert.equal((await svc.call("GET", path)).statusCode, 404);
      assert.equal((await oneClick(path)).statusCode, 404);
    } finally {
      svc.deps.mail = setup;
    }
    assert.deepEqual(await unsubscribed("nomail@example.com"), []);
  });
});

describe("after unsubscribing", () => {
  test("the worker records that address's reminder not_sent, and its bill still goes", async () => {
    const worker = makeMailWorker(
      { ...setup.send, log: { warn() {}, error() {}, info() {}, debug() {} } as never },
      { workerId: "unsub-test-mail", concurrency: 2, lockMs: 60_000, idlePollMs: 1_000 },
    );
    assert.equal((await oneClick(linkFor("carla@example.com"))).statusCode, 200);
    const made = await svc.call("POST", "/api/pix/charge/create", {
      token: account.test,
      body: { value: 150, customer_email: "carla@example.com" },
    });
    const chargeId = made.json().data.chargeId as string;
    await insertPlannedNotifications(
      svc.deps.db,
      { accountId: account.accountId, mode: "test" },
      [
        {
          kind: "reminder_due",
          chargeId,
          subscriptionId: null,
          recipient: "carla@example.com",
          dedupeKey: `reminder:${chargeId}:2026-12-02:due`,
          scheduledFor: clock.now(),
          nextAttemptAt: clock.now(),
        },
      ],
      clock.now(),
    );
    await worker.runOnce();
    const rows = await svc.deps.db.query<{ kind: string; status: string; last_error: string }>(
      "SELECT kind, status, last_error FROM notifications WHERE charge_id = $1 ORDER BY seq",
      [chargeId],
    );
    assert.deepEqual(
      rows.map((r) => [r.kind, r.status]),
      [
        ["bill", "sent"],
        ["reminder_due", "not_sent"],
      ],
    );
    assert.match(rows[1]?.last_error ?? "", /unsubscribed/);
    await worker.stop();
  });
});
