import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MAIL_CHANNEL } from "../../src/db/queries/notifications/outbox-sql.ts";
import {
  type ClaimedNotification,
  claimDueNotifications,
  recordMailOutcomes,
} from "../../src/db/queries/notifications/queue.ts";
import type { MailContext, RenderedMail } from "../../src/domain/notifications/mail-context.ts";
import { makeMailSetup } from "../../src/domain/notifications/mail-setup.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { makeSmtpRelay } from "../../src/net/smtp-relay.ts";
import { silentLog } from "../../src/workers/log.ts";
import { makeMailPass, makeMailWorker } from "../../src/workers/mail-worker.ts";
import { plannedLiveBill } from "../helpers/live-mail.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";
import { until } from "../helpers/until.ts";

// The mail outbox's guarantees, through the real protocol: a charge with customer_email makes
// its bill in the statement that stores it; the worker hands it to a relay that requires
// STARTTLS and AUTH; a 451 is retried until accepted, a 550 fails for good with its reply kept,
// a relay that is down delays mail and loses none; test mode never reaches the live relay.
// (The mails' contents are render/'s tests; here a plain renderer stands in for it.)

const render = async (ctx: MailContext): Promise<RenderedMail> => ({
  subject: `${ctx.shop.name}: ${ctx.kind} ${ctx.charge?.id ?? ""}`,
  text: `kind ${ctx.kind}`,
  html: `<p>kind ${ctx.kind}</p>`,
  attachments: [],
});

const clock = manualClock(new Date("2026-12-02T13:00:00.000Z"));
let svc: TestService;
let live: SmtpSink;
let sandbox: SmtpSink;
let account: Awaited<ReturnType<TestService["newAccount"]>>;

const rowsOf = (chargeId: string) =>
  svc.deps.db.query<{
    id: string;
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
    subject: string | null;
    next_attempt_at: Date;
  }>(
    `SELECT id, kind, status, attempts, last_error, subject, next_attempt_at FROM notifications
     WHERE charge_id = $1 ORDER BY seq`,
    [chargeId],
  );

function workerFor(relays: { test?: SmtpSink; live?: SmtpSink }, dailyCap = 10_000) {
  const setup = makeMailSetup({
    config: {
      ...svc.deps.config,
      mail: { ...svc.deps.config.mail, from: "cobranca@loja.example", dailyCap },
    },
    db: svc.deps.db,
    clock,
    random: svc.deps.random,
    secretKey: Buffer.alloc(32, 7),
    render,
    relays: {
      ...(relays.test ? { test: makeSmtpRelay(relays.test.url) } : {}),
      ...(relays.live ? { live: makeSmtpRelay(relays.live.url) } : {}),
    },
  });
  const worker = makeMailWorker(
    { ...setup.send, log: { warn() {}, error() {}, info() {}, debug() {} } as never },
    { workerId: "test-mail", concurrency: 4, lockMs: 60_000, idlePollMs: 1_000 },
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

before(async () => {
  svc = await startTestService({ clock, env: { TOSTAO_WORKERS: "false" } });
  account = await svc.newAccount();
  live = await startSmtpSink();
  sandbox = await startSmtpSink();
});
after(async () => {
  await svc.close();
  await live.close();
  await sandbox.close();
});

describe("the bill is stored with its charge", () => {
  test("a charge with customer_email has one pending bill; one without has none", async () => {
    const withEmail = await newCharge(account.test);
    const rows = await rowsOf(withEmail);
    assert.deepEqual(
      rows.map((r) => [r.kind, r.status]),
      [["bill", "pending"]],
    );
    const res = await svc.call("POST", "/api/pix/charge/create", {
      token: account.test,
      body: { value: 10 },
    });
    assert.deepEqual(await rowsOf(res.json().data.chargeId), []);
  });
});

describe("sending through a relay that requires STARTTLS and AUTH", () => {
  test("the bill reaches the relay over TLS, signed in, with a stable Message-ID and Auto-Submitted", async () => {
    const { worker, setup } = workerFor({ test: sandbox, live });
    await worker.runOnce(); // what earlier tests left pending
    const id = await newCharge(account.test);
    const before = sandbox.received.length;
    await worker.runOnce();
    const [mail] = (await sandbox.waitFor(before + 1)).slice(before);
    assert.ok(mail);
    assert.equal(mail.secure, true, "STARTTLS was used");
    assert.equal(mail.user, "relay-user", "AUTH from the URL");
    assert.deepEqual(mail.to, ["pagador@example.com"]);
    const [row] = await rowsOf(id);
    assert.equal(row?.status, "sent");
    assert.equal(mail.parsed.messageId, `<${row?.id}@loja.example>`);
    assert.equal(mail.parsed.headers.get("auto-submitted"), "auto-generated");
    assert.equal(mail.parsed.subject, row?.subject);
    assert.equal(live.received.length, 0, "test mode never reaches the live relay");
    await worker.stop();
    setup.close();
  });

  test("a 451 is retried on the back-off until accepted, and sent once", async () => {
    const { worker, setup } = workerFor({ test: sandbox });
    await worker.runOnce(); // what earlier tests left pending: the script is this mail's
    const id = await newCharge(account.test);
    const before = sandbox.received.length;
    sandbox.scriptRcpt([451, 451]);
    await worker.runOnce();
    let [row] = await rowsOf(id);
    assert.equal(row?.status, "pending");
    assert.equal(row?.attempts, 1);
    assert.match(row?.last_error ?? "", /^451 /);
    const wait = (row?.next_attempt_at.getTime() ?? 0) - clock.now().getTime();
    assert.ok(wait >= 30_000 && wait <= 33_000, `first retry within a minute: ${wait} ms`);
    await worker.runOnce();
    assert.equal(sandbox.received.length, before, "not retried before its time");
    clock.advance(34_000);
    await worker.runOnce();
    clock.advance(140_000);
    await worker.runOnce();
    [row] = await rowsOf(id);
    assert.equal(row?.status, "sent");
    assert.equal(row?.attempts, 3);
    assert.equal(sandbox.received.length, before + 1);
    await worker.stop();
    setup.close();
  });

  test("a 550 fails the mail for good with the relay's reply kept, and is never sent again", async () => {
    const { worker, setup } = workerFor({ test: sandbox });
    sandbox.refuseAddress("nobody@example.com", 550);
    const id = await newCharge(account.test, { customer_email: "nobody@example.com" });
    await worker.runOnce();
    let [row] = await rowsOf(id);
    assert.equal(row?.status, "failed");
    assert.match(row?.last_error ?? "", /^550 5\.1\.1/);
    clock.advance(86_400_000);
    await worker.runOnce();
    [row] = await rowsOf(id);
    assert.equal(row?.attempts, 1, "no retry storm");
    await worker.stop();
    setup.close();
  });

  test("a relay that is down delays mail and loses none", async () => {
    const down = await startSmtpSink();
    const { worker, setup } = workerFor({ test: down });
    await down.stop();
    const ids = [await newCharge(account.test), await newCharge(account.test)];
    await worker.runOnce();
    for (const id of ids) {
      const [row] = await rowsOf(id);
      assert.equal(row?.status, "pending");
      assert.ok(row?.last_error, "why it waits is kept");
    }
    await down.start();
    clock.advance(40_000);
    await worker.runOnce();
    for (const id of ids) assert.equal((await rowsOf(id))[0]?.status, "sent");
    assert.equal(down.received.length, 2);
    await worker.stop();
    setup.close();
    await down.close();
  });
});

describe("test mode and the live relay", () => {
  test("without a test relay, test-mode mail is recorded not_sent with why, and the live relay gets nothing", async () => {
    const { worker, setup } = workerFor({ live });
    const id = await newCharge(account.test);
    await worker.runOnce();
    const [row] = await rowsOf(id);
    assert.equal(row?.status, "not_sent");
    assert.match(row?.last_error ?? "", /TOSTAO_SMTP_TEST_URL/);
    assert.ok(row?.subject, "rendered: its subject is kept");
    assert.equal(live.received.length, 0);
    assert.equal(setup.relayStatus("test").configured, false);
    await worker.stop();
    setup.close();
  });
});

describe("the daily cap", () => {
  test("past the account's daily cap, mail is recorded not_sent and never reaches the relay", async () => {
    const capped = await svc.newAccount();
    const { worker, setup } = workerFor({ test: sandbox }, 2);
    await worker.runOnce(); // what earlier tests left pending
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await newCharge(capped.test));
    const before = sandbox.received.length;
    await worker.runOnce();
    const statuses = [];
    for (const id of ids) statuses.push((await rowsOf(id))[0]?.status);
    assert.deepEqual(statuses.sort(), ["not_sent", "sent", "sent"]);
    assert.equal(sandbox.received.length, before + 2);
    const refused = (await Promise.all(ids.map(rowsOf)))
      .flat()
      .find((r) => r.status === "not_sent");
    assert.match(refused?.last_error ?? "", /daily cap of 2/);
    await worker.stop();
    setup.close();
  });
});

describe("paid and refunded", () => {
  test("paying makes a receipt and refunding a refund notice, once each", async () => {
    const { worker, setup } = workerFor({ test: sandbox });
    const id = await newCharge(account.test);
    for (const path of ["simulate-pay", "simulate-pay", "refund", "refund"]) {
      const res = await svc.call("POST", `/api/pix/charge/${path}`, {
        token: account.test,
        body: { charge_id: id },
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    await worker.runOnce();
    assert.deepEqual(
      (await rowsOf(id)).map((r) => [r.kind, r.status]),
      [
        ["bill", "sent"],
        ["receipt", "sent"],
        ["refund", "sent"],
      ],
    );
    await worker.stop();
    setup.close();
  });
});

// What one claim's row looks like to a test that builds one by hand.
export type { ClaimedNotification };

describe("the outbox's claims", () => {
  test("a lapsed claim's late record is ignored; the worker that took it over records, once", async () => {
    const chargeId = await newCharge(account.test);
    const [row] = await rowsOf(chargeId);
    assert.ok(row);
    const db = svc.deps.db;
    const claim = (worker: string, now: Date) =>
      claimDueNotifications(db, {
        now,
        limit: 1000,
        lockUntil: new Date(now.getTime() + 60_000),
        worker,
        perAccount: 1000,
        inFlight: new Map(),
        mode: "test",
      });
    const t0 = new Date(row.next_attempt_at.getTime() + 1_000);
    assert.ok((await claim("worker-a", t0)).some((n) => n.id === row.id));
    assert.ok(!(await claim("worker-b", t0)).some((n) => n.id === row.id), "held by a");
    // A's lease lapses; B takes the row.
    const t1 = new Date(t0.getTime() + 61_000);
    assert.ok((await claim("worker-b", t1)).some((n) => n.id === row.id));
    const outcome = (status: "sent" | "failed") => ({
      id: row.id,
      status,
      attemptedAt: t1,
      counted: true,
      subject: status,
    });
    assert.deepEqual(await recordMailOutcomes(db, "worker-a", [outcome("failed")]), []);
    assert.deepEqual(await recordMailOutcomes(db, "worker-b", [outcome("sent")]), [row.id]);
    // Recorded, the row is no one's: neither worker's record applies again.
    assert.deepEqual(await recordMailOutcomes(db, "worker-b", [outcome("failed")]), []);
    const [after] = await rowsOf(chargeId);
    assert.equal(after?.status, "sent");
    assert.equal(after?.attempts, 1);
    assert.equal(after?.subject, "sent");
  });

  test("each mode's mail is claimed on its own, and a new mail's NOTIFY names its mode", async () => {
    const db = svc.deps.db;
    const heard: string[] = [];
    const unlisten = await db.listen(MAIL_CHANNEL, (payload) => heard.push(payload));
    const chargeId = await newCharge(account.test);
    const [bill] = await rowsOf(chargeId);
    assert.ok(bill);
    const at = bill.next_attempt_at;
    await plannedLiveBill(db, account.accountId, `live-bill:${chargeId}`, at);
    await until("both NOTIFYs", () => heard.length >= 2);
    await unlisten();
    assert.deepEqual(heard.slice(0, 2), ["test", "live"]);
    const claim = (mode: "test" | "live") =>
      claimDueNotifications(db, {
        now: new Date(at.getTime() + 1_000),
        limit: 1000,
        lockUntil: new Date(at.getTime() + 60_000),
        worker: `mode-${mode}`,
        perAccount: 1000,
        inFlight: new Map(),
        mode,
      });
    const live = await claim("live");
    assert.ok(
      live.length > 0 && live.every((n) => n.mode === "live"),
      "live claims live mail only",
    );
    assert.ok(live.some((n) => n.recipient === "vivo@example.com"));
    const test = await claim("test");
    assert.ok(
      test.every((n) => n.mode === "test"),
      "test claims test mail only",
    );
    assert.ok(test.some((n) => n.id === bill.id));
  });

  test("a sandbox clock's mail pass sends test mode's mail and leaves live mail to the worker", async () => {
    const db = svc.deps.db;
    const who = await svc.newAccount();
    const chargeId = await newCharge(who.test);
    const [bill] = await rowsOf(chargeId);
    assert.ok(bill);
    const at = bill.next_attempt_at;
    await plannedLiveBill(db, who.accountId, `live-bill-pass:${chargeId}`, at);
    const { setup } = workerFor({});
    const pass = makeMailPass({ ...setup.send, log: silentLog }, "pass-test");
    await pass({ accountId: who.accountId, mode: "test" }, clock);
    const rows = await db.query<{ mode: string; status: string; locked_by: string | null }>(
      "SELECT mode, status, locked_by FROM notifications WHERE account_id = $1 ORDER BY mode",
      [who.accountId],
    );
    assert.deepEqual(rows, [
      { mode: "live", status: "pending", locked_by: null },
      { mode: "test", status: "not_sent", locked_by: null },
    ]);
    setup.close();
  });
});
