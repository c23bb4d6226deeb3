import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { claimDue } from "../../src/db/queries/deliveries/claim-due.ts";
import { nextDueAt } from "../../src/db/queries/deliveries/next-due-at.ts";
import { recordAttempts } from "../../src/db/queries/deliveries/record-attempts.ts";
import { insertEvents } from "../../src/db/queries/events.ts";
import { disableWebhook, insertWebhook } from "../../src/db/queries/webhooks.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { openTestDb, type TestDb } from "../helpers/db.ts";

// The delivery rows under the worker (queries/deliveries/).

let t: TestDb;
const clock = manualClock();

before(async () => {
  t = await openTestDb();
  await t.db.query("INSERT INTO accounts (id, name, created_at) VALUES ('acct_d', 'd', $1)", [
    clock.now(),
  ]);
});
after(() => t.close());

test("an attempt that ends after its webhook was disabled does not bring the delivery back", async () => {
  const at = clock.now();
  await insertWebhook(t.db, {
    id: "wh_d",
    accountId: "acct_d",
    mode: "test",
    url: "https://example.com/hook",
    events: ["*"],
    secretBox: "sealed",
    createdAt: at,
    disabledAt: null,
    disabledReason: null,
  });
  await insertEvents(t.db, [
    {
      id: "evt_d",
      accountId: "acct_d",
      mode: "test",
      type: "charge.updated",
      chargeId: null,
      payload: { x: 1 },
      createdAt: at,
    },
  ]);
  const [claimed] = await claimDue(t.db, {
    now: at,
    limit: 10,
    lockUntil: new Date(at.getTime() + 30_000),
    worker: "w1",
    perWebhook: 16,
    inFlight: new Map(),
  });
  assert.ok(claimed);
  // While the attempt runs, the receiver answers 410 elsewhere, or the merchant disables it.
  await disableWebhook(t.db, "wh_d", "410 Gone", at);
  // The attempt ends with a 5xx, which on its own would schedule a retry.
  await recordAttempts(t.db, "w1", [
    {
      id: claimed.id,
      attemptedAt: at,
      statusCode: 503,
      latencyMs: 5,
      error: null,
      snippet: "",
      status: "pending",
      nextAttemptAt: new Date(at.getTime() + 60_000),
    },
  ]);
  const [row] = await t.db.query<{ status: string; attempts: number }>(
    "SELECT status, attempts FROM deliveries WHERE id = $1",
    [claimed.id],
  );
  assert.deepEqual(row, { status: "failed", attempts: 1 });
});

test("the worker sleeps until the earliest delivery no worker holds: a held one is not due, a lapsed hold is", async () => {
  const t0 = new Date(clock.now().getTime() + 3_600_000);
  await insertWebhook(t.db, {
    id: "wh_n",
    accountId: "acct_d",
    mode: "live",
    url: "https://example.com/next",
    events: ["*"],
    secretBox: "sealed",
    createdAt: t0,
    disabledAt: null,
    disabledReason: null,
  });
  const event = (id: string, at: Date) => ({
    id,
    accountId: "acct_d",
    mode: "live" as const,
    type: "charge.updated",
    chargeId: null,
    payload: { id },
    createdAt: at,
  });
  const later = new Date(t0.getTime() + 10_000);
  await insertEvents(t.db, [event("evt_n1", t0), event("evt_n2", later)]);
  assert.deepEqual(await nextDueAt(t.db, t0), t0);

  const lockUntil = new Date(t0.getTime() + 30_000);
  const held = await claimDue(t.db, {
    now: t0,
    limit: 1,
    lockUntil,
    worker: "w2",
    perWebhook: 16,
    inFlight: new Map(),
  });
  assert.equal(held.length, 1);
  // While the first is held, waking at t0 (or every few ms) would only find it taken.
  assert.deepEqual(await nextDueAt(t.db, t0), later);
  // A hold that lapsed (its worker died) makes the delivery due again.
  assert.deepEqual(await nextDueAt(t.db, lockUntil), t0);
  await t.db.query("UPDATE deliveries SET status = 'failed' WHERE webhook_id = 'wh_n'");
  assert.equal(await nextDueAt(t.db, lockUntil), undefined);
});

test("a claim takes at most each webhook's room (its cap less what this worker runs for it), skips a webhook at its cap, and leaves the rest unlocked for later", async () => {
  const at = new Date(clock.now().getTime() + 7_200_000);
  for (const id of ["wh_big", "wh_small"]) {
    await insertWebhook(t.db, {
      id,
      accountId: "acct_d",
      mode: "test",
      url: `https://example.com/${id}`,
      events: ["*"],
      secretBox: "sealed",
      createdAt: at,
      disabledAt: null,
      disabledReason: null,
    });
  }
  // insertEvents makes one delivery per event per matching webhook of the account and mode.
  await t.db.query("UPDATE webhooks SET disabled_at = $1 WHERE id NOT IN ('wh_big', 'wh_small')", [
    at,
  ]);
  const events = Array.from({ length: 30 }, (_, i) => ({
    id: `evt_c${i}`,
    accountId: "acct_d",
    mode: "test" as const,
    type: "charge.updated",
    chargeId: null,
    payload: { i },
    createdAt: new Date(at.getTime() + i),
  }));
  await insertEvents(t.db, events);
  const now = new Date(at.getTime() + 1_000);
  const claim = (inFlight: Map<string, number>, worker: string) =>
    claimDue(t.db, {
      now,
      limit: 50,
      lockUntil: new Date(now.getTime() + 30_000),
      worker,
      perWebhook: 4,
      inFlight,
    });
  const count = (rows: Array<{ webhookId: string }>, id: string) =>
    rows.filter((r) => r.webhookId === id).length;

  const first = await claim(new Map([["wh_big", 1]]), "w3");
  assert.equal(count(first, "wh_big"), 3, "wh_big's room: 4 less the 1 it is running");
  assert.equal(count(first, "wh_small"), 4);
  const second = await claim(new Map([["wh_big", 4]]), "w3");
  assert.equal(count(second, "wh_big"), 0, "a webhook at its cap is not claimed at all");
  assert.equal(count(second, "wh_small"), 4);
  const [locked] = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM deliveries WHERE locked_by = 'w3'",
  );
  assert.equal(locked?.n, 11, "nothing beyond the rooms was locked");
});
