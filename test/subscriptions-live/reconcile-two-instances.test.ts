import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { openPostgres } from "../../src/db/pg.ts";
import { billingPass } from "../../src/domain/subscriptions/billing.ts";
import type { RecurrenceSink } from "../../src/domain/subscriptions-live/notify.ts";
import { REC_CHECK, reconcileRecurrences } from "../../src/domain/subscriptions-live/reconcile.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { createService, type Service } from "../../src/service.ts";
import { apiCall } from "../helpers/api-call.ts";
import { openTestDb, TEST_DATABASE_URL, type TestDb } from "../helpers/db.ts";
import { providerBody } from "../helpers/live-pix.ts";
import { makeTestPki, type PspPeer, startPspPeer } from "../helpers/psp-peer/index.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { testConfig } from "../helpers/service.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// Two service instances on one PostgreSQL schema reconcile lost Pix Automático notifications
// exactly once: both run the pass at the same moment, again and again, over recs approved,
// cobrs paid and recs cancelled at the PSP whose notifications never came. Every row ends as
// the PSP says, with one event and one webhook delivery per change, and no row is asked about
// twice in one pass; a pass does not wait behind rows another instance's billing holds.
const skip = !TEST_DATABASE_URL && "needs DATABASE_URL (PostgreSQL): PGlite is one process's store";
const APPROVED = 30; // recs the payer approved at the bank (ours: created)
const PAID = 12; // periods whose cobr was paid (ours: pending)
const CANCELED = 4; // recs the payer cancelled at the bank (ours: approved)
const LIMIT = 7; // rows of each kind per instance and pass: the work takes several passes

type Sub = { subscriptionId: string; recId: string; txid?: string };

describe("Pix Automático reconciliation: two instances on one PostgreSQL", { skip }, () => {
  const clock = manualClock(new Date("2026-03-02T15:00:00.000Z"));
  let t: TestDb;
  let peer: PspPeer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const services: Service[] = [];
  let url0 = "";
  let live = "";
  let accountId = "";

  before(async () => {
    t = await openTestDb({ migrate: true });
    peer = await startPspPeer({ pki: makeTestPki(), profile: "generic", now: () => clock.now() });
    receiver = await startReceiver();
    const env = {
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost,127.0.0.1",
      TOSTAO_BASE_URL: "https://tostao.example",
      TOSTAO_PIX_RECONCILE_SECONDS: "3600",
      TOSTAO_BILLING_INTERVAL_SECONDS: "3600",
      DATABASE_URL: t.url ?? "",
    };
    for (let i = 0; i < 2; i++) {
      const svc = await createService(testConfig(env), {
        db: i === 0 ? t.db : openPostgres(t.url ?? "", 10),
        clock,
        logger: false,
        makePspClient: (c) =>
          makeBacenPixClient(c, {
            timeoutMs: 1500,
            retries: 0,
            backoffMs: [],
            budgetMs: 3000,
            clock,
          }),
      });
      await svc.app.listen({ port: 0, host: "127.0.0.1" });
      services.push(svc);
    }
    const first = services[0];
    if (!first) throw new Error("no service");
    url0 = `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`;
    const deps = first.deps;
    const { createAccount } = await import("../../src/domain/accounts/create-account.ts");
    const { issueToken } = await import("../../src/domain/tokens/manage-tokens.ts");
    accountId = (await createAccount(deps, { name: "Two reconcilers" })).id;
    live = (await issueToken(deps, { accountId, label: "live", mode: "live" })).token;
    const saved = await call("POST", "/api/pix/provider", {
      ...providerBody(peer),
      receiver_account: { account: "123456", type: "CORRENTE" },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    peer.recState.webhookRec = `${url0}${saved.json.data.notificationPath}`;
    peer.recState.webhookCobr = `${url0}${saved.json.data.notificationPath}`;
    const hook = await call("POST", "/api/webhooks/create", {
      url: receiver.url,
      events: ["subscription.approved", "subscription.canceled", "charge.approved"],
    });
    assert.equal(hook.status, 200, JSON.stringify(hook.json));
  });
  after(async () => {
    for (const s of services) await s.close();
    await peer.close();
    await receiver.close();
    await t.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    apiCall(url0, live, method, path, body);
  async function create(start: string): Promise<Sub> {
    const r = await call("POST", "/api/pix/subscriptions/create", monthlyPlan(start));
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.data;
  }
  const reconcile = (svc: Service | undefined, limit = LIMIT) => {
    if (!svc) throw new Error("no service");
    return reconcileRecurrences(
      {
        db: svc.deps.db,
        clock,
        pspClients: svc.deps.pspClients,
        recurrenceSink: svc.deps.recurrenceSink as RecurrenceSink,
        warn() {},
      },
      { limit },
    );
  };
  /** Both instances at once, pass after pass at this instant, until neither finds work. */
  async function passesAtOnce() {
    const read = [0, 0];
    let passes = 0;
    for (;;) {
      passes++;
      assert.ok(passes <= 30, "the work drains");
      const outs = await Promise.all(services.map((s) => reconcile(s)));
      let any = 0;
      outs.forEach((o, i) => {
        assert.equal(o.failed, 0, "the PSP answered every GET");
        read[i] = (read[i] ?? 0) + o.recsRead + o.cobrsRead;
        any += o.recsRead + o.cobrsRead;
      });
      if (any === 0) return read;
    }
  }
  /** GET /rec/{id} and GET /cobr/{txid} the peer answered since request `from`, per id. */
  async function getsSince(from: number) {
    await peer.settled();
    const n = new Map<string, number>();
    for (const r of peer.requests.slice(from)) {
      const m = /\/(rec|cobr)\/([^/?]+)$/.exec(r.path);
      if (r.method === "GET" && m) n.set(`${m[1]}/${m[2]}`, (n.get(`${m[1]}/${m[2]}`) ?? 0) + 1);
    }
    return n;
  }
  /** Events of the live account per "type id" (charge or subscription). */
  async function eventCounts() {
    const rows = await t.db.query<{ type: string; charge_id: string; n: number }>(
      `SELECT type, charge_id, count(*)::int AS n FROM events
       WHERE account_id = $1 AND mode = 'live' GROUP BY type, charge_id`,
      [accountId],
    );
    return new Map(rows.map((r) => [`${r.type} ${r.charge_id}`, r.n]));
  }
  const rowOf = async (table: "subscriptions" | "charges", id: string) =>
    (await t.db.query<Record<string, any>>(`SELECT * FROM ${table} WHERE id = $1`, [id]))[0];
  const chargeOf = async (txid = "") =>
    (await t.db.query<Record<string, any>>(`SELECT * FROM charges WHERE txid = $1`, [txid]))[0];

  test("two instances reconciling at once move each row once, with one event and one delivery, and one GET per row per pass", async () => {
    // Paid and cancelled: approved (notified), with their first period's cobr issued.
    const paid: Sub[] = [];
    const canceled: Sub[] = [];
    for (let i = 0; i < PAID + CANCELED; i++) {
      const sub = await create("2026-03-10");
      await peer.authorizeRec(sub.recId);
      (i < PAID ? paid : canceled).push(sub);
    }
    await billingPass(services[0]?.deps as never);
    for (const sub of [...paid, ...canceled]) {
      sub.txid = [...peer.cobrs.values()].find((c) => c.idRec === sub.recId)?.txid;
      assert.ok(sub.txid, "PUT /cobr reached the PSP");
    }
    const approved: Sub[] = [];
    for (let i = 0; i < APPROVED; i++) approved.push(await create("2026-03-20"));

    // Deliveries so far (the approvals notified above) go out before the test counts its own.
    await Promise.all(services.map((s) => s.worker.runOnce()));
    const sentBefore = receiver.received.length;
    // From here on every notification is lost.
    peer.dropNotifications(true);
    for (const s of approved) await peer.authorizeRec(s.recId);
    for (const s of paid) await peer.payCobr(s.txid ?? "");
    // Their recs' cancellation ends their cobrs too (CANCELADA at the PSP).
    for (const s of canceled) await peer.cancelRecByPayer(s.recId);
    await peer.settled();
    const eventsBefore = await eventCounts();

    // 2026-03-10, 09:01 in Brasília: the periods' first check and every rec's are due.
    clock.set(new Date("2026-03-10T12:01:00.000Z"));
    const from = peer.requests.length;
    const read = await passesAtOnce();
    assert.ok(
      read.every((n) => n > 0),
      `both instances took part of the work: ${read}`,
    );

    // Every row ends as the PSP says.
    for (const s of approved) {
      assert.equal((await rowOf("subscriptions", s.subscriptionId))?.status, "approved");
    }
    for (const s of paid) {
      const c = await chargeOf(s.txid);
      assert.equal(c?.status, "approved");
      assert.equal(Number(c?.received_cents), 4990);
    }
    for (const s of canceled) {
      const row = await rowOf("subscriptions", s.subscriptionId);
      assert.deepEqual([row?.status, row?.canceled_by], ["canceled", "payer"]);
      assert.equal((await chargeOf(s.txid))?.status, "canceled");
    }

    // One GET per row in all these passes at one instant (each claim moves the row's next check).
    const gets = await getsSince(from);
    for (const s of [...approved, ...paid]) {
      assert.equal(gets.get(`rec/${s.recId}`), 1, `GET /rec/${s.recId}`);
    }
    for (const s of paid) assert.equal(gets.get(`cobr/${s.txid}`), 1, `GET /cobr/${s.txid}`);
    // A cancelled rec's period is read at most once: not at all if its rec was read first (the
    // cancellation ends the period). A cancelled cobr asks for its rec at once, so the rec is
    // read once by the pass and at most once more, when the other instance's cobr read asks
    // for it between this pass's claim of it and its commit.
    for (const s of canceled) {
      assert.ok((gets.get(`cobr/${s.txid}`) ?? 0) <= 1, `GET /cobr/${s.txid}`);
      const n = gets.get(`rec/${s.recId}`) ?? 0;
      assert.ok(n >= 1 && n <= 2, `GET /rec/${s.recId}: ${n}`);
    }

    // Exactly one event per change, none other.
    const expected = new Map<string, number>();
    for (const s of approved) expected.set(`subscription.approved ${s.subscriptionId}`, 1);
    for (const s of canceled) expected.set(`subscription.canceled ${s.subscriptionId}`, 1);
    for (const s of paid) expected.set(`charge.approved ${(await chargeOf(s.txid))?.id}`, 1);
    for (const s of canceled) expected.set(`charge.updated ${(await chargeOf(s.txid))?.id}`, 1);
    const eventsAfter = await eventCounts();
    const added = new Map<string, number>();
    for (const [k, n] of eventsAfter) {
      const d = n - (eventsBefore.get(k) ?? 0);
      if (d !== 0) added.set(k, d);
    }
    assert.deepEqual(added, expected, "one event per change");

    // One delivery per event, sent once, with both instances' delivery workers draining.
    const dup = await t.db.query(
      `SELECT event_id FROM deliveries WHERE account_id = $1 GROUP BY event_id, webhook_id
       HAVING count(*) > 1`,
      [accountId],
    );
    assert.deepEqual(dup, []);
    await Promise.all(services.map((s) => s.worker.runOnce()));
    const ids = receiver.received.slice(sentBefore).map((r) => String(r.headers["webhook-id"]));
    assert.equal(new Set(ids).size, ids.length, "no delivery sent twice");
    const wanted = [...expected.keys()].filter((k) => !k.startsWith("charge.updated")).length;
    assert.equal(ids.length, wanted, "every change's event delivered");

    // Later passes: the settled rows cost no GET and move nothing; the live recs are asked once
    // more each after their back-off.
    clock.advance(REC_CHECK.createdMaxMs + 60_000);
    const later = peer.requests.length;
    await passesAtOnce();
    const again = await getsSince(later);
    for (const s of [...approved, ...paid]) assert.equal(again.get(`rec/${s.recId}`), 1);
    for (const s of [...paid, ...canceled]) assert.equal(again.get(`cobr/${s.txid}`), undefined);
    for (const s of canceled) assert.equal(again.get(`rec/${s.recId}`), undefined);
    assert.deepEqual(await eventCounts(), eventsAfter, "no event from a fact already moved");
    peer.assertNoViolations();
  });

  test("a pass skips the rows another instance's billing holds locked across its PUT /cobr, rather than wait", async () => {
    // The recs approved above are billed now (2026-03-20's period opens): instance 0's billing
    // claims them FOR UPDATE and holds them while the PSP holds its first PUT /cobr's answer.
    clock.set(new Date("2026-03-14T12:00:00.000Z"));
    const before = peer.cobrs.size;
    peer.failNext("PUT /cobr/", "lost-response", 1);
    let billed = false;
    const billing = billingPass(services[0]?.deps as never).then(() => {
      billed = true;
    });
    while (peer.cobrs.size === before) await new Promise((r) => setTimeout(r, 5));
    // A limit past every due row: the claim reaches the held ones.
    const out = await reconcile(services[1], 100);
    assert.equal(billed, false, "the pass ended while the billing still held its rows");
    assert.equal(out.recsRead, PAID, "the held recs were skipped, the others read");
    await billing;
    // Skipped, not lost: once the billing has committed, the next pass reads them.
    const next = await reconcile(services[1], 100);
    assert.equal(next.recsRead, APPROVED);
    peer.assertNoViolations();
  });
});
