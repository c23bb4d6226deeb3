import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestService, type TestService } from "../helpers/service.ts";

// Issue 38 part 1 in the sandbox: partial and repeated refunds of a PIX charge, never past what
// was paid, one charge.refund per refund, refunded only once refunded in full; an
// Idempotency-Key refunds once; concurrent refunds are serialised by the charge's row lock.

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(() => svc.close());

async function paid(token: string, value = 100) {
  const c = await svc.call("POST", "/api/pix/charge/create", { token, body: { value } });
  const id = c.json().data.chargeId as string;
  const p = await svc.call("POST", "/api/pix/charge/simulate-pay", {
    token,
    body: { charge_id: id },
  });
  assert.equal(p.statusCode, 200, p.body);
  return id;
}

const refund = (token: string, body: Record<string, unknown>, key?: string) =>
  svc.call("POST", "/api/pix/charge/refund", {
    token,
    body,
    headers: key ? { "idempotency-key": key } : {},
  });

const statusOf = async (token: string, id: string) =>
  (await svc.call("GET", `/api/pix/charge/status?charge_id=${id}`, { token })).json().data;

describe("partial refunds in the sandbox", () => {
  test("30 then 70 of 100 refund it in full (80 is refused naming value); two charge.refund events, refunded at the end", async () => {
    const { test: token } = await svc.newAccount();
    const id = await paid(token);
    const first = await refund(token, { charge_id: id, value: 30, reason: "um item devolvido" });
    assert.equal(first.statusCode, 200, first.body);
    const a = first.json().data;
    assert.equal(a.statusCode, "approved");
    assert.equal(a.amountRefunded, 30);
    assert.equal(a.refunds.length, 1);
    assert.match(a.refunds[0].id, /^rfd_[0-9a-z]{26}$/);
    assert.deepEqual(
      { value: a.refunds[0].value, reason: a.refunds[0].reason, status: a.refunds[0].status },
      { value: 30, reason: "um item devolvido", status: "done" },
    );
    const tooMuch = await refund(token, { charge_id: id, value: 80 });
    assert.equal(tooMuch.statusCode, 422, tooMuch.body);
    assert.match(tooMuch.json().error, /^value: at most 70\.00 is left/);
    const second = await refund(token, { charge_id: id, value: 70 });
    assert.equal(second.statusCode, 200, second.body);
    const b = second.json().data;
    assert.equal(b.statusCode, "refunded");
    assert.equal(b.amountRefunded, 100);
    assert.deepEqual(
      b.refunds.map((r: { value: number }) => r.value),
      [30, 70],
    );
    const events = (await svc.eventsOf(token, id)).filter((e) => e.event === "charge.refund");
    assert.equal(events.length, 2);
    assert.deepEqual(events.map((e) => [e.data.refund.value, e.data.statusCode]).sort(), [
      [30, "approved"],
      [70, "refunded"],
    ]);
    // The list answers the same fields; a further refund is refused, one without value is 200.
    const list = await svc.call("GET", "/api/pix/charges?limit=5", { token });
    const item = list.json().data.charges.find((c: { chargeId: string }) => c.chargeId === id);
    assert.equal(item.amountRefunded, 100);
    assert.equal(item.refunds.length, 2);
    assert.equal((await refund(token, { charge_id: id, value: 0.01 })).statusCode, 422);
    const again = await refund(token, { charge_id: id });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().data.refunds.length, 2);
  });

  test("a refund without value refunds what is left; a charge never refunded shows no refund fields", async () => {
    const { test: token } = await svc.newAccount();
    const id = await paid(token, 12.34);
    assert.equal((await statusOf(token, id)).amountRefunded, undefined);
    await refund(token, { charge_id: id, value: 2.34 });
    const rest = (await refund(token, { charge_id: id })).json().data;
    assert.equal(rest.statusCode, "refunded");
    assert.equal(rest.refunds[1].value, 10);
  });

  test("value and reason are checked: more than 2 decimals or a reason over 140 characters is 422 naming the field, a pending charge 422 naming charge_id", async () => {
    const { test: token } = await svc.newAccount();
    const id = await paid(token);
    const decimals = await refund(token, { charge_id: id, value: 1.234 });
    assert.equal(decimals.statusCode, 422);
    assert.match(decimals.json().error, /^value: /);
    const long = await refund(token, { charge_id: id, value: 1, reason: "x".repeat(141) });
    assert.equal(long.statusCode, 422);
    assert.match(long.json().error, /^reason: /);
    const c = await svc.call("POST", "/api/pix/charge/create", { token, body: { value: 5 } });
    const pending = await refund(token, { charge_id: c.json().data.chargeId, value: 1 });
    assert.equal(pending.statusCode, 422);
    assert.match(pending.json().error, /^charge_id: /);
  });

  test("a refund sent twice at once under one Idempotency-Key refunds once", async () => {
    const { test: token } = await svc.newAccount();
    const id = await paid(token);
    const [x, y] = await Promise.all([
      refund(token, { charge_id: id, value: 30 }, "refund-once-1"),
      refund(token, { charge_id: id, value: 30 }, "refund-once-1"),
    ]);
    const codes = [x.statusCode, y.statusCode].sort();
    // The twin is answered the first's response (replayed) or 409 while the first holds the key.
    assert.ok(
      (codes[0] === 200 && codes[1] === 200) || (codes[0] === 200 && codes[1] === 409),
      `${x.statusCode} ${y.statusCode}`,
    );
    const later = await refund(token, { charge_id: id, value: 30 }, "refund-once-1");
    assert.equal(later.statusCode, 200, later.body);
    const data = await statusOf(token, id);
    assert.equal(data.refunds.length, 1);
    assert.equal(data.amountRefunded, 30);
    const events = (await svc.eventsOf(token, id)).filter((e) => e.event === "charge.refund");
    assert.equal(events.length, 1);
  });

  test("five concurrent refunds of 30 on 100 without a key: exactly 3 succeed, the sum never passes what was paid", async () => {
    const { test: token } = await svc.newAccount();
    const id = await paid(token);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => refund(token, { charge_id: id, value: 30 })),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 422);
    assert.equal(ok.length, 3, answers.map((a) => a.body).join("\n"));
    assert.equal(refused.length, 2);
    for (const r of refused) assert.match(r.json().error, /^value: /);
    const data = await statusOf(token, id);
    assert.equal(data.amountRefunded, 90);
    assert.equal(data.statusCode, "approved");
  });
});
