import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { billingPass } from "../../src/domain/subscriptions/billing.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { type LiveSetup, startAutomaticoSetup } from "../helpers/live-pix.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// A live subscription period's charge is a cobr at the PSP: the merchant's cancel of that
// charge (POST /api/pix/charge/cancel, the dashboard's button and the MCP tool run the same use
// case) must cancel the cobr (PATCH /cobr/{txid}), never a cob of that txid, which the PSP does
// not know: the charge would be canceled here while the payer's bank could still debit it. Once
// paid, its refund is a devolução on the cobr's Pix, as for any live charge. The service and the
// peer share one manual clock, 2026-03-02 12:00 in Brasília.
const clock = manualClock(new Date("2026-03-02T15:00:00.000Z"));
let s: LiveSetup;

before(async () => {
  s = await startAutomaticoSetup(clock, undefined, {
    branch: "0001",
    account: "123456",
    type: "CORRENTE",
  });
});
after(() => s.close());

/** An approved live subscription starting on `start`, its first period issued: charge and cobr. */
async function issuedPeriod(start: string) {
  const res = await s.call("POST", "/api/pix/subscriptions/create", monthlyPlan(start));
  assert.equal(res.statusCode, 200, res.body);
  const sub = res.json().data as { subscriptionId: string; recId: string };
  await s.peer.authorizeRec(sub.recId);
  await billingPass(s.svc.deps);
  const cobr = [...s.peer.cobrs.values()].find((c) => c.idRec === sub.recId);
  assert.ok(cobr, "PUT /cobr reached the PSP");
  await s.peer.settled();
  return { cobr, charge: await chargeOf(sub.subscriptionId) };
}
const chargeOf = async (subscriptionId: string) => {
  const r = await s.call("GET", "/api/pix/charges?limit=100");
  const c = (r.json().data.charges as Record<string, any>[]).find(
    (x) => x.subscriptionId === subscriptionId,
  );
  assert.ok(c, "the period's charge is listed");
  return c;
};
const eventsOf = async (chargeId: string) =>
  (await s.eventsOf(chargeId)).map((e) => `${e.event}:${e.data.statusCode ?? e.data.status ?? ""}`);

test("a live period's charge canceled before its date is CANCELADA at the PSP (PATCH /cobr) and canceled here, with one charge.updated", async () => {
  const { cobr, charge } = await issuedPeriod("2026-03-10");
  const before = await eventsOf(charge.chargeId);
  const seen = s.peer.requests.length;
  const res = await s.call("POST", "/api/pix/charge/cancel", { charge_id: charge.chargeId });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().data.statusCode, "canceled");
  await s.peer.settled(); // the PSP's notification of the cancel, read back by the service
  assert.equal(cobr.status, "CANCELADA", "the cobr can no longer be debited");
  assert.ok(
    s.peer.requests
      .slice(seen)
      .some((r) => r.method === "PATCH" && r.path.endsWith(`/cobr/${cobr.txid}`)),
    "the cancel is PATCH /cobr/{txid}",
  );
  assert.equal((await chargeOf(charge.subscriptionId)).statusCode, "canceled");
  const added = (await eventsOf(charge.chargeId)).slice(before.length);
  assert.deepEqual(added, ["charge.updated:canceled"], "one event for the cancel, once");
  const period = await s.svc.deps.db.query<{ status: string }>(
    "SELECT status FROM subscription_periods WHERE charge_id = $1",
    [charge.chargeId],
  );
  assert.equal(period[0]?.status, "canceled", "the period moved with its charge");
  s.peer.assertNoViolations();
});

test("on its date a live period's charge cannot be canceled: 422, pending here and ATIVA at the PSP, as in the sandbox", async () => {
  const { cobr, charge } = await issuedPeriod("2026-03-11");
  const before = await eventsOf(charge.chargeId);
  const was = clock.now();
  clock.set(new Date("2026-03-11T15:00:00.000Z")); // the date of the first debit attempt
  try {
    const res = await s.call("POST", "/api/pix/charge/cancel", { charge_id: charge.chargeId });
    assert.equal(res.statusCode, 422, res.body);
    assert.match(
      res.json().error ?? "",
      /^charge_id: a subscription period's charge cannot be canceled on or after its date \(2026-03-11\)/,
    );
    await s.peer.settled();
    assert.equal(cobr.status, "ATIVA", "still debitable at the PSP, as the PSP refused");
    assert.equal((await chargeOf(charge.subscriptionId)).statusCode, "pending");
    assert.deepEqual(await eventsOf(charge.chargeId), before, "no event");
  } finally {
    clock.set(was);
  }
  s.peer.assertNoViolations();
});

test("a paid live period's charge is refunded through a devolução on its cobr's end-to-end id", async () => {
  const { cobr, charge } = await issuedPeriod("2026-03-12");
  await s.peer.payCobr(cobr.txid);
  await s.peer.settled();
  assert.equal((await chargeOf(charge.subscriptionId)).statusCode, "approved");
  const e2eid = cobr.pix[0]?.endToEndId ?? "";
  const res = await s.call("POST", "/api/pix/charge/refund", { charge_id: charge.chargeId });
  assert.equal(res.statusCode, 200, res.body);
  const devolucoes = s.peer.pixReceived.get(e2eid)?.devolucoes ?? [];
  assert.equal(devolucoes.length, 1, "one devolução on the cobr's Pix");
  assert.equal(devolucoes[0]?.valor, "49.90");
  s.peer.assertNoViolations();
});
