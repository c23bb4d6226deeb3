import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type ChargeFilter, chargeSearchQuery } from "../../src/db/queries/charge-search.ts";
import { openTestDb, TEST_DATABASE_URL, type TestDb } from "../helpers/db.ts";
import { seedCharges } from "../helpers/seed-charges.ts";

// Each filter of the charge lists is served by an index on PostgreSQL (migration 0014): at a
// realistic size (an account with 100,000 charges among others), the planner picks that index
// on its own (no enable_seqscan games) for every filter and for the unfiltered page, never a
// sequential scan of the table.

const skip = TEST_DATABASE_URL ? false : "PostgreSQL only (set DATABASE_URL)";
let t: TestDb;
const ACCOUNT = "acct_explain";

before(async () => {
  if (skip) return;
  t = await openTestDb();
  const start = new Date("2026-11-01T00:00:00Z");
  for (const id of [ACCOUNT, "acct_other"]) {
    await t.db.query("INSERT INTO accounts (id, name, created_at) VALUES ($1, 'x', now())", [id]);
  }
  await seedCharges(t.db, {
    accountId: ACCOUNT,
    mode: "test",
    method: "pix",
    count: 80_000,
    start,
    stepMs: 20,
    prefix: "pix_e",
  });
  await seedCharges(t.db, {
    accountId: ACCOUNT,
    mode: "test",
    method: "crypto",
    count: 20_000,
    start,
    stepMs: 80,
    prefix: "BTC-E",
  });
  await seedCharges(t.db, {
    accountId: "acct_other",
    mode: "test",
    method: "pix",
    count: 50_000,
    start,
    stepMs: 30,
    prefix: "pix_o",
  });
  await t.db.query("ANALYZE charges");
});
after(async () => {
  if (!skip) await t.close();
});

async function plan(f: Partial<ChargeFilter>): Promise<string> {
  const q = chargeSearchQuery({ accountId: ACCOUNT, mode: "test", limit: 51, offset: 0, ...f });
  const rows = await t.db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${q.sql}`, q.params);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("EXPLAIN of the charge lists on PostgreSQL", { skip }, () => {
  const day = new Date("2026-10-31T12:00:00Z");
  const cases: Array<[string, Partial<ChargeFilter>, string]> = [
    ["no filter", { method: "pix" }, "charges_by_method_created"],
    ["a deep offset", { method: "pix", offset: 10_000 }, "charges_by_method_created"],
    ["status", { method: "pix", status: "approved" }, "charges_by_status_created"],
    [
      "status, deep",
      { method: "crypto", status: "canceled", offset: 1_000 },
      "charges_by_status_created",
    ],
    [
      "created_from/to",
      { method: "pix", from: day, to: new Date(day.getTime() + 3_600_000) },
      "charges_by_method_created",
    ],
    ["external_id", { method: "pix", externalId: "ord-500" }, "charges_by_external_id"],
    [
      "customer_email",
      { method: "crypto", customerEmail: "C8@example.com" },
      "charges_by_customer_email",
    ],
    ["the dashboard (every method)", {}, "charges_by_owner_created"],
    [
      "the next page (keyset)",
      { method: "pix", before: { createdAt: day, id: "pix_zzzzzzzzzzzzzzzzzzzzzzzzzz" } },
      "charges_by_method_created",
    ],
  ];
  for (const [name, filter, index] of cases) {
    test(`${name}: an index scan on ${index}`, async () => {
      const p = await plan(filter);
      // Newest first reads the ascending index backwards (migration 0022).
      assert.match(
        p,
        new RegExp(`Index Scan (Backward )?using ${index} |Bitmap Index Scan on ${index}`),
        p,
      );
      assert.doesNotMatch(p, /Seq Scan/, p);
      // The keyset bounds the index range (the row comparison by its first column).
      if (filter.before) assert.match(p, /Index Cond: .*created_at <= /, p);
    });
  }
});
