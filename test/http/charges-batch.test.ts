import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { brazilNoon } from "../helpers/due-date.ts";
import { useTestService } from "../helpers/service.ts";

// POST /api/pix/charges/batch in the sandbox: results one per line in order, a bad line sinking
// nothing else, the whole batch idempotent under one key, and 1,000 lines in one statement.

// 2026-11-26, a Thursday, 12:00 in Brazil.
const clock = manualClock(brazilNoon("2026-11-26"));
const sandbox = useTestService({ clock });

const batch = (charges: unknown[], headers: Record<string, string> = {}) =>
  sandbox.svc.call("POST", "/api/pix/charges/batch", {
    token: sandbox.token,
    body: { charges },
    headers,
  });

const line = (n: number) => ({
  value: 100 + n,
  title: `Mensalidade ${n}`,
  external_id: `aluno-${n}`,
  customer_name: `Aluno ${n}`,
  customer_cpf: "52998224725",
  due_date: "2026-12-09",
  fine: { mode: "percent", value: 2 },
  interest: { mode: "percent_per_month_calendar_days", value: 1 },
  discounts: { mode: "fixed_until_date", tiers: [{ date: "2026-12-04", value: 10 }] },
});

describe("POST /api/pix/charges/batch (sandbox)", () => {
  test("results come one per line, in order: the charge, or that line's error naming the field", async () => {
    const res = await batch([
      line(1),
      { ...line(2), customer_cpf: "12345678900" },
      { ...line(3), due_date: undefined },
      { ...line(4), due_date: "2026-11-01", discounts: undefined },
      line(5),
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.created, 2);
    assert.equal(data.failed, 3);
    assert.deepEqual(
      data.results.map((r: { index: number }) => r.index),
      [0, 1, 2, 3, 4],
    );
    assert.match(data.results[0].chargeId, /^pix_/);
    assert.equal(data.results[0].dueDate, "2026-12-09");
    assert.equal(data.results[0].amountDue, 91); // R$ 101,00 less the R$ 10,00 discount today
    assert.match(data.results[1].error.message, /customer_cpf/);
    assert.match(data.results[2].error.message, /needs due_date/);
    assert.match(data.results[3].error.message, /due_date: must be today or later/);
    assert.match(data.results[4].chargeId, /^pix_/);
    const status = await sandbox.svc.call(
      "GET",
      `/api/pix/charge/status?charge_id=${data.results[4].chargeId}`,
      {
        token: sandbox.token,
      },
    );
    assert.equal(status.json().data.dueDate, "2026-12-09");
    assert.equal(status.json().data.value, 105);
  });

  test("one Idempotency-Key covers the whole batch: a retry is answered the same, nothing twice", async () => {
    const lines = [line(10), line(11)];
    const first = await batch(lines, { "idempotency-key": "batch-dec-1" });
    const again = await batch(lines, { "idempotency-key": "batch-dec-1" });
    assert.equal(again.headers["idempotent-replayed"], "true");
    assert.equal(again.body, first.body);
    const other = await batch([line(12)], { "idempotency-key": "batch-dec-1" });
    assert.equal(other.statusCode, 422);
  });

  test("more than 1,000 lines, or none, is a 422 naming charges", async () => {
    const none = await batch([]);
    assert.equal(none.statusCode, 422);
    assert.match(none.json().error, /charges/);
    const many = await batch(Array.from({ length: 1001 }, (_, i) => line(i)));
    assert.equal(many.statusCode, 422);
    assert.match(many.json().error, /charges/);
  });

  test("1,000 lines are created in one call (goal: under 1 s on an idle 2-core machine)", async () => {
    // external_ids of their own: aluno-1, -5, -10, -11 are already billed above (duplicates).
    const lines = Array.from({ length: 1000 }, (_, i) => ({ ...line(i), external_id: `mil-${i}` }));
    const t0 = performance.now();
    const res = await batch(lines, { "idempotency-key": "thousand" });
    const ms = performance.now() - t0;
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.equal(res.json().data.created, 1000);
    // Loose: other helpers' tests share the machine; bench/charge-batch.ts measures it.
    assert.ok(ms < 10_000, `1,000 lines took ${ms.toFixed(0)} ms`);
    process.stdout.write(`# 1,000-line sandbox batch: ${ms.toFixed(0)} ms\n`);
  });
});
