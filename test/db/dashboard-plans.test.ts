import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createAccount } from "../../src/domain/accounts/create-account.ts";
import type { Db } from "../../src/kernel/db.ts";
import { createService, type Service } from "../../src/service.ts";
import { bulkCharges } from "../helpers/bulk-charges.ts";
import { addUser, getPage, signInInject } from "../helpers/dashboard.ts";
import { openTestDb, TEST_DATABASE_URL, type TestDb } from "../helpers/db.ts";
import { type TestService, testConfig } from "../helpers/service.ts";

// Issue 27: the dashboard's cost follows the page or the day, not the account's history. Every
// statement the dashboard's pages run is recorded and EXPLAINed on an account with 100,000
// charges (200,000 events, 20,000 webhook deliveries) spread over 100 days: none may plan a
// sequential scan of charges, events or deliveries. PostgreSQL only: PGlite's planner has no
// statistics worth the name at this size, and the guarantee is about PostgreSQL's plans.

type Recorded = { sql: string; params: readonly unknown[] };

/** The same Db, noting every statement while `on` is set. */
function recording(db: Db) {
  const seen: Recorded[] = [];
  const state = { on: false };
  const wrap = (inner: Db): Db => ({
    kind: inner.kind,
    query: (sql, params) => {
      if (state.on) seen.push({ sql, params: params ?? [] });
      return inner.query(sql, params);
    },
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    listen: (channel, onPayload) => inner.listen(channel, onPayload),
    close: () => inner.close(),
    // The migration runner holds one connection of the pool for its session-level lock.
    ...(inner.session ? { session: sessionOf(inner.session.bind(inner)) } : {}),
  });
  const sessionOf =
    (session: NonNullable<Db["session"]>): NonNullable<Db["session"]> =>
    (fn) =>
      session((s) => fn(wrap(s)));
  return { db: wrap(db), seen, state };
}

describe("dashboard queries read index ranges (PostgreSQL, 100,000 charges)", {
  skip: TEST_DATABASE_URL ? false : "PostgreSQL only (DATABASE_URL)",
}, () => {
  let t: TestDb;
  let svc: Service;
  let rec: ReturnType<typeof recording>;
  let session: { cookie: string };
  let chargeId: string;
  const webhookId = "wh_plans";

  before(async () => {
    t = await openTestDb({ migrate: false });
    rec = recording(t.db);
    svc = await createService(testConfig(), { db: rec.db, logger: false });
    const account = await createAccount(svc.deps, { name: "Big shop" });
    const a = account.id;
    const now = Date.now();
    // 100 days of charges, a thousand a day, up to now (so today has some).
    await bulkCharges(t.db, {
      accountId: a,
      tag: "h",
      count: 100_000,
      status: "approved",
      createdAt: new Date(now - 100 * 86_400_000),
      stepMs: 86_400,
    });
    await t.db.query(
      `INSERT INTO webhooks (id, account_id, mode, url, events, secret_box, created_at)
       VALUES ($1, $2, 'test', 'https://shop.example/hook', '{*}', 'x', now())`,
      [webhookId, a],
    );
    // A delivery for every tenth event, one in fifty failed.
    await t.db.query(
      `INSERT INTO deliveries (id, webhook_id, account_id, mode, event_id, event_type, status,
         attempts, next_attempt_at, created_at, completed_at)
       SELECT 'dlv_' || substr(md5(e.id), 1, 26), $1, e.account_id, e.mode, e.id, e.type,
         CASE WHEN e.seq % 50 = 0 THEN 'failed' ELSE 'succeeded' END, 1, e.created_at,
         e.created_at, e.created_at
       FROM events e WHERE e.seq % 10 = 0`,
      [webhookId],
    );
    await t.db.query(
      `INSERT INTO products (id, account_id, mode, name, value_cents, created_at)
       SELECT 'prod_' || g, $1, 'test', 'Product ' || g, 100 * g, now() FROM generate_series(1, 30) g`,
      [a],
    );
    await t.db.exec("ANALYZE");
    chargeId = (
      await t.db.query<{ id: string }>(
        "SELECT charge_id AS id FROM events e JOIN deliveries d ON d.event_id = e.id LIMIT 1",
      )
    )[0]?.id as string;
    await addUser(svc as TestService, a, "big@shop.example");
    session = await signInInject(svc as TestService, "big@shop.example");
  });
  after(async () => {
    await svc?.close();
    await t?.close();
  });

  const pages = () => [
    "/dashboard",
    "/dashboard/charges",
    "/dashboard/charges?status=approved&method=pix",
    `/dashboard/charges/${chargeId}`,
    `/dashboard/webhooks/${webhookId}`,
    "/dashboard/products",
  ];

  test("no statement of the home page, the charge list, a charge's page, a webhook's deliveries or the products plans a sequential scan of charges, events or deliveries", async () => {
    const bad: string[] = [];
    let explained = 0;
    for (const url of pages()) {
      rec.seen.length = 0;
      rec.state.on = true;
      const res = await getPage(svc as TestService, session, url);
      rec.state.on = false;
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
      for (const { sql, params } of rec.seen) {
        const plan = (await t.db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, [...params]))
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        explained++;
        if (/Seq Scan on (charges|events|deliveries)\b/.test(plan)) {
          bad.push(`${url}\n${sql.replace(/\s+/g, " ").slice(0, 300)}\n${plan}`);
        }
      }
    }
    assert.ok(explained >= 12, `only ${explained} statements seen`);
    assert.deepEqual(bad, []);
  });
});
