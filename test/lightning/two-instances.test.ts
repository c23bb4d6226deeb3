import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPostgres } from "../../src/db/pg.ts";
import { createAccount } from "../../src/domain/accounts/create-account.ts";
import { issueToken } from "../../src/domain/tokens/manage-tokens.ts";
import { createService, type Service } from "../../src/service.ts";
import { openTestDb, TEST_DATABASE_URL, type TestDb } from "../helpers/db.ts";
import { type LndPeer, startLndPeer } from "../helpers/ln-peer/index.ts";
import { testConfig } from "../helpers/service.ts";

// Two instances with workers on one PostgreSQL, both subscribed to the merchant's node: a
// settlement reaches both streams (and both periodic checks), and the charge is approved once.

const skip = !TEST_DATABASE_URL && "needs DATABASE_URL (PostgreSQL): PGlite is one process's store";

describe("Lightning: two instances on one PostgreSQL", { skip }, () => {
  let t: TestDb;
  let lnd: LndPeer;
  const services: Service[] = [];
  let token = "";

  before(async () => {
    t = await openTestDb({ migrate: true });
    lnd = await startLndPeer({ network: "regtest" });
    const env = {
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      TOSTAO_LIGHTNING_CHECK_SECONDS: "0.1",
      TOSTAO_RATE_LIMIT_TEST: "0",
      DATABASE_URL: t.url ?? "",
    };
    for (const db of [t.db, openPostgres(t.url ?? "", 10)]) {
      services.push(await createService(testConfig(env), { db, logger: false }));
    }
    const deps = services[0]?.deps;
    if (!deps) throw new Error("no service");
    const account = await createAccount(deps, { name: "Two instances" });
    token = (await issueToken(deps, { accountId: account.id, label: "t", mode: "test" })).token;
  });
  after(async () => {
    for (const s of services) await s.close();
    await lnd.close();
    await t.close();
  });

  const call = (i: number, method: "GET" | "POST", url: string, body?: unknown) =>
    services[i]?.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    }) as Promise<{ statusCode: number; json(): any; body: string }>;

  test("a settlement seen by both instances approves once", async () => {
    const saved = await call(0, "POST", "/api/crypto/lightning", {
      backend: "lnd",
      url: lnd.url,
      macaroon: lnd.macaroon,
      tls_certificate: lnd.certificate,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    for (const s of services) await s.lightningWorker.runOnce();
    for (let i = 0; i < 100 && lnd.streamCount() < 2; i++) {
      await new Promise((r) => setTimeout(r, 30));
    }
    assert.equal(lnd.streamCount(), 2, "each instance holds a stream");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = (await call(i % 2, "POST", "/api/crypto/charge/create", { value: 35 })).json().data;
      ids.push(c.chargeId);
      lnd.settle(lnd.book.byInvoice(c.lightningInvoice)?.paymentHash ?? "");
    }
    await new Promise((r) => setTimeout(r, 1500));
    for (const id of ids) {
      const st = (await call(1, "GET", `/api/crypto/charge/status?charge_id=${id}`)).json().data;
      assert.equal(st.statusCode, "approved");
      const events = (await call(0, "GET", `/api/events?charge_id=${id}`)).json().data.events;
      assert.equal(
        events.filter((e: { event: string }) => e.event === "charge.approved").length,
        1,
        `one charge.approved for ${id}`,
      );
    }
    const extra = await services[0]?.deps.db.query("SELECT * FROM charge_extra_payments");
    assert.deepEqual(extra, [], "a settlement seen twice is not a second payment");
  });
});
