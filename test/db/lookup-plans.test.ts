import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { findCharge, findChargeById, findChargeByTxid } from "../../src/db/queries/charges.ts";
import {
  claimStaleAttempts,
  keyTxidState,
  openAttempts,
} from "../../src/db/queries/live-pix/cob-attempts.ts";
import { chargesByTxids } from "../../src/db/queries/live-pix/work-lists.ts";
import type { Db } from "../../src/kernel/db.ts";
import { bulkCharges } from "../helpers/bulk-charges.ts";
import { openTestDb, TEST_DATABASE_URL, type TestDb } from "../helpers/db.ts";

// Issue 22: the lookups of one charge (a status read, a live create's txid check, a PSP
// notification, the reconciliation's sweep) cost the same whatever the statistics say. The
// service's statements are prepared, and after five runs PostgreSQL may keep a generic plan made
// under the statistics of that moment. With statistics older than the rows (a new installation,
// or a burst autoanalyze has not seen), a generic plan for `id = $1 AND account_id = $2 AND
// mode = $3` once picked an index led by (account_id, mode) and filtered the account's whole
// history for one id: 2-13 ms a status read in the bench instead of 0.03. Here the tables are
// analysed while empty, then loaded with 40,000 charges, and each lookup's generic plan must
// reach its row through its own key, removing (almost) nothing by filter. PostgreSQL only: the
// guarantee is about PostgreSQL's plan cache.

const ACCOUNT = "acct_plans";

/** The same Db, noting every statement. */
function recording(db: Db) {
  const seen: { sql: string; params: readonly unknown[] }[] = [];
  const rec: Db = {
    kind: db.kind,
    query: (sql, params) => {
      seen.push({ sql, params: params ?? [] });
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: () => db.close(),
  };
  return { db: rec, seen };
}

const literal = (v: unknown): string => {
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (Array.isArray(v)) return `ARRAY[${v.map(literal).join(", ")}]::text[]`;
  if (typeof v === "number") return String(v);
  return `'${String(v).replaceAll("'", "''")}'`;
};

/** The generic plan's EXPLAIN ANALYZE of a statement, as a cached prepared statement runs it. */
async function genericPlan(db: Db, sql: string, params: readonly unknown[]): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.exec("SET LOCAL plan_cache_mode = force_generic_plan");
    await tx.exec(`PREPARE lookup AS ${sql}`);
    try {
      const rows = await tx.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, COSTS OFF) EXECUTE lookup(${params.map(literal).join(", ")})`,
      );
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    } finally {
      await tx.exec("DEALLOCATE lookup");
    }
  });
}

describe("one charge's lookups reach it by its key, whatever the statistics (PostgreSQL)", {
  skip: TEST_DATABASE_URL ? false : "PostgreSQL only (DATABASE_URL)",
}, () => {
  let t: TestDb;
  const created = new Date("2026-11-01T12:00:00Z");
  before(async () => {
    t = await openTestDb();
    await t.db.query("INSERT INTO accounts (id, name, created_at) VALUES ($1, 'Plans', now())", [
      ACCOUNT,
    ]);
    // Statistics taken while the tables were empty, then a burst they know nothing of.
    await t.db.exec("ANALYZE");
    for (const mode of ["test", "live"] as const) {
      await bulkCharges(t.db, {
        accountId: ACCOUNT,
        tag: mode === "test" ? "t" : "l",
        count: 20_000,
        mode,
        createdAt: created,
        events: false,
      });
    }
  });
  after(async () => {
    await t?.close();
  });

  const ids = async () => {
    const rows = await t.db.query<{ id: string; txid: string; mode: string }>(
      "SELECT id, txid, mode FROM charges WHERE account_id = $1 ORDER BY created_at LIMIT 3 OFFSET 10000",
      [ACCOUNT],
    );
    const live = await t.db.query<{ id: string; txid: string }>(
      "SELECT id, txid FROM charges WHERE account_id = $1 AND mode = 'live' LIMIT 3",
      [ACCOUNT],
    );
    return { test: rows[0] as { id: string }, live };
  };

  test("status reads, txid lookups, a key's txid and the journal sweep filter at most a few rows in their generic plans", async () => {
    const { test: one, live } = await ids();
    const txids = live.map((c) => c.txid);
    await openAttempts(
      t.db,
      txids.map((txid) => ({
        txid,
        accountId: ACCOUNT,
        keyHash: null,
        generation: 0,
        at: created,
      })),
    );
    const rec = recording(t.db);
    const lookups: [string, () => Promise<unknown>][] = [
      ["findCharge", () => findCharge(rec.db, { accountId: ACCOUNT, mode: "test", id: one.id })],
      ["findChargeById", () => findChargeById(rec.db, one.id)],
      [
        "findChargeByTxid",
        () => findChargeByTxid(rec.db, { accountId: ACCOUNT, mode: "live", txid: txids[0] ?? "" }),
      ],
      ["chargesByTxids", () => chargesByTxids(rec.db, { accountId: ACCOUNT, txids })],
      [
        "keyTxidState",
        () => keyTxidState(rec.db, { accountId: ACCOUNT, keyHash: "k", candidates: txids }),
      ],
      [
        "claimStaleAttempts",
        () =>
          claimStaleAttempts(rec.db, {
            accountId: ACCOUNT,
            before: new Date(created.getTime() - 1),
            at: created,
            limit: 10,
          }),
      ],
    ];
    const bad: string[] = [];
    for (const [name, run] of lookups) {
      rec.seen.length = 0;
      const found = await run();
      if (name !== "claimStaleAttempts") assert.ok(found, `${name} found nothing`);
      for (const { sql, params } of rec.seen) {
        const plan = await genericPlan(t.db, sql, params);
        const removed = [...plan.matchAll(/Rows Removed by Filter: (\d+)/g)].map((m) =>
          Number(m[1]),
        );
        if (/Seq Scan on charges\b/.test(plan) || removed.some((n) => n > 10)) {
          bad.push(`${name}:\n${plan}`);
        }
      }
      assert.ok(rec.seen.length > 0, `${name} ran no statement`);
    }
    assert.deepEqual(bad, []);
    // The sweep closed the attempts whose charges exist (found through charges_by_txid).
    const open = await t.db.query("SELECT 1 FROM pix_cob_attempts WHERE state = 'open'");
    assert.equal(open.length, 0);
  });
});
