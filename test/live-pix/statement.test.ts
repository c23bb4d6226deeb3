import assert from "node:assert/strict";
import { test } from "node:test";
import { statementDate } from "../../src/domain/live-pix/pix-statement-view.ts";
import { cobOf, useLiveSetup } from "../helpers/live-pix.ts";

// The day's PSP statement (GET /api/pix/statement): the PSP's own list of Pix received that
// day, every page of it, each line matched to its charge or marked unmatched, the day's
// devoluções, totals in centavos, and a loud flag on a Pix whose charge here is not approved.

const s = useLiveSetup({ profile: "efi" });

const statement = (query: string, token = s.account.live) =>
  s.svc.call("GET", `/api/pix/statement${query}`, { token });

async function charge(cents: number, extra: Record<string, unknown> = {}) {
  const data = (await s.create({ value: cents / 100, ...extra })).json().data;
  return { chargeId: data.chargeId as string, txid: cobOf(s.peer, data.brCode).txid };
}

test("today's statement: 3 Pix matched, 1 unmatched, 1 flagged as paid at the PSP but not approved here, a devolução of the day, totals in centavos, read over several GET /pix pages", async () => {
  const paid = [];
  for (const cents of [1000, 2050, 3000]) {
    const c = await charge(cents, cents === 2050 ? { customer_name: "Maria Silva" } : {});
    await s.peer.pay(c.txid);
    await s.waitStatus(c.chargeId, "approved");
    paid.push(c);
  }
  const refunded = await s.svc.call("POST", "/api/pix/charge/refund", {
    token: s.account.live,
    body: { charge_id: paid[0]?.chargeId },
  });
  assert.equal(refunded.statusCode, 200, refunded.body);
  // Paid at the PSP with the notification lost and no reconciliation yet: pending here.
  const unseen = await charge(777);
  s.peer.dropNotifications(true);
  const unseenPix = await s.peer.pay(unseen.txid);
  const foreign = await s.peer.payForeignCob("foreigntxid0000000000000000001", 555);
  s.peer.dropNotifications(false);
  assert.equal(await s.status(unseen.chargeId), "pending");

  s.peer.capPageSize(2);
  const before = s.peer.requests.length;
  const res = await statement(`?date=${statementDate(new Date())}`);
  assert.equal(res.statusCode, 200, res.body);
  const lists = s.peer.requests
    .slice(before)
    .filter((r) => r.method === "GET" && /\/pix$/.test(r.path));
  assert.equal(lists.length, 3, "5 Pix at 2 a page: 3 GET /pix pages");
  const data = res.json().data;
  assert.equal(data.timeZone, "America/Sao_Paulo");
  assert.equal(data.lines.length, 5);
  const byCharge = new Map(data.lines.map((l: any) => [l.chargeId, l]));
  for (const c of paid) {
    const line: any = byCharge.get(c.chargeId);
    assert.equal(line?.matched, true);
    assert.equal(line?.chargeStatus === "approved" || line?.chargeStatus === "refunded", true);
    assert.equal(line?.flag, undefined);
  }
  assert.equal((byCharge.get(paid[1]?.chargeId) as any).payerName, "Maria Silva");
  assert.equal((byCharge.get(paid[0]?.chargeId) as any).payerName, null);
  const first: any = byCharge.get(paid[0]?.chargeId);
  assert.equal(first.devolucoes.length, 1);
  assert.equal(first.devolucoes[0].amountCents, 1000);
  const flagged: any = byCharge.get(unseen.chargeId);
  assert.equal(flagged.flag, "charge_not_approved");
  assert.equal(flagged.chargeStatus, "pending");
  assert.equal(flagged.endToEndId, unseenPix.endToEndId);
  const stray = data.lines.find((l: any) => l.endToEndId === foreign.endToEndId);
  assert.equal(stray.matched, false);
  assert.equal(stray.chargeId, null);
  assert.deepEqual(data.totals, {
    receivedCents: 1000 + 2050 + 3000 + 777 + 555,
    refundedCents: 1000,
    netCents: 2050 + 3000 + 777 + 555,
    count: 5,
  });
  assert.equal(data.unmatched, 1);
  assert.equal(data.flagged, 1);
  assert.equal(data.next, null);
  s.peer.capPageSize(Number.POSITIVE_INFINITY);
  s.peer.assertNoViolations();
});

test("a malformed or future date is a 422 naming date; a test token is refused (403), told the statement is live only", async () => {
  const bad = await statement("?date=2026-02-30");
  assert.equal(bad.statusCode, 422, bad.body);
  assert.match(bad.json().error, /^date: /);
  const future = await statement("?date=2999-01-01");
  assert.equal(future.statusCode, 422, future.body);
  assert.match(future.json().error, /^date: .*after today in America\/Sao_Paulo/);
  const sandbox = await statement("", s.account.test);
  assert.equal(sandbox.statusCode, 403, sandbox.body);
  assert.match(sandbox.json().error, /live only/);
});

test("the PSP unreachable is the live paths' 502; no PSP connection is live PIX's 422", async () => {
  s.peer.failNext("GET /pix", 503, 5);
  const down = await statement("");
  assert.equal(down.statusCode, 502, down.body);
  assert.match(down.json().error, /PSP unavailable/);
  // A connection is deleted only with no charge payable at the PSP: cancel the pending ones
  // (the one paid at the PSP becomes approved: the cancel learns the payment).
  const pending = await s.svc.deps.db.query<{ id: string }>(
    "SELECT id FROM charges WHERE account_id = $1 AND mode = 'live' AND status = 'pending'",
    [s.account.accountId],
  );
  for (const { id } of pending) {
    await s.svc.call("POST", "/api/pix/charge/cancel", {
      token: s.account.live,
      body: { charge_id: id },
    });
  }
  const del = await s.svc.call("POST", "/api/pix/provider/delete", { token: s.account.live });
  assert.equal(del.statusCode, 200, del.body);
  const none = await statement("");
  assert.equal(none.statusCode, 422, none.body);
  assert.match(none.json().error, /PSP connection/);
});
