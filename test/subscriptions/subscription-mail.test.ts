import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { findCharge } from "../../src/db/queries/charges.ts";
import { insertEvents } from "../../src/db/queries/events.ts";
import type { ClaimedNotification } from "../../src/db/queries/notifications/queue.ts";
import { createAccount } from "../../src/domain/accounts/create-account.ts";
import { chargeEvent } from "../../src/domain/charges/charge-events.ts";
import { prepareMail } from "../../src/domain/notifications/mail-context-of.ts";
import { makeSubscriptionContext } from "../../src/domain/notifications/subscription-context.ts";
import { offsetClock } from "../../src/domain/subscriptions/account-clock.ts";
import { billingPass } from "../../src/domain/subscriptions/billing.ts";
import {
  createSubscription,
  type SubscriptionDeps,
} from "../../src/domain/subscriptions/create-subscription.ts";
import {
  cancelSubscription,
  simulateAuthorize,
} from "../../src/domain/subscriptions/manage-subscriptions.ts";
import { sandboxSubscriptionRail } from "../../src/domain/subscriptions/rail.ts";
import { CreateSubscriptionSchema } from "../../src/domain/subscriptions/schemas.ts";
import { advanceAccountClock as advanceClock } from "../../src/domain/test-clock/advance-test-clock.ts";
import { cryptoRandom, manualClock } from "../../src/kernel/clock.ts";
import type { Principal } from "../../src/kernel/mode.ts";
import { openTestDb, type TestDb } from "../helpers/db.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// A subscription's payer hears of it by mail (issue 35): the authorisation request, a notice
// before each debit, a receipt after each paid period, a failed debit, the cancellation, each
// at most once, and none at all without customer_email. What is asserted is the outbox
// (notifications), which the mail worker sends from; and the context each mail is rendered from.

const BASE = "https://pay.example";
const EMAIL = "maria@example.com";
const DAY_MS = 86_400_000;

let t: TestDb;
let deps: SubscriptionDeps;
const clock = manualClock(new Date("2026-11-22T10:00:00.000Z")); // 07:00 in Brazil
before(async () => {
  t = await openTestDb();
  deps = {
    db: t.db,
    clock,
    random: cryptoRandom,
    subscriptionRails: { test: sandboxSubscriptionRail, live: undefined },
    maxChargeCents: 10_000_000,
    strictPayloads: true,
  };
});
after(() => t.close());

async function newWho(): Promise<Principal> {
  const a = await createAccount(deps, { name: "Loja da Maria" });
  return { accountId: a.id, mode: "test", tokenId: "tok_test" };
}

const create = (who: Principal, extra: Record<string, unknown> = {}) =>
  createSubscription(
    deps,
    who,
    CreateSubscriptionSchema.parse(monthlyPlan("2026-12-10", extra)),
    BASE,
  );
const approve = (who: Principal, id: string, failDebits = false) =>
  simulateAuthorize(
    deps,
    who,
    { subscription_id: id, decision: "approve", fail_debits: failDebits },
    BASE,
  );

type Row = ClaimedNotification & { nextAttemptAt: Date; status: string };
const mailsOf = (accountId: string) =>
  t.db.query<Row>(
    `SELECT id, account_id AS "accountId", mode, kind, charge_id AS "chargeId",
       subscription_id AS "subscriptionId", recipient, dedupe_key AS "dedupeKey", attempts,
       scheduled_for AS "scheduledFor", created_at AS "createdAt",
       next_attempt_at AS "nextAttemptAt", status
     FROM notifications WHERE account_id = $1 ORDER BY seq`,
    [accountId],
  );
const periodCharges = (subscriptionId: string) =>
  t.db.query<{ id: string; status: string; approvedAt: Date | null }>(
    `SELECT id, status, approved_at AS "approvedAt" FROM charges
     WHERE subscription_id = $1 ORDER BY created_at`,
    [subscriptionId],
  );

describe("a subscription's payer mail", () => {
  test("creating a subscription with customer_email makes one authorisation request, and shows the address", async () => {
    const who = await newWho();
    const s = await create(who, { customer_email: EMAIL });
    assert.equal(s.customer_email, EMAIL);
    const mails = await mailsOf(who.accountId);
    assert.deepEqual(
      mails.map((m) => [m.kind, m.dedupeKey, m.recipient, m.subscriptionId, m.chargeId]),
      [
        [
          "subscription_request",
          `subscription_request:${s.subscriptionId}`,
          EMAIL,
          s.subscriptionId,
          null,
        ],
      ],
    );
    assert.equal(mails[0]?.status, "pending");
  });

  test("customer_email is validated as a charge's is", () => {
    const bad = CreateSubscriptionSchema.safeParse(
      monthlyPlan("2026-12-10", { customer_email: "maria@" }),
    );
    assert.equal(bad.success, false);
    assert.deepEqual(
      bad.error?.issues.map((i) => i.path.join(".")),
      ["customer_email"],
    );
    const trimmed = CreateSubscriptionSchema.parse(
      monthlyPlan("2026-12-10", { customer_email: `  ${EMAIL} ` }),
    );
    assert.equal(trimmed.customer_email, EMAIL);
  });

  test("two periods under the test clock: a debit notice before each debit and a receipt after each paid one, none twice", async () => {
    const who = await newWho();
    const s = await create(who, { customer_email: EMAIL });
    await approve(who, s.subscriptionId);
    // 2026-11-22 + 50 days: periods of 2026-12-10 and 2027-01-10 issued and debited.
    await advanceClock(deps, who, 50);
    const charges = await periodCharges(s.subscriptionId);
    assert.deepEqual(
      charges.map((c) => c.status),
      ["approved", "approved"],
    );
    // The period's charge carries the address, so its receipt came from the charge's own path.
    const first = await findCharge(t.db, { ...who, id: charges[0]?.id ?? "" });
    assert.equal(first?.details.customer_email, EMAIL);

    const mails = await mailsOf(who.accountId);
    assert.deepEqual(mails.map((m) => m.kind).sort(), [
      "receipt",
      "receipt",
      "subscription_debit_notice",
      "subscription_debit_notice",
      "subscription_request",
    ]);
    const notices = mails.filter((m) => m.kind === "subscription_debit_notice");
    assert.deepEqual(
      notices.map((m) => [m.dedupeKey, m.scheduledFor.toISOString()]),
      [
        // 09:00 in Brazil (UTC-3) three days before each debit date.
        [`subscription_debit_notice:${s.subscriptionId}:0`, "2026-12-07T12:00:00.000Z"],
        [`subscription_debit_notice:${s.subscriptionId}:1`, "2027-01-07T12:00:00.000Z"],
      ],
    );
    // Planned when each charge was issued (10 days before its date, the clock then 8 and 39 days
    // ahead): due on the real clock as many days sooner.
    assert.deepEqual(
      notices.map((m) => (m.scheduledFor.getTime() - m.nextAttemptAt.getTime()) / DAY_MS),
      [8, 39],
    );
    for (const [i, n] of notices.entries()) {
      assert.ok(
        n.scheduledFor < (charges[i]?.approvedAt as Date),
        "the notice is before its debit",
      );
      assert.equal(n.recipient, EMAIL);
      assert.equal(n.chargeId, null);
    }
    const receipts = mails.filter((m) => m.kind === "receipt");
    assert.deepEqual(
      receipts.map((m) => [m.chargeId, m.subscriptionId, m.dedupeKey]),
      charges.map((c) => [c.id, s.subscriptionId, `receipt:${c.id}`]),
    );
    for (const [i, r] of receipts.entries()) {
      assert.ok(
        r.scheduledFor >= (charges[i]?.approvedAt as Date),
        "the receipt is after its debit",
      );
    }

    // The billing pass again (another instance, a restart), and a paid charge's event met twice
    // (a notification redelivered): nothing more.
    await billingPass(deps);
    const paid = await findCharge(t.db, { ...who, id: charges[1]?.id ?? "" });
    assert.ok(paid);
    const moved = { ...deps, clock: offsetClock(clock, 50 * DAY_MS) };
    await insertEvents(t.db, [chargeEvent(moved, "charge.approved", paid)]);
    assert.deepEqual(
      (await mailsOf(who.accountId)).map((m) => m.id),
      mails.map((m) => m.id),
    );
  });

  test("a failed debit (fail_debits) makes one subscription_debit_failed once its retries are over", async () => {
    const who = await newWho();
    const s = await create(who, { customer_email: EMAIL });
    await approve(who, s.subscriptionId, true);
    await advanceClock(deps, who, 20); // the date (2026-12-10) and its first retry: still pending
    assert.equal(
      (await mailsOf(who.accountId)).filter((m) => m.kind === "subscription_debit_failed").length,
      0,
    );
    await advanceClock(deps, who, 7); // past the retries: declined
    const [charge] = await periodCharges(s.subscriptionId);
    assert.equal(charge?.status, "declined");
    const mails = await mailsOf(who.accountId);
    assert.deepEqual(mails.map((m) => m.kind).sort(), [
      "subscription_debit_failed",
      "subscription_debit_notice",
      "subscription_request",
    ]);
    const failed = mails.find((m) => m.kind === "subscription_debit_failed");
    assert.equal(failed?.dedupeKey, `subscription_debit_failed:${charge?.id}`);
    assert.equal(failed?.chargeId, charge?.id);
    assert.equal(failed?.subscriptionId, s.subscriptionId);
  });

  test("cancelling makes one subscription_canceled, even when cancelled again", async () => {
    const who = await newWho();
    const s = await create(who, { customer_email: EMAIL });
    await approve(who, s.subscriptionId);
    await cancelSubscription(deps, who, s.subscriptionId, BASE);
    await cancelSubscription(deps, who, s.subscriptionId, BASE);
    const mails = await mailsOf(who.accountId);
    assert.deepEqual(
      mails.map((m) => [m.kind, m.dedupeKey]),
      [
        ["subscription_request", `subscription_request:${s.subscriptionId}`],
        ["subscription_canceled", `subscription_canceled:${s.subscriptionId}`],
      ],
    );
  });

  test("a subscription without customer_email makes no mail at all", async () => {
    const who = await newWho();
    const s = await create(who);
    assert.equal(s.customer_email, null);
    await approve(who, s.subscriptionId);
    await advanceClock(deps, who, 50);
    const failing = await create(who, { start_date: "2027-01-20" });
    await approve(who, failing.subscriptionId, true);
    await advanceClock(deps, who, 20);
    assert.equal((await periodCharges(failing.subscriptionId))[0]?.status, "declined");
    await cancelSubscription(deps, who, s.subscriptionId, BASE);
    assert.equal((await periodCharges(s.subscriptionId)).length, 3);
    assert.deepEqual(await mailsOf(who.accountId), []);
  });
});

describe("subscriptionContext: what a subscription's mail shows, or why it does not go", () => {
  const context = () => makeSubscriptionContext({ db: t.db });
  const one = async (accountId: string, kind: string) => {
    const n = (await mailsOf(accountId)).find((m) => m.kind === kind);
    assert.ok(n, `a ${kind} row`);
    return n;
  };

  test("a request shows the plan and its authorisation page while the payer has not answered", async () => {
    const who = await newWho();
    const s = await create(who, { customer_email: EMAIL, value: undefined, max_value: 120 });
    const n = await one(who.accountId, "subscription_request");
    assert.deepEqual(await context()(n, BASE), {
      id: s.subscriptionId,
      title: "Plano mensal",
      periodicity: "monthly",
      valueCents: null,
      maxValueCents: 12_000,
      authorizationUrl: `${BASE}/subscribe/${s.subscriptionId}`,
    });
    await approve(who, s.subscriptionId);
    assert.equal(
      await context()(n, BASE),
      "the subscription is approved: no authorisation request",
    );
  });

  test("a debit notice shows the debit's date and amount while it is due, and goes no more once paid or past", async () => {
    const who = await newWho();
    const s = await create(who, { customer_email: EMAIL });
    await approve(who, s.subscriptionId);
    await advanceClock(deps, who, 10); // period 0 issued (2026-11-30), not yet debited
    const n = await one(who.accountId, "subscription_debit_notice");
    const ctx = await context()(n, BASE);
    assert.equal(typeof ctx, "object");
    assert.deepEqual((ctx as { debit?: unknown }).debit, { date: "2026-12-10", amountCents: 4990 });
    assert.equal((ctx as { valueCents: number }).valueCents, 4990);
    // With the account's clock: on the debit date (the relay was down until then) it is not sent.
    const late = makeSubscriptionContext({
      db: t.db,
      clockOf: async () => offsetClock(clock, 18 * DAY_MS),
    });
    assert.equal(await late(n, BASE), "its debit date came before it could be sent");
    await advanceClock(deps, who, 10); // debited on 2026-12-10
    assert.equal(await context()(n, BASE), "the period's debit is paid: no debit notice");
    // A key that names no period of this subscription.
    assert.equal(
      await context()({ ...n, dedupeKey: `subscription_debit_notice:${s.subscriptionId}:7` }, BASE),
      "its period no longer exists",
    );
  });

  test("a failed debit carries its decline reason; a cancellation goes only for a cancelled subscription", async () => {
    const who = await newWho();
    const s = await create(who, { customer_email: EMAIL });
    await approve(who, s.subscriptionId, true);
    await advanceClock(deps, who, 27);
    const failed = await context()(await one(who.accountId, "subscription_debit_failed"), BASE);
    assert.equal(typeof failed, "object");
    const f = failed as { declineReason?: string | null; debit?: unknown };
    assert.match(f.declineReason ?? "", /^insufficient_funds: the debit failed 4 times/);
    assert.deepEqual(f.debit, { date: "2026-12-10", amountCents: 4990 });

    const other = await create(who, { customer_email: EMAIL, start_date: "2027-01-20" });
    await cancelSubscription(deps, who, other.subscriptionId, BASE);
    const canceled = (await mailsOf(who.accountId)).find(
      (m) => m.kind === "subscription_canceled" && m.subscriptionId === other.subscriptionId,
    );
    assert.ok(canceled);
    assert.equal(((await context()(canceled, BASE)) as { id: string }).id, other.subscriptionId);
    // The same kind for a subscription that is not cancelled is refused.
    assert.equal(
      await context()({ ...canceled, subscriptionId: s.subscriptionId }, BASE),
      "the subscription is approved: not cancelled",
    );
    assert.equal(
      await context()({ ...canceled, subscriptionId: "sub_gone" }, BASE),
      "its subscription no longer exists",
    );
  });

  test("a paid period's receipt goes even after the subscription was cancelled", async () => {
    const who = await newWho();
    const s = await create(who, { customer_email: EMAIL });
    await approve(who, s.subscriptionId);
    await advanceClock(deps, who, 20);
    await cancelSubscription(deps, who, s.subscriptionId, BASE);
    const ctx = await context()(await one(who.accountId, "receipt"), BASE);
    assert.equal((ctx as { id: string }).id, s.subscriptionId);
  });

  test("wired into prepareMail, a request is gathered with its subscription and a failed debit with its charge", async () => {
    const who = await newWho();
    const s = await create(who, { customer_email: EMAIL });
    const mailDeps = {
      db: t.db,
      publicBaseUrl: () => BASE,
      unsubscribeUrl: () => `${BASE}/unsubscribe`,
      subscriptionContext: makeSubscriptionContext({ db: t.db }),
    };
    const request = await prepareMail(
      mailDeps,
      await one(who.accountId, "subscription_request"),
      clock,
    );
    assert.equal(request.go, true);
    assert.equal(
      request.go && request.ctx.subscription?.authorizationUrl,
      `${BASE}/subscribe/${s.subscriptionId}`,
    );
    await approve(who, s.subscriptionId, true);
    await advanceClock(deps, who, 27);
    const at = offsetClock(clock, 27 * DAY_MS);
    const failed = await prepareMail(
      mailDeps,
      await one(who.accountId, "subscription_debit_failed"),
      at,
    );
    assert.equal(failed.go, true);
    assert.equal(failed.go && failed.ctx.charge?.status, "declined");
    assert.match((failed.go && failed.ctx.subscription?.declineReason) || "", /insufficient_funds/);
    // The request, now answered, is recorded as not sent with why.
    const late = await prepareMail(mailDeps, await one(who.accountId, "subscription_request"), at);
    assert.deepEqual(
      late.go ? null : late.reason,
      "the subscription is approved: no authorisation request",
    );
  });
});
