import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { billingPass } from "../../src/domain/subscriptions/billing.ts";
import type { RecurrenceSink } from "../../src/domain/subscriptions-live/notify.ts";
import {
  COBR_CHECK,
  REC_CHECK,
  reconcileRecurrences,
} from "../../src/domain/subscriptions-live/reconcile.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { type LiveSetup, startAutomaticoSetup } from "../helpers/live-pix.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// Lost Pix Automático notifications (the PSP never sends them, or they never arrive): the
// reconciliation reads the recs and cobrs that are due a check back at the PSP and moves them
// as a confirmed notification would, once; rows not due cost no GET. The service and the peer
// share one manual clock, which only moves forward through the file.
const clock = manualClock(new Date("2026-03-02T15:00:00.000Z")); // 12:00 in Brasília
let s: LiveSetup;

before(async () => {
  s = await startAutomaticoSetup(
    clock,
    { timeoutMs: 1500, retries: 0, backoffMs: [], budgetMs: 3000 },
    { account: "123456", type: "CORRENTE" },
  );
});
after(() => s.close());

async function create(start: string) {
  const res = await s.call(
    "POST",
    "/api/pix/subscriptions/create",
    monthlyPlan(start, { retry_policy: "up_to_3_in_7_days" }),
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { subscriptionId: string; recId: string };
}
const subscription = async (id: string) =>
  (await s.call("GET", `/api/pix/subscriptions/status?subscription_id=${id}`)).json().data;
const periodCharge = async (subscriptionId: string) => {
  const r = await s.call("GET", "/api/pix/charges?limit=100");
  const c = (r.json().data.charges as Record<string, any>[]).find(
    (x) => x.subscriptionId === subscriptionId,
  );
  assert.ok(c, "the period's charge exists");
  return c;
};
const eventsOf = async (id: string) => (await s.eventsOf(id)).map((e) => e.event);
const sink = () => s.svc.deps.recurrenceSink as RecurrenceSink;
const reconcile = (limit?: number) =>
  reconcileRecurrences(
    {
      db: s.svc.deps.db,
      clock,
      pspClients: s.svc.deps.pspClients,
      recurrenceSink: sink(),
      warn() {},
    },
    limit === undefined ? {} : { limit },
  );
/**
 * GETs the peer answered for this path (e.g. "/cobr/<txid>") since `mark()`: creating,
 * authorising and issuing make GETs of their own (the composed QR, notifications' reads).
 */
let since = 0;
const mark = async () => {
  await s.peer.settled();
  since = s.peer.requests.length;
};
const gets = (path: string) =>
  s.peer.requests.slice(since).filter((r) => r.method === "GET" && r.path.endsWith(path)).length;
/** An approved subscription with its first period's cobr issued at the PSP. */
async function issued(start: string) {
  const sub = await create(start);
  await s.peer.authorizeRec(sub.recId);
  assert.equal((await subscription(sub.subscriptionId)).statusCode, "approved");
  await billingPass(s.svc.deps);
  const cobr = [...s.peer.cobrs.values()].find((c) => c.idRec === sub.recId);
  assert.ok(cobr, "PUT /cobr reached the PSP");
  return { ...sub, txid: cobr.txid };
}
/** 09:00 in Brasília on a date plus `extraMs`: when a period's first check falls due. */
const checkTime = (date: string, extraMs = 0) =>
  new Date(Date.parse(`${date}T03:00:00.000Z`) + COBR_CHECK.afterDueMs + extraMs);

describe("Pix Automático reconciliation: lost rec and cobr notifications", () => {
  test("a cobr paid with its notification lost is approved on its date by GET /cobr, with one charge.approved; no GET before, none after", async () => {
    const sub = await issued("2026-03-10");
    s.peer.dropNotifications(true);
    await mark();
    try {
      await s.peer.payCobr(sub.txid);
      // Not due: the date has not come (and the rec was created a moment ago).
      const before = await reconcile();
      assert.equal(gets(`/cobr/${sub.txid}`), 0, "no GET /cobr before the period's date");
      assert.equal(gets(`/rec/${sub.recId}`), 0, "no GET /rec before its first check");
      assert.equal(before.cobrsRead + before.recsRead, 0);
      assert.equal((await periodCharge(sub.subscriptionId)).statusCode, "pending");

      clock.set(checkTime("2026-03-10", 60_000));
      const out = await reconcile();
      assert.equal(gets(`/cobr/${sub.txid}`), 1);
      assert.ok(out.cobrsMoved >= 1);
      const charge = await periodCharge(sub.subscriptionId);
      assert.equal(charge.statusCode, "approved");
      const events = await eventsOf(charge.chargeId);
      assert.equal(events.filter((e) => e === "charge.approved").length, 1);

      // Paid, its period is no longer due a check; the notification arriving late moves nothing.
      await reconcile();
      clock.advance(COBR_CHECK.maxMs + 60_000);
      await reconcile();
      assert.equal(gets(`/cobr/${sub.txid}`), 1, "a settled period is never asked about again");
      s.peer.dropNotifications(false);
      await s.peer.notifyCobr({
        cobsr: [s.peer.recState.cobrNotice(s.peer.recState.cobr(sub.txid))],
      });
      assert.equal(
        (await eventsOf(charge.chargeId)).filter((e) => e === "charge.approved").length,
        1,
        "the notification and the reconciliation together approve once",
      );
    } finally {
      s.peer.dropNotifications(false);
    }
    s.peer.assertNoViolations();
  });

  test("a rec cancelled at the payer's bank with its notification lost ends canceled (by the payer), once", async () => {
    const sub = await create("2026-03-25");
    await s.peer.authorizeRec(sub.recId);
    s.peer.dropNotifications(true);
    await mark();
    try {
      await s.peer.cancelRecByPayer(sub.recId);
      await reconcile();
      assert.equal(gets(`/rec/${sub.recId}`), 0, "not due yet: the notification may still come");
      assert.equal((await subscription(sub.subscriptionId)).statusCode, "approved");

      clock.advance(REC_CHECK.firstMs + 1000);
      await reconcile();
      assert.equal(gets(`/rec/${sub.recId}`), 1);
      const after = await subscription(sub.subscriptionId);
      assert.equal(after.statusCode, "canceled");
      assert.equal(after.canceledBy, "payer");
      const events = await eventsOf(sub.subscriptionId);
      assert.equal(events.filter((e) => e === "subscription.canceled").length, 1);
      assert.equal(s.peer.recs.get(sub.recId)?.status, "CANCELADA");

      clock.advance(REC_CHECK.approvedMaxMs + 60_000);
      await reconcile();
      assert.equal(gets(`/rec/${sub.recId}`), 1, "a canceled subscription is never asked about");
    } finally {
      s.peer.dropNotifications(false);
    }
    s.peer.assertNoViolations();
  });

  test("an answer in a state we do not know, or no answer, moves nothing; the row is asked again after its back-off", async () => {
    const sub = await issued(addDays(clock.now(), 5));
    const rec = s.peer.recs.get(sub.recId);
    const cobr = s.peer.cobrs.get(sub.txid);
    assert.ok(rec && cobr);
    s.peer.dropNotifications(true);
    await mark();
    try {
      // The PSP states what no version of the file defines.
      cobr.status = "PAGA_TALVEZ";
      rec.status = "SUSPENSA_TALVEZ";
      const chargeId = (await periodCharge(sub.subscriptionId)).chargeId;
      const eventsBefore = [...(await eventsOf(chargeId)), ...(await eventsOf(sub.subscriptionId))];
      clock.set(checkTime(addDays(clock.now(), 5), 60_000));
      const out = await reconcile();
      assert.equal(gets(`/cobr/${sub.txid}`), 1);
      assert.equal(gets(`/rec/${sub.recId}`), 1);
      assert.ok(out.cobrsRead >= 1 && out.recsRead >= 1);
      const charge = await periodCharge(sub.subscriptionId);
      assert.equal(charge.statusCode, "pending");
      assert.equal((await subscription(sub.subscriptionId)).statusCode, "approved");
      assert.deepEqual(
        [...(await eventsOf(chargeId)), ...(await eventsOf(sub.subscriptionId))],
        eventsBefore,
        "no event for a state we cannot read",
      );

      // The PSP down: nothing moves, and the period is asked again after its back-off, not
      // on the next pass.
      cobr.status = "CONCLUIDA";
      s.peer.failNext(`GET /cobr/${sub.txid}`, 503, 5);
      clock.advance(COBR_CHECK.baseMs * 2 + 1000);
      const down = await reconcile();
      assert.ok(down.failed >= 1);
      assert.equal((await periodCharge(sub.subscriptionId)).statusCode, "pending");
      const tried = s.peer.requests.filter((r) => r.path.endsWith(`/cobr/${sub.txid}`)).length;
      await reconcile();
      assert.equal(
        s.peer.requests.filter((r) => r.path.endsWith(`/cobr/${sub.txid}`)).length,
        tried,
        "no GET on the very next pass",
      );
    } finally {
      s.peer.dropNotifications(false);
    }
  });

  test("costs are bounded: periods before their date cost no GET, and each pass asks at most `limit` rows of each kind per account", async () => {
    const date = addDays(clock.now(), 6);
    const subs = [await issued(date), await issued(date), await issued(date)];
    const cobrGets = () => subs.reduce((n, x) => n + gets(`/cobr/${x.txid}`), 0);
    s.peer.dropNotifications(true);
    await mark();
    try {
      for (const x of subs) await s.peer.payCobr(x.txid);
      clock.advance(REC_CHECK.firstMs + 1000); // their recs are due; their cobrs are not
      await reconcile();
      assert.equal(cobrGets(), 0, "no GET /cobr before the date");
      clock.set(checkTime(date, 60_000));
      await reconcile(1);
      assert.equal(cobrGets(), 1, "one period per pass with limit 1");
      await reconcile(1);
      await reconcile(1);
      assert.equal(cobrGets(), 3);
      await reconcile(1);
      assert.equal(cobrGets(), 3, "settled periods are not asked again");
      for (const x of subs) {
        assert.equal((await periodCharge(x.subscriptionId)).statusCode, "approved");
      }
    } finally {
      s.peer.dropNotifications(false);
    }
    s.peer.assertNoViolations();
  });
});

/** The date (Brasília) `days` after an instant. */
function addDays(at: Date, days: number): string {
  return new Date(at.getTime() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
