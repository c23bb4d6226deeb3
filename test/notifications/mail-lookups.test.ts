import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setDisplayName } from "../../src/db/queries/accounts.ts";
import { insertPlannedNotifications } from "../../src/db/queries/notifications/insert-planned.ts";
import type { ClaimedNotification } from "../../src/db/queries/notifications/queue.ts";
import {
  addUnsubscribe,
  writeNotificationSettings,
} from "../../src/db/queries/notifications/settings.ts";
import { advanceTestClock } from "../../src/db/queries/subscriptions/test-clocks.ts";
import type { MailContext, RenderedMail } from "../../src/domain/notifications/mail-context.ts";
import { prepareMail } from "../../src/domain/notifications/mail-context-of.ts";
import { withMailLookups } from "../../src/domain/notifications/mail-lookups.ts";
import { makeMailSetup } from "../../src/domain/notifications/mail-setup.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import type { Db } from "../../src/kernel/db.ts";
import { plannedLiveBill } from "../helpers/live-mail.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// The mail worker reads the facts of a claimed batch for the whole batch (mail-lookups.ts):
// three statements at most whatever the batch's size, and each mail prepared from them exactly
// as it would have been from its own five reads, in its own account and mode only.

const DAY_MS = 86_400_000;
const clock = manualClock(new Date("2026-12-02T13:00:00.000Z"));
const render = async (ctx: MailContext): Promise<RenderedMail> => ({
  subject: ctx.kind,
  text: "",
  html: "",
  attachments: [],
});
let svc: TestService;
let batch: ClaimedNotification[];
let a: { accountId: string; test: string; live: string };
let b: { accountId: string; test: string; live: string };

/** The real database, counting the statements sent through it. */
function counting(db: Db): { db: Db; count: () => number } {
  let n = 0;
  return {
    db: {
      ...db,
      query: (sql, params) => {
        n++;
        return db.query(sql, params);
      },
    } as Db,
    count: () => n,
  };
}

const deps = () =>
  makeMailSetup({
    config: svc.deps.config,
    db: svc.deps.db,
    clock,
    random: svc.deps.random,
    secretKey: Buffer.alloc(32, 3),
    render,
  }).send;

async function charge(token: string, email: string) {
  const res = await svc.call("POST", "/api/pix/charge/create", {
    token,
    body: { value: 150, customer_email: email },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.chargeId as string;
}

describe("a claimed batch's mail lookups", () => {
  before(async () => {
    svc = await startTestService({ clock });
    a = await svc.newAccount();
    b = await svc.newAccount();
    const db = svc.deps.db;
    await setDisplayName(db, b.accountId, "Ateliê da Ana");
    await writeNotificationSettings(
      db,
      { accountId: a.accountId, mode: "test" },
      { language: "en" },
      clock.now(),
    );
    await advanceTestClock(db, a.accountId, 2 * DAY_MS, clock.now());
    await addUnsubscribe(
      db,
      { accountId: a.accountId, mode: "test" },
      "Saiu@Example.com",
      clock.now(),
    );
    const aCharge = await charge(a.test, "fica@example.com");
    // A live-mode mail of a (live charges need a PSP connection; its lookups are what counts).
    await plannedLiveBill(
      db,
      a.accountId,
      "test-live-bill",
      new Date(clock.now().getTime() - 60_000),
    );
    await charge(b.test, "saiu@example.com");
    // Two reminders of a's charge: one to the address that unsubscribed (written otherwise).
    const soon = new Date(clock.now().getTime() - 60_000);
    await insertPlannedNotifications(
      db,
      { accountId: a.accountId, mode: "test" },
      ["SAIU@example.com", "fica@example.com"].map((recipient, i) => ({
        kind: "reminder_due",
        chargeId: aCharge,
        subscriptionId: null,
        recipient,
        dedupeKey: `test-reminder:${i}`,
        scheduledFor: new Date(clock.now().getTime() + 2 * DAY_MS - 60_000),
        nextAttemptAt: soon,
      })),
      clock.now(),
    );
    // The mails as a worker's claim answers them (the service's own worker may be sending them:
    // preparing only reads).
    batch = await db.query<ClaimedNotification>(
      `SELECT id, account_id AS "accountId", mode, kind, charge_id AS "chargeId",
         subscription_id AS "subscriptionId", recipient, dedupe_key AS "dedupeKey", attempts,
         scheduled_for AS "scheduledFor", created_at AS "createdAt"
       FROM notifications WHERE account_id = ANY ($1::text[]) ORDER BY seq`,
      [[a.accountId, b.accountId]],
    );
  });
  after(() => svc.close());

  test("a batch of mails of two accounts and both modes is read in three statements, and each mail is prepared as from its own reads", async () => {
    assert.equal(batch.length, 5, "three bills (one live) and two reminders");
    const c = counting(svc.deps.db);
    const looked = await withMailLookups(c.db, batch, (err) => assert.fail(String(err)));
    assert.equal(c.count(), 3, "senders, charges and unsubscribes: one statement each");
    assert.ok(
      looked.every((n) => n.lookups),
      "every mail got its facts",
    );
    const send = deps();
    for (const [i, n] of looked.entries()) {
      const own = batch[i] as ClaimedNotification;
      const alone = await prepareMail(send, own, await send.clockOf(own));
      const offset = n.lookups?.clockMs ?? -1;
      const fromBatch = await prepareMail(send, n, {
        now: () => new Date(clock.now().getTime() + offset),
      });
      assert.deepEqual(fromBatch, alone, `${n.kind} to ${n.recipient}`);
    }
    const bills = looked.filter((n) => n.kind === "bill" && n.accountId === a.accountId);
    assert.deepEqual(
      bills
        .map((n) => [
          n.mode,
          n.lookups?.clockMs,
          (n.lookups?.settings as { language?: string })?.language,
        ])
        .sort(),
      [
        ["live", 0, undefined],
        ["test", 2 * DAY_MS, "en"],
      ],
      "the test clock and the settings are the mode's own: live never runs ahead",
    );
    const reminders = looked.filter((n) => n.kind === "reminder_due");
    assert.deepEqual(
      reminders.map((n) => [n.recipient, n.lookups?.unsubscribed, n.lookups?.clockMs]),
      [
        ["SAIU@example.com", true, 2 * DAY_MS],
        ["fica@example.com", false, 2 * DAY_MS],
      ],
    );
    // b's payer wrote the address a's unsubscribed one wrote: b's bill knows nothing of a's list.
    const bBill = looked.find((n) => n.accountId === b.accountId);
    assert.equal(bBill?.lookups?.account?.displayName, "Ateliê da Ana");
    assert.equal(bBill?.lookups?.unsubscribed, false);
    assert.deepEqual(bBill?.lookups?.settings, null);
  });

  test("a mail naming another account's charge finds no charge in the batch's lookups", async () => {
    const bBill = batch.find((n) => n.accountId === b.accountId) as ClaimedNotification;
    const forged = { ...bBill, id: "ntf_forged", accountId: a.accountId };
    const [looked] = await withMailLookups(svc.deps.db, [forged], (err) =>
      assert.fail(String(err)),
    );
    assert.equal(looked?.lookups?.charge, undefined);
    const prepared = await prepareMail(deps(), looked as ClaimedNotification, clock);
    assert.deepEqual(prepared.go ? "went" : prepared.reason, "its charge no longer exists");
  });

  test("a batch whose lookups fail goes on without them, said once, and each mail reads its own", async () => {
    const broken = {
      ...svc.deps.db,
      query: async () => {
        throw new Error("connection reset");
      },
    } as Db;
    const errors: unknown[] = [];
    const looked = await withMailLookups(broken, batch, (err) => errors.push(err));
    assert.equal(errors.length, 1);
    assert.deepEqual(looked, batch, "the same mails, without lookups");
  });
});
