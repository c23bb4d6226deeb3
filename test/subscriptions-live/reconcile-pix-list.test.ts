import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { reconcileLivePix } from "../../src/domain/live-pix/live-reconcile.ts";
import { billingPass } from "../../src/domain/subscriptions/billing.ts";
import type { RecurrenceSink } from "../../src/domain/subscriptions-live/notify.ts";
import { reconcileRecurrences } from "../../src/domain/subscriptions-live/reconcile.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { type LiveSetup, startAutomaticoSetup } from "../helpers/live-pix.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// A PSP may list a period's Pix in GET /pix (the Pix received on the key) too. The live PIX
// reconciliation, which reads that list, must not approve the period's charge by itself (its
// period would stay open): it makes the period's GET /cobr due at once, and the Pix Automático
// reconciliation settles both together. The peer's GET /pix filters by the wall clock (its
// Pix's horario), so this file's manual clock starts at the wall clock.
const clock = manualClock(new Date());
let s: LiveSetup;

before(async () => {
  s = await startAutomaticoSetup(
    clock,
    { timeoutMs: 500, retries: 1, backoffMs: [20], budgetMs: 1500 },
    { account: "123456", type: "CORRENTE" },
  );
});
after(() => s?.close());

const brazilDate = (at: Date, days: number) =>
  new Date(at.getTime() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test("a cobr's Pix in the PSP's list of Pix received approves the charge with its period, once, through GET /cobr", async () => {
  const created = await s.call(
    "POST",
    "/api/pix/subscriptions/create",
    monthlyPlan(brazilDate(clock.now(), 5)),
  );
  assert.equal(created.statusCode, 200, created.body);
  const sub = created.json().data as { subscriptionId: string; recId: string };
  await s.peer.authorizeRec(sub.recId);
  await billingPass(s.svc.deps);
  const cobr = [...s.peer.cobrs.values()].find((c) => c.idRec === sub.recId);
  assert.ok(cobr);
  await s.peer.settled(); // PUT /cobr's own notification, read by the service before the payment
  s.peer.dropNotifications(true);
  try {
    await s.peer.payCobr(cobr.txid);
    // The same payment as the PSP's GET /pix lists it (a Pix with the cobr's txid).
    await s.peer.payForeignCob(cobr.txid, 4990);
    clock.set(new Date(Date.now() + 1000));
    const pixPass = await reconcileLivePix(
      { ...s.svc.deps, clock, pspClients: s.svc.deps.pspClients, warn() {} },
      { intervalMs: 60_000, attemptGraceMs: 120_000 },
    );
    assert.ok(pixPass.pixRead >= 1, "the Pix was read from the list");
    assert.equal(pixPass.approved, 0, "not approved from the list");
    const list = async () =>
      ((await s.call("GET", "/api/pix/charges?limit=100")).json().data.charges as any[]).find(
        (c) => c.subscriptionId === sub.subscriptionId,
      );
    assert.equal((await list()).statusCode, "pending");

    const out = await reconcileRecurrences({
      db: s.svc.deps.db,
      clock,
      pspClients: s.svc.deps.pspClients,
      recurrenceSink: s.svc.deps.recurrenceSink as RecurrenceSink,
      warn() {},
    });
    assert.equal(out.cobrsMoved, 1, "its period was due at once, days before its date");
    const charge = await list();
    assert.equal(charge.statusCode, "approved");
    const events = (
      (await s.call("GET", `/api/events?charge_id=${charge.chargeId}`)).json().data.events as {
        event: string;
      }[]
    ).map((e) => e.event);
    assert.equal(events.filter((e) => e === "charge.approved").length, 1);
    const period = await s.svc.deps.db.query<{ status: string }>(
      "SELECT status FROM subscription_periods WHERE charge_id = $1",
      [charge.chargeId],
    );
    assert.equal(period[0]?.status, "paid", "the period moved with its charge");
  } finally {
    s.peer.dropNotifications(false);
  }
});
