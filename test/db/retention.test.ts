import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { pruneHistory, prunePreview } from "../../src/domain/retention/prune-history.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { addUser, getPage, signInInject } from "../helpers/dashboard.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Issue 27: retention prunes history older than TOSTAO_RETENTION_DAYS (events, webhook
// deliveries and their attempts, idempotency records, ended dashboard sessions) and never a
// charge; a charge whose events are gone still answers its status and its dashboard page.

const DAY = 86_400_000;
const clock = manualClock(new Date("2026-01-10T12:00:00.000Z"));
let svc: TestService;
before(async () => {
  // No workers: the passes under test are the test's own, and a background job (the expiry
  // pass, the retention job, the delivery worker) must not change the rows between its counts
  // (CI's PostgreSQL half once found 6 deliveries where 4 stay).
  svc = await startTestService({
    clock,
    env: { TOSTAO_RETENTION_DAYS: "90", TOSTAO_WORKERS: "false" },
  });
});
after(() => svc.close());

const create = (token: string) =>
  svc.call("POST", "/api/pix/charge/create", { token, body: { value: 5, expires_in: 3600 } });
const count = async (sql: string, params: unknown[] = []) =>
  (await svc.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n;

/** A webhook delivery of each event of a charge, with one attempt each. */
async function deliver(chargeId: string, status: "succeeded" | "pending") {
  await svc.deps.db.query(
    `WITH d AS (
       INSERT INTO deliveries (id, webhook_id, account_id, mode, event_id, event_type, status,
         attempts, next_attempt_at, created_at)
       SELECT 'dlv_' || substr(md5(e.id), 1, 26), 'wh_keep', e.account_id, e.mode, e.id, e.type,
         $2, 1, e.created_at, e.created_at
       FROM events e WHERE e.charge_id = $1 RETURNING id, created_at)
     INSERT INTO delivery_attempts (delivery_id, attempted_at, status_code, latency_ms)
     SELECT id, created_at, 200, 12 FROM d`,
    [chargeId, status],
  );
}

describe("retention", () => {
  test("a pass removes old events, deliveries and attempts, idempotency records and ended sessions, keeps every charge and anything recent, and the old charge still answers its status and page", async () => {
    const { accountId, test: token } = await svc.newAccount();
    const db = svc.deps.db;
    // The webhook listens to webhook.test only: the deliveries are the ones deliver() makes.
    await db.query(
      `INSERT INTO webhooks (id, account_id, mode, url, events, secret_box, created_at)
       VALUES ('wh_keep', $1, 'test', 'https://shop.example/hook', '{webhook.test}', 'x', $2)`,
      [accountId, clock.now()],
    );
    // 100 days ago: two charges with delivered events, one whose delivery is still pending,
    // an idempotency record and a dashboard session that ended long since.
    // The held charge comes first, a second before the others, and its delivery is the first
    // one: the oldest events (by id) and the oldest delivery (by seq) are the ones that must
    // stay, and a pass must step over them rather than stop there (batches of 2 below).
    const held = (await create(token)).json().data.chargeId as string;
    await deliver(held, "pending");
    clock.advance(1000);
    const [gone1, gone2] = [await create(token), await create(token)].map(
      (r) => r.json().data.chargeId as string,
    ) as [string, string];
    await deliver(gone1, "succeeded");
    await deliver(gone2, "succeeded");
    const user = await addUser(svc, accountId, "keeper@shop.example");
    await db.query(
      `INSERT INTO dashboard_sessions (id_hash, user_id, account_id, csrf_token, mode,
         created_at, last_seen_at, expires_at)
       VALUES ('old-session', $1, $2, 'c', 'test', $3, $3, $4)`,
      [user.id, accountId, clock.now(), new Date(clock.now().getTime() + DAY / 2)],
    );
    await db.query(
      `INSERT INTO idempotency_keys (account_id, mode, route, key, fingerprint, response_status,
         response_body, created_at) VALUES ($1, 'test', 'r', 'old-key', 'f', 200, '{}', $2)`,
      [accountId, clock.now()],
    );

    clock.advance(100 * DAY);
    const recent = (await create(token)).json().data.chargeId as string;
    await deliver(recent, "succeeded");

    const deps = { db, clock };
    // The account's live key, made with it 100 days ago, raised an account.security event
    // (docs/security.md, "Alerts"): old and undelivered-to-nobody, it goes with the others.
    const security = await count("events WHERE account_id = $1 AND type = 'account.security'", [
      accountId,
    ]);
    assert.equal(security, 1);
    // What a pass would remove (this file's service has a database of its own).
    assert.deepEqual(await prunePreview(deps, { days: 90 }), {
      events: 5,
      deliveries: 4,
      delivery_attempts: 4,
      idempotency_keys: 1,
      dashboard_sessions: 1,
    });
    const removed = await pruneHistory(deps, { days: 90, batch: 2 });
    assert.deepEqual(removed, {
      finished: true,
      events: 5,
      deliveries: 4,
      delivery_attempts: 4,
      idempotency_keys: 1,
      dashboard_sessions: 1,
    });
    // Every charge is kept; only the recent charge's events, and the old one whose delivery is
    // still pending, keep theirs.
    assert.equal(await count("charges WHERE account_id = $1", [accountId]), 4);
    assert.equal(await count("events WHERE charge_id = ANY($1)", [[gone1, gone2]]), 0);
    assert.equal(await count("events WHERE charge_id = $1", [held]), 2);
    assert.equal(await count("events WHERE charge_id = $1", [recent]), 2);
    assert.equal(await count("deliveries WHERE event_id LIKE 'evt_%'"), 4);
    assert.equal(await count("delivery_attempts"), 4);
    assert.equal(await count("idempotency_keys WHERE key = 'old-key'"), 0);
    assert.equal(await count("dashboard_sessions WHERE id_hash = 'old-session'"), 0);
    // A second pass finds nothing.
    const again = await pruneHistory(deps, { days: 90 });
    assert.equal(again.events + again.deliveries + again.delivery_attempts, 0);

    // The pruned charge still answers: its status (expired now, being overdue), its events
    // (only what came after the pruning) with how far back history goes, and its page.
    const st = await svc.call("GET", `/api/pix/charge/status?charge_id=${gone1}`, { token });
    assert.equal(st.statusCode, 200);
    assert.equal(st.json().data.chargeId, gone1);
    assert.equal(st.json().data.statusCode, "expired");
    const ev = await svc.call("GET", `/api/events?charge_id=${gone1}`, { token });
    assert.equal(ev.statusCode, 200);
    assert.equal(ev.json().data.retentionDays, 90);
    assert.deepEqual(
      ev.json().data.events.map((e: { event: string }) => e.event),
      ["charge.declined"],
    );
    const session = await signInInject(svc, "keeper@shop.example");
    const page = await getPage(svc, session, `/dashboard/charges/${gone1}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(gone1));
    assert.match(page.body, /older than 90 days|mais de 90 dias/);
  });
});
