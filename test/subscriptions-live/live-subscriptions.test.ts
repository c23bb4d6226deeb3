import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hasError, parsePix } from "pix-utils";
import { billingPass } from "../../src/domain/subscriptions/billing.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { type LiveSetup, startAutomaticoSetup } from "../helpers/live-pix.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// The live "Done when" against the PSP peer: every request valid against the BACEN
// file; the payer's bank-side cancellation arrives by notification and moves the subscription;
// a forged notification moves nothing; a period is a cobr inside BACEN's window, paid or retried
// by the policy and declined. The service and the peer share one manual clock.
const clock = manualClock(new Date("2026-03-02T15:00:00.000Z")); // 12:00 in Brasília
const RECEIVER = { branch: "0001", account: "123456", type: "CORRENTE" };
let s: LiveSetup;

before(async () => {
  // The setup checks that webhookrec and webhookcobr were registered at the PSP with the public
  // name (TOSTAO_BASE_URL) before it points them at this service.
  s = await startAutomaticoSetup(clock, undefined, RECEIVER);
});
after(() => s.close());

async function create(extra: Record<string, unknown> = {}) {
  const res = await s.call(
    "POST",
    "/api/pix/subscriptions/create",
    monthlyPlan("2026-03-10", { retry_policy: "up_to_3_in_7_days", ...extra }),
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as Record<string, any>;
}
const status = async (id: string) =>
  (await s.call("GET", `/api/pix/subscriptions/status?subscription_id=${id}`)).json().data;
const charges = async (id: string) => {
  const r = await s.call("GET", "/api/pix/charges?limit=100");
  return (r.json().data.charges as Record<string, any>[]).filter((c) => c.subscriptionId === id);
};
const eventsOf = async (id: string) => (await s.eventsOf(id)).map((e) => e.event);

describe("live subscriptions against the PSP peer", () => {
  test("create is locrec + rec at the PSP; its BR Code is the PSP's composed code", async () => {
    const sub = await create();
    const rec = s.peer.recs.get(sub.recId);
    assert.ok(rec, "the rec exists at the PSP under the subscription's recId");
    assert.equal((rec.body.valor as { valorRec: string }).valorRec, "49.90");
    assert.equal(rec.body.politicaRetentativa, "PERMITE_3R_7D");
    const parsed = parsePix(sub.brCode);
    assert.ok(!hasError(parsed));
    assert.equal((parsed as { urlRec?: string }).urlRec, rec.loc?.location);
    s.peer.assertNoViolations();
  });

  test("a live subscription without a receiver account is a 422 naming receiver_account, and nothing reaches the PSP", async () => {
    // The connection as saved without receiver_account (the setup's first save): no row. Put
    // back as it was afterwards (saving again would re-point the peer's webhooks elsewhere).
    const [kept] = await s.svc.deps.db.query<Record<string, unknown>>(
      "DELETE FROM pix_psp_receiver_accounts WHERE account_id = $1 RETURNING *",
      [s.account.accountId],
    );
    assert.ok(kept);
    try {
      const stored = async () =>
        (await s.call("GET", "/api/pix/subscriptions?limit=100")).json().data.subscriptions.length;
      const seen = s.peer.requests.length;
      const recs = s.peer.recs.size;
      const before = await stored();
      for (const extra of [{}, { first_payment_value: 10 }]) {
        const res = await s.call("POST", "/api/pix/subscriptions/create", {
          title: "Plano mensal",
          customer_name: "Maria Silva",
          customer_cpf: "529.982.247-25",
          periodicity: "monthly",
          start_date: "2026-03-10",
          value: 49.9,
          ...extra,
        });
        assert.equal(res.statusCode, 422, res.body);
        assert.match(res.json().error ?? "", /^receiver_account: /);
        assert.match(res.json().error ?? "", /POST \/api\/pix\/provider/);
      }
      assert.deepEqual(
        s.peer.requests.slice(seen).map((r) => `${r.method} ${r.path}`),
        [],
        "no POST /locrec, /rec or PUT /cob reached the PSP",
      );
      assert.equal(s.peer.recs.size, recs);
      assert.equal(await stored(), before, "no subscription stored");
    } finally {
      await s.svc.deps.db.query(
        `INSERT INTO pix_psp_receiver_accounts
         SELECT * FROM jsonb_populate_record(NULL::pix_psp_receiver_accounts, $1::jsonb)`,
        [JSON.stringify(kept)],
      );
    }
  });

  test("authorised, charged inside the window, paid: approved by the PSP's notifications after GETs", async () => {
    const sub = await create();
    await s.peer.authorizeRec(sub.recId);
    assert.equal((await status(sub.subscriptionId)).statusCode, "approved");
    await billingPass(s.svc.deps);
    const [charge] = await charges(sub.subscriptionId);
    assert.ok(charge, "the period's charge is a row in the charges list");
    const cobr = [...s.peer.cobrs.values()].find((c) => c.idRec === sub.recId);
    assert.ok(cobr, "PUT /cobr reached the PSP");
    assert.equal(
      (cobr.body.calendario as { dataDeVencimento: string }).dataDeVencimento,
      "2026-03-10",
    );
    assert.deepEqual(cobr.body.recebedor, {
      conta: "123456",
      tipoConta: "CORRENTE",
      agencia: "0001",
    });
    await s.peer.payCobr(cobr.txid);
    const [paid] = await charges(sub.subscriptionId);
    assert.equal(paid?.statusCode, "approved");
    const events = await eventsOf(charge.chargeId);
    assert.ok(events.includes("charge.created"));
    assert.equal(events.filter((e) => e === "charge.approved").length, 1);
    s.peer.assertNoViolations();
  });

  test("a failing debit is retried by the policy (3 retentativas) and ends charge.declined with its reason", async () => {
    const sub = await create({ start_date: "2026-03-11" });
    await s.peer.authorizeRec(sub.recId);
    await billingPass(s.svc.deps);
    const cobr = [...s.peer.cobrs.values()].find((c) => c.idRec === sub.recId);
    assert.ok(cobr);
    for (let i = 0; i < 4; i++) await s.peer.failCobr(cobr.txid, { codigo: "AM02" });
    assert.deepEqual(
      cobr.tentativas.map((t) => `${t.tipo}:${t.status}`),
      ["AGND:REJEITADA", "NTAG:REJEITADA", "NTAG:REJEITADA", "NTAG:REJEITADA"],
    );
    assert.equal(cobr.status, "REJEITADA");
    const [declined] = await charges(sub.subscriptionId);
    assert.equal(declined?.statusCode, "declined");
    assert.ok((await eventsOf(declined.chargeId)).includes("charge.declined"));
    s.peer.assertNoViolations();
  });

  test("the payer cancels in their bank: the notification, confirmed by GET /rec, cancels the subscription", async () => {
    const sub = await create({ start_date: "2026-03-12" });
    await s.peer.authorizeRec(sub.recId);
    await s.peer.cancelRecByPayer(sub.recId);
    const after = await status(sub.subscriptionId);
    assert.equal(after.statusCode, "canceled");
    assert.ok((await eventsOf(sub.subscriptionId)).includes("subscription.canceled"));
    s.peer.assertNoViolations();
  });

  test("a forged cancellation moves nothing: the PSP still says APROVADA", async () => {
    const sub = await create({ start_date: "2026-03-13" });
    await s.peer.authorizeRec(sub.recId);
    const statuses = await s.peer.notifyRec({
      recs: [
        {
          idRec: sub.recId,
          status: "CANCELADA",
          atualizacao: [{ status: "CANCELADA", data: clock.now().toISOString() }],
        },
      ],
    });
    assert.deepEqual(statuses, [200]);
    assert.equal((await status(sub.subscriptionId)).statusCode, "approved");
    assert.ok(!(await eventsOf(sub.subscriptionId)).includes("subscription.canceled"));
  });

  test("the merchant's cancel is PATCH /rec at the PSP", async () => {
    const sub = await create({ start_date: "2026-03-14" });
    await s.peer.authorizeRec(sub.recId);
    const res = await s.call("POST", "/api/pix/subscriptions/cancel", {
      subscription_id: sub.subscriptionId,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(s.peer.recs.get(sub.recId)?.status, "CANCELADA");
    s.peer.assertNoViolations();
  });
});
