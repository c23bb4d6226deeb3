import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { importCharges } from "../../src/cli/charges-import.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Issue 32, item 5: lines billed twice. A batch line whose external_id already names a pending
// or paid charge of the account and mode is not created again, through the API batch and the CLI
// import (the dashboard's upload: test/web/charge-batch-upload.test.ts): its result is that
// charge, marked duplicate. Of repeated lines in one batch only the first is created. Two batches
// at once with the same lines make each charge once.

// 2026-11-26, a Thursday, 12:00 in Brazil.
const clock = manualClock(new Date("2026-11-26T15:00:00.000Z"));
let svc: TestService;
let base: string;
before(async () => {
  svc = await startTestService({ clock });
  base = await svc.app.listen({ port: 0, host: "127.0.0.1" });
});
after(() => svc.close());

const line = (tag: string, n: number) => ({
  value: 100 + n,
  external_id: `${tag}-${n}`,
  customer_name: `Aluno ${n}`,
  customer_cpf: "52998224725",
  due_date: "2026-12-09",
});
const five = (tag: string) => [1, 2, 3, 4, 5].map((n) => line(tag, n));

const batch = (token: string, charges: unknown[], key?: string) =>
  svc.call("POST", "/api/pix/charges/batch", {
    token,
    body: { charges },
    headers: key ? { "idempotency-key": key } : {},
  });

async function chargesOf(token: string): Promise<{ chargeId: string; external_id: string }[]> {
  const res = await svc.call("GET", "/api/pix/charges?limit=200", { token });
  return res.json().data.charges;
}

describe("the API batch bills each external_id once", () => {
  test("the same five lines sent twice under two keys make five charges; the second answer points at them", async () => {
    const { test: token } = await svc.newAccount();
    const first = await batch(token, five("a"), "run-1");
    assert.equal(first.json().data.created, 5, first.body);
    const second = await batch(token, five("a"), "run-2");
    assert.equal(second.statusCode, 200, second.body);
    const data = second.json().data;
    assert.equal(data.created, 0);
    assert.equal(data.duplicates, 5);
    assert.equal(data.failed, 0);
    data.results.forEach((r: { chargeId: string; duplicate: boolean }, i: number) => {
      assert.equal(r.duplicate, true);
      assert.equal(r.chargeId, first.json().data.results[i].chargeId);
    });
    assert.equal((await chargesOf(token)).length, 5);
  });

  test("repeated lines in one batch: only the first is created, the others point at it", async () => {
    const { test: token } = await svc.newAccount();
    const res = await batch(token, [line("r", 1), line("r", 2), line("r", 1), line("r", 1)]);
    const data = res.json().data;
    assert.equal(data.created, 2);
    assert.equal(data.duplicates, 2);
    assert.equal(data.results[2].chargeId, data.results[0].chargeId);
    assert.equal(data.results[3].chargeId, data.results[0].chargeId);
    assert.equal(data.results[2].duplicate, true);
    assert.equal(data.results[0].duplicate, undefined);
    assert.equal((await chargesOf(token)).length, 2);
  });

  test("a canceled charge's external_id may be billed again; another mode's does not count", async () => {
    const { test: token } = await svc.newAccount();
    const first = await batch(token, [line("c", 1)]);
    const id = first.json().data.results[0].chargeId;
    const cancel = await svc.call("POST", "/api/pix/charge/cancel", {
      token,
      body: { charge_id: id },
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    const again = await batch(token, [line("c", 1)]);
    assert.equal(again.json().data.created, 1);
    assert.notEqual(again.json().data.results[0].chargeId, id);
    // Another account's charge with the same external_id is not this account's.
    const other = await svc.newAccount();
    assert.equal((await batch(other.test, [line("c", 1)])).json().data.created, 1);
  });

  test("two batches of the same five lines at once, under two keys, make five charges", async () => {
    for (let round = 0; round < 5; round++) {
      const { test: token } = await svc.newAccount();
      const [x, y] = await Promise.all([
        batch(token, five("race"), `x-${round}`),
        batch(token, five("race"), `y-${round}`),
      ]);
      assert.equal(x.statusCode, 200, x.body);
      assert.equal(y.statusCode, 200, y.body);
      const made = x.json().data.created + y.json().data.created;
      assert.equal(made, 5, `round ${round}: ${made} created`);
      assert.equal((await chargesOf(token)).length, 5, `round ${round}`);
    }
  });
});

describe("the CLI import bills each external_id once", () => {
  test("a file with one refused line, fixed and imported again, bills only that line; repeated rows bill once", async () => {
    const { test: token } = await svc.newAccount();
    const dir = mkdtempSync(join(tmpdir(), "tostao-import-"));
    const file = join(dir, "billing.csv");
    const header = "value;due_date;external_id;customer_name;customer_cpf";
    const rows = (cpf3: string) => [
      "101,00;2026-12-09;cli-1;Aluno 1;529.982.247-25",
      "102,00;2026-12-09;cli-2;Aluno 2;529.982.247-25",
      `103,00;2026-12-09;cli-3;Aluno 3;${cpf3}`,
      "104,00;2026-12-09;cli-4;Aluno 4;529.982.247-25",
      "101,00;2026-12-09;cli-1;Aluno 1;529.982.247-25",
    ];
    writeFileSync(file, [header, ...rows("123.456.789-00")].join("\n"));
    const first = await importCharges({ file, url: base, token });
    assert.equal(first.created, 3);
    assert.equal(first.failed, 1);
    assert.equal(first.duplicates, 1, "the repeated row 6 points at row 2's charge");
    assert.equal(first.results[4]?.chargeId, first.results[0]?.chargeId);

    writeFileSync(file, [header, ...rows("529.982.247-25")].join("\n"));
    const second = await importCharges({ file, url: base, token });
    assert.equal(second.created, 1, "only the fixed row is billed");
    assert.equal(second.duplicates, 4);
    assert.equal(second.failed, 0);
    assert.equal((await chargesOf(token)).length, 4);
  });
});
