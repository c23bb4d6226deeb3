import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { openPostgres } from "../../src/db/pg.ts";
import { billingPass } from "../../src/domain/subscriptions/billing.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { createService, type Service } from "../../src/service.ts";
import { apiCall } from "../helpers/api-call.ts";
import { openTestDb, TEST_DATABASE_URL, type TestDb } from "../helpers/db.ts";
import { providerBody } from "../helpers/live-pix.ts";
import { makeTestPki, type PspPeer, startPspPeer } from "../helpers/psp-peer/index.ts";
import { testConfig } from "../helpers/service.ts";

// Two service instances on one PostgreSQL schema, one PSP peer: every period of every live
// subscription becomes exactly one cobr at the PSP and one charge, when both instances bill at
// once, when an instance dies between its PUT /cobr and its commit (the PSP made the cobr, the
// charge row was never written) and a new instance takes over, and after a day down.
const skip = !TEST_DATABASE_URL && "needs DATABASE_URL (PostgreSQL): PGlite is one process's store";
const N = 12;
const DAY = 86_400_000;

describe("live subscriptions: two instances on one PostgreSQL", { skip }, () => {
  const clock = manualClock(new Date("2026-03-02T15:00:00.000Z"));
  let t: TestDb;
  let peer: PspPeer;
  const services: (Service | undefined)[] = [];
  const urls: string[] = [];
  let live = "";
  const env = {
    TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost,127.0.0.1",
    TOSTAO_BASE_URL: "https://tostao.example",
    TOSTAO_PIX_RECONCILE_SECONDS: "3600",
    TOSTAO_BILLING_INTERVAL_SECONDS: "3600",
    DATABASE_URL: "",
  };

  async function start() {
    const db = services.length === 0 ? t.db : openPostgres(t.url ?? "", 10);
    const svc = await createService(testConfig({ ...env, DATABASE_URL: t.url ?? "" }), {
      db,
      clock,
      logger: false,
      makePspClient: (c) =>
        makeBacenPixClient(c, {
          timeoutMs: 800,
          retries: 1,
          backoffMs: [20],
          budgetMs: 3000,
          clock,
        }),
    });
    await svc.app.listen({ port: 0, host: "127.0.0.1" });
    services.push(svc);
    urls.push(`http://127.0.0.1:${(svc.app.server.address() as AddressInfo).port}`);
    return svc;
  }

  before(async () => {
    t = await openTestDb({ migrate: true });
    peer = await startPspPeer({ pki: makeTestPki(), profile: "generic", now: () => clock.now() });
    await start();
    await start();
    const deps = services[0]?.deps;
    if (!deps) throw new Error("no service");
    const { createAccount } = await import("../../src/domain/accounts/create-account.ts");
    const { issueToken } = await import("../../src/domain/tokens/manage-tokens.ts");
    const account = await createAccount(deps, { name: "Two instances" });
    live = (await issueToken(deps, { accountId: account.id, label: "live", mode: "live" })).token;
    const saved = await call(0, "POST", "/api/pix/provider", {
      ...providerBody(peer),
      receiver_account: { account: "123456", type: "CORRENTE" },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    // Notifications land on the other instance than the one that made the subscriptions.
    const hook = `${urls[1]}${saved.json.data.notificationPath}`;
    peer.recState.webhookRec = hook;
    peer.recState.webhookCobr = hook;
  });
  after(async () => {
    for (const s of services) await s?.close();
    await peer.close();
    await t.close();
  });

  const call = (i: number, method: string, path: string, body?: unknown) =>
    apiCall(urls[i] ?? "", live, method, path, body);

  /** cobrs at the PSP per rec, and charges per subscription (from instance i's API). */
  async function counts(i: number, subs: { subscriptionId: string; recId: string }[]) {
    const cobrs = new Map<string, number>();
    for (const c of peer.cobrs.values()) cobrs.set(c.idRec, (cobrs.get(c.idRec) ?? 0) + 1);
    const listed = await call(i, "GET", "/api/pix/charges?limit=100");
    const charges = new Map<string, number>();
    for (const c of listed.json.data.charges as { subscriptionId?: string }[]) {
      if (c.subscriptionId) charges.set(c.subscriptionId, (charges.get(c.subscriptionId) ?? 0) + 1);
    }
    return subs.map((s) => [cobrs.get(s.recId) ?? 0, charges.get(s.subscriptionId) ?? 0]);
  }

  test("each period is charged exactly once: both instances at once, a crash after PUT /cobr, a day down", async () => {
    const subs: { subscriptionId: string; recId: string }[] = [];
    for (let i = 0; i < N; i++) {
      const r = await call(0, "POST", "/api/pix/subscriptions/create", {
        title: `Plano ${i}`,
        customer_name: "Maria Silva",
        customer_cpf: "529.982.247-25",
        periodicity: "monthly",
        start_date: "2026-03-10",
        value: 49.9,
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      subs.push(r.json.data);
      await peer.authorizeRec(r.json.data.recId);
    }
    const st = await call(
      0,
      "GET",
      `/api/pix/subscriptions/status?subscription_id=${subs[0]?.subscriptionId}`,
    );
    assert.equal(st.json.data.statusCode, "approved", "approved through instance 1's notification");

    // Both instances bill at the same moment.
    const [a, b] = await Promise.all(services.map((s) => billingPass(s?.deps as never)));
    assert.equal((a?.issued ?? 0) + (b?.issued ?? 0), N);
    assert.deepEqual(
      await counts(1, subs),
      subs.map(() => [1, 1]),
    );

    // Next period: instance 0 dies between the PSP's answer (lost) and its commit.
    clock.advance(29 * DAY); // 2026-03-31: period 1 (2026-04-10) opens
    // Every PUT /cobr of this pass (and the client's one retry of each) is made at the PSP and
    // its answer lost: instance 0 commits no charge, then dies.
    peer.failNext("PUT /cobr/", "lost-response", 2 * N);
    const first = await billingPass(services[0]?.deps as never);
    assert.equal(first.railFailed, N, "no PUT /cobr got its answer");
    assert.equal(peer.cobrs.size, 2 * N, "yet the PSP made every period's cobr");
    await services[0]?.close();
    services[0] = undefined;
    const restarted = await start();
    urls[0] = urls.at(-1) ?? "";
    clock.advance(6 * 60_000);
    const again = await billingPass(restarted.deps);
    assert.equal(again.issued, N, "the new instance issues the periods the dead one left");
    assert.deepEqual(
      await counts(1, subs),
      subs.map(() => [2, 2]),
      "one cobr and one charge per period",
    );

    // A day down past period 2's opening: the next pass catches up.
    clock.advance(32 * DAY); // 2026-05-02: period 2 (2026-05-10) is in its window
    await Promise.all([billingPass(restarted.deps), billingPass(services[1]?.deps as never)]);
    assert.deepEqual(
      await counts(1, subs),
      subs.map(() => [3, 3]),
    );
    peer.assertNoViolations();
  });
});
