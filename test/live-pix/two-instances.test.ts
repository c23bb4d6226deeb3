import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { openPostgres } from "../../src/db/pg.ts";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { createService, type Service } from "../../src/service.ts";
import { apiCall } from "../helpers/api-call.ts";
import { openTestDb, TEST_DATABASE_URL, type TestDb } from "../helpers/db.ts";
import { cobOf, providerBody } from "../helpers/live-pix.ts";
import { makeTestPki, type PspPeer, startPspPeer } from "../helpers/psp-peer/index.ts";
import { testConfig } from "../helpers/service.ts";

const skip = !TEST_DATABASE_URL && "needs DATABASE_URL (PostgreSQL): PGlite is one process's store";

describe("two instances on one PostgreSQL", { skip }, () => {
  let t: TestDb;
  let peer: PspPeer;
  const services: Service[] = [];
  const urls: string[] = [];
  let live = "";

  before(async () => {
    t = await openTestDb({ migrate: true });
    peer = await startPspPeer({ pki: makeTestPki(), profile: "efi" });
    const env = {
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost,127.0.0.1",
      TOSTAO_BASE_URL: "https://tostao.example",
      TOSTAO_PIX_RECONCILE_SECONDS: "0.3",
      DATABASE_URL: t.url ?? "",
    };
    for (const db of [t.db, openPostgres(t.url ?? "", 10)]) {
      const svc = await createService(testConfig(env), {
        db,
        logger: false,
        makePspClient: (c) =>
          makeBacenPixClient(c, { timeoutMs: 1000, retries: 1, backoffMs: [20] }),
      });
      await svc.app.listen({ port: 0, host: "127.0.0.1" });
      services.push(svc);
      urls.push(`http://127.0.0.1:${(svc.app.server.address() as AddressInfo).port}`);
    }
    const { createAccount } = await import("../../src/domain/accounts/create-account.ts");
    const { issueToken } = await import("../../src/domain/tokens/manage-tokens.ts");
    const deps = services[0]?.deps;
    if (!deps) throw new Error("no service");
    const account = await createAccount(deps, { name: "Two instances" });
    live = (await issueToken(deps, { accountId: account.id, label: "live", mode: "live" })).token;
    const saved = await call(0, "POST", "/api/pix/provider", providerBody(peer));
    assert.equal(saved.status, 200);
  });
  after(async () => {
    for (const s of services) await s.close();
    await peer.close();
    await t.close();
  });

  const call = (i: number, method: string, path: string, body?: unknown) =>
    apiCall(urls[i] ?? "", live, method, path, body);

  async function approvedEvents(chargeId: string) {
    const r = await call(1, "GET", `/api/events?charge_id=${chargeId}`);
    return r.json.data.events.filter((e: { event: string }) => e.event === "charge.approved")
      .length;
  }

  async function waitApproved(chargeId: string, ms: number) {
    const t0 = Date.now();
    for (;;) {
      const r = await call(0, "GET", `/api/pix/charge/status?charge_id=${chargeId}`);
      if (r.json.data.statusCode === "approved") return;
      if (Date.now() - t0 > ms) throw new Error("not approved");
      await new Promise((res) => setTimeout(res, 25));
    }
  }

  test("one notification delivered to both instances at once approves the charge once, with one charge.approved", async () => {
    peer.dropNotifications(true);
    const created = await call(0, "POST", "/api/pix/charge/create", { value: 5 });
    assert.equal(created.status, 200);
    const { chargeId, brCode } = created.json.data;
    const { endToEndId } = await peer.pay(cobOf(peer, brCode).txid);
    const hookPath = (await call(1, "GET", "/api/pix/provider")).json.data.notificationPath;
    const body = JSON.stringify({ pix: [peer.pixReceived.get(endToEndId)] });
    const sends = [];
    for (let n = 0; n < 3; n++) {
      for (const url of urls) {
        sends.push(
          fetch(`${url}${hookPath}/pix`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          }).then((r) => r.status),
        );
      }
    }
    assert.deepEqual(await Promise.all(sends), [200, 200, 200, 200, 200, 200]);
    await waitApproved(chargeId, 2000);
    await new Promise((r) => setTimeout(r, 800)); // reconciliation passes in both instances too
    assert.equal(await approvedEvents(chargeId), 1);
  });

  test("with notifications lost, both instances' reconciliation approves the charge once, with one charge.approved", async () => {
    peer.dropNotifications(true);
    const created = await call(1, "POST", "/api/pix/charge/create", { value: 7 });
    const { chargeId, brCode } = created.json.data;
    await peer.pay(cobOf(peer, brCode).txid);
    await waitApproved(chargeId, 2000);
    await new Promise((r) => setTimeout(r, 800));
    assert.equal(await approvedEvents(chargeId), 1);
    peer.assertNoViolations();
  });
});
