import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { type LiveSetup, providerBody, startAutomaticoSetup } from "../helpers/live-pix.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// Deleting the live PSP connection while live subscriptions are active (created or approved)
// is refused, naming them: their recs would stay active at the PSP with nothing here to charge
// their periods or cancel them. Cancelled (PATCH /rec at the PSP), they no longer block; test
// mode's never do. The service and the peer share one manual clock.
const clock = manualClock(new Date("2026-03-02T15:00:00.000Z"));
let s: LiveSetup;

before(async () => {
  s = await startAutomaticoSetup(clock);
  // A live subscription needs the receiver account on the connection (it outlives a delete).
  const saved = await call(
    "POST",
    "/api/pix/provider",
    s.account.live,
    providerBody(s.peer, {
      receiver_account: { account: "123456", type: "CORRENTE" },
    }),
  );
  assert.equal(saved.statusCode, 200, saved.body);
});
after(() => s.close());

const call = (method: "GET" | "POST", path: string, token: string, body?: unknown) =>
  s.svc.call(method, path, { token, ...(body === undefined ? {} : { body }) });
const del = () => call("POST", "/api/pix/provider/delete", s.account.live, {});
async function create(token: string, startDate: string) {
  const res = await call(
    "POST",
    "/api/pix/subscriptions/create",
    token,
    monthlyPlan(startDate, { retry_policy: "none" }),
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { subscriptionId: string; recId: string };
}
async function cancel(id: string) {
  const res = await call("POST", "/api/pix/subscriptions/cancel", s.account.live, {
    subscription_id: id,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().data.statusCode, "canceled");
}

describe("deleting the PSP connection with live subscriptions", () => {
  test("is refused while a live subscription is approved or awaiting the payer, naming them; allowed once they are cancelled; test mode's never block", async () => {
    // Test mode's subscription, authorised: it has no rec at any PSP.
    const sandbox = await create(s.account.test, "2026-03-20");
    const approved = await call(
      "POST",
      "/api/pix/subscriptions/simulate-authorize",
      s.account.test,
      { subscription_id: sandbox.subscriptionId },
    );
    assert.equal(approved.json().data.statusCode, "approved", approved.body);

    const active = await create(s.account.live, "2026-03-10");
    await s.peer.authorizeRec(active.recId);
    const awaiting = await create(s.account.live, "2026-03-11");
    const refused = await del();
    assert.equal(refused.statusCode, 422, refused.body);
    const error: string = refused.json().error ?? "";
    assert.match(error, /^profile: 2 live subscriptions are still active at the PSP/);
    assert.ok(error.includes(active.subscriptionId), error);
    assert.ok(error.includes(awaiting.subscriptionId), error);
    assert.ok(!error.includes(sandbox.subscriptionId), error);
    assert.match(error, /cancel them/);
    const view = await call("GET", "/api/pix/provider", s.account.live);
    assert.equal(view.statusCode, 200, "the connection is still there");

    // Cancelling the approved one is PATCH /rec at the PSP; the one awaiting still blocks.
    await cancel(active.subscriptionId);
    assert.equal(s.peer.recs.get(active.recId)?.status, "CANCELADA");
    const still = await del();
    assert.equal(still.statusCode, 422, still.body);
    const left: string = still.json().error ?? "";
    assert.match(left, /^profile: 1 live subscription is still active at the PSP/);
    assert.ok(left.includes(awaiting.subscriptionId) && !left.includes(active.subscriptionId));

    await cancel(awaiting.subscriptionId);
    assert.equal(s.peer.recs.get(awaiting.recId)?.status, "CANCELADA");
    const deleted = await del();
    assert.equal(deleted.statusCode, 200, deleted.body);
    const sandboxNow = await call(
      "GET",
      `/api/pix/subscriptions/status?subscription_id=${sandbox.subscriptionId}`,
      s.account.test,
    );
    assert.equal(sandboxNow.json().data.statusCode, "approved", "test mode's is untouched");
    s.peer.assertNoViolations();
  });

  test("lists at most 20 and says how many more", async () => {
    const saved = await call("POST", "/api/pix/provider", s.account.live, providerBody(s.peer));
    assert.equal(saved.statusCode, 200, saved.body);
    const one = await create(s.account.live, "2026-03-12");
    // 24 more live subscriptions of the account, as rows (their recs are not needed to count).
    await s.svc.deps.db.query(
      `INSERT INTO subscriptions
       SELECT (jsonb_populate_record(NULL::subscriptions, to_jsonb(x)
         || jsonb_build_object('id', x.id || 'c' || lpad(g::text, 2, '0'), 'rec_id', x.rec_id || 'c' || g))).*
       FROM subscriptions x, generate_series(1, 24) g WHERE x.id = $1`,
      [one.subscriptionId],
    );
    const refused = await del();
    assert.equal(refused.statusCode, 422, refused.body);
    const error: string = refused.json().error ?? "";
    assert.match(error, /^profile: 25 live subscriptions are still active at the PSP/);
    assert.match(error, / and 5 more\)/);
    const listed = error.slice(error.indexOf("(") + 1, error.indexOf(" and 5 more"));
    assert.equal(listed.split(", ").length, 20);
    assert.ok(listed.startsWith(one.subscriptionId), "oldest first");
  });
});
