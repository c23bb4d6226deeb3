import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { brazilToday } from "../../src/domain/subscriptions/calendar.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// The sandbox test clock moves an account's test mode ahead of real time, and what happens
// meanwhile carries the clock's time; the webhook deliveries of those events are still due on
// the real clock, which is the one the delivery worker reads. Here the service runs as in
// production: the real clock, its workers on, a receiver on loopback.

let svc: TestService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  svc = await startTestService({ env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" } });
  receiver = await startReceiver();
});
after(async () => {
  await svc.close();
  await receiver.close();
});

const DAY_MS = 86_400_000;
const post = async (token: string, path: string, body: unknown) => {
  const res = await svc.call("POST", path, { token, body });
  assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
  return res.json().data as Record<string, any>;
};

describe("the test clock and webhook deliveries", () => {
  test("under a moved clock a period charge's events reach the receiver within seconds, dated by the clock", async () => {
    const { test: token } = await svc.newAccount();
    const hook = await post(token, "/api/webhooks/create", { url: receiver.url, events: ["*"] });
    const start = brazilToday(new Date(Date.now() + 5 * DAY_MS));
    const s = await post(token, "/api/pix/subscriptions/create", monthlyPlan(start));
    await post(token, "/api/pix/subscriptions/simulate-authorize", {
      subscription_id: s.subscriptionId,
    });
    // 40 days on: two periods sent and debited on their dates.
    const moved = await post(token, "/api/pix/subscriptions/test-clock/advance", { days: 40 });
    const events = (await svc.call("GET", "/api/events?limit=100", { token })).json().data
      .events as Array<{ id: string; event: string; createdAt: string }>;
    const chargeEvents = events.filter((e) => e.event.startsWith("charge."));
    assert.deepEqual(chargeEvents.map((e) => e.event).sort(), [
      "charge.approved",
      "charge.approved",
      "charge.created",
      "charge.created",
      "charge.pending",
      "charge.pending",
    ]);
    // Dated by the clock: the charges' events are days ahead of the real time.
    for (const e of chargeEvents) assert.ok(Date.parse(e.createdAt) > Date.now() + DAY_MS / 2);
    assert.ok(Date.parse(moved.now) > Date.now() + 39 * DAY_MS);

    // Delivery is at least once (docs/webhooks.md): a slow answer may bring an event twice, so
    // what must arrive is each event, counted once.
    const t0 = Date.now();
    const arrived = () => new Set(receiver.received.map((r) => r.headers["webhook-id"]));
    while (arrived().size < events.length && Date.now() - t0 < 5_000) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const waited = Date.now() - t0;
    const wh = new Webhook(hook.secret);
    for (const r of receiver.received) wh.verify(r.body, r.headers as Record<string, string>);
    assert.deepEqual([...arrived()].sort(), events.map((e) => e.id).sort());
    assert.ok(waited < 5_000, `all delivered in ${waited} ms`);
  });
});
