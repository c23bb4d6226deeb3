import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { expireLiveCharges } from "../../src/domain/live-pix/live-expire.ts";
import { reconcileLivePix } from "../../src/domain/live-pix/live-reconcile.ts";
import type { Metrics } from "../../src/metrics/metrics.ts";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { cobOf, PATIENT_PSP_CLIENT, useLiveSetup } from "../helpers/live-pix.ts";
import { until } from "../helpers/until.ts";

// The edges of live PIX money (issues 21 and 22): a cob CONCLUIDA without its pix list, an
// underpaid cob, a Pix for a txid no charge holds, a MED devolução, a notification during a
// database outage, a cancel of a paid charge, a forged notification repeating a txid.

// Charges the dashboard test below looks at.
const seen: { underpaid?: string; disputed?: string } = {};
// Generous PSP timeouts: the machine running the suite may be slow, and no test here times out.
const s = useLiveSetup({ profile: "efi", pspClient: PATIENT_PSP_CLIENT });

const statusView = async (chargeId: string) =>
  (
    await s.svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
      token: s.account.live,
    })
  ).json().data;
const cobCalls = (txid: string) =>
  s.peer.requests.filter((r) => r.method === "GET" && r.path.endsWith(`/cob/${txid}`)).length;
const jobDeps = (offsetMs = 0) => ({
  ...s.svc.deps,
  clock: { now: () => new Date(Date.now() + offsetMs) },
  pspClients: s.svc.deps.pspClients,
  warn() {},
});

describe("a cob CONCLUIDA without its pix list", () => {
  test("approves the charge once (the cob's value is what was paid), and the charge is not polled again", async () => {
    const data = (await s.create({ expires_in: 60 })).json().data;
    const txid = cobOf(s.peer, data.brCode).txid;
    s.peer.hidePixOnCobs(true);
    try {
      await s.peer.pay(txid);
      await s.waitStatus(data.chargeId, "approved", 5000);
      const calls = cobCalls(txid);
      assert.equal(calls, 1, "the notification's one GET /cob");
      // Passes of both jobs, past the charge's expiry: nothing asks the PSP about it again.
      for (let i = 0; i < 3; i++) {
        await expireLiveCharges(jobDeps(120_000 + i * 60_000));
        await reconcileLivePix(jobDeps(), { intervalMs: 1000, attemptGraceMs: 3_600_000 });
      }
      assert.equal(cobCalls(txid), calls);
      const approved = (await s.eventsOf(data.chargeId)).filter(
        (e) => e.event === "charge.approved",
      );
      assert.equal(approved.length, 1);
    } finally {
      s.peer.hidePixOnCobs(false);
    }
  });
});

describe("an underpaid cob", () => {
  test("leaves the charge pending with amountReceived and one charge.updated; the expiry pass asks the PSP nothing and expires it", async () => {
    const data = (await s.create({ value: 10, expires_in: 60 })).json().data;
    seen.underpaid = data.chargeId;
    const txid = cobOf(s.peer, data.brCode).txid;
    const { endToEndId } = await s.peer.pay(txid, { amountCents: 990 });
    await until(
      "the amount received",
      async () => (await statusView(data.chargeId)).amountReceived === 9.9,
    );
    const view = await statusView(data.chargeId);
    assert.equal(view.statusCode, "pending");
    // The PSP notifies again, and reconciliation reads the same Pix: still one event.
    const pix = s.peer.pixReceived.get(endToEndId);
    await s.peer.notify({ pix: [pix] });
    await reconcileLivePix(jobDeps(), { intervalMs: 1000, attemptGraceMs: 3_600_000 });
    const updated = (await s.eventsOf(data.chargeId)).filter((e) => e.event === "charge.updated");
    assert.equal(updated.length, 1);
    assert.equal(updated[0]?.data.amountReceived, 9.9);
    assert.equal(updated[0]?.data.statusCode, "pending");
    const before = s.peer.requests.length;
    await expireLiveCharges(jobDeps(61_000));
    await expireLiveCharges(jobDeps(71_000));
    const asked = s.peer.requests.slice(before).filter((r) => r.path.includes(txid));
    assert.deepEqual(asked, [], "no PATCH or GET for a concluded cob");
    const expired = await statusView(data.chargeId);
    assert.equal(expired.statusCode, "expired");
    assert.equal(expired.amountReceived, 9.9);
  });
});

describe("a Pix for a txid no charge holds", () => {
  test("is recorded as an unmatched payment with a payment.unmatched event, once, from the notification or from reconciliation", async () => {
    const { endToEndId } = await s.peer.payForeignCob("foreigncob0000000000000000001", 4200);
    await until("payment.unmatched", () =>
      s.merchant.received.some((r) => r.json?.event === "payment.unmatched"),
    );
    s.peer.dropNotifications(true);
    const second = await s.peer.payForeignCob("foreigncob0000000000000000002", 777);
    s.peer.dropNotifications(false);
    await reconcileLivePix(jobDeps(), { intervalMs: 1000, attemptGraceMs: 3_600_000 });
    await reconcileLivePix(jobDeps(2000), { intervalMs: 1000, attemptGraceMs: 3_600_000 });
    await until(
      "two payment.unmatched",
      () => s.merchant.received.filter((r) => r.json?.event === "payment.unmatched").length === 2,
    );
    const events = s.merchant.received
      .filter((r) => r.json?.event === "payment.unmatched")
      .map((r) => r.json.data);
    assert.deepEqual(
      events.map((d) => [d.endToEndId, d.txid, d.value, d.source, d.livemode]),
      [
        [endToEndId, "foreigncob0000000000000000001", 42, "notification", true],
        [second.endToEndId, "foreigncob0000000000000000002", 7.77, "reconciliation", true],
      ],
    );
    const page = await s.svc.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM unmatched_payments WHERE account_id = $1",
      [s.account.accountId],
    );
    assert.equal(page[0]?.n, 2);
  });
});

describe("MED", () => {
  test("a devolução of nature MED_FRAUDE reaches the merchant as charge.disputed with its reason; the charge stays approved", async () => {
    const data = (await s.create()).json().data;
    seen.disputed = data.chargeId;
    const { endToEndId } = await s.peer.pay(cobOf(s.peer, data.brCode).txid);
    await s.waitStatus(data.chargeId, "approved", 5000);
    await s.peer.med(endToEndId, { natureza: "MED_FRAUDE", motivo: "Golpe relatado pelo pagador" });
    await until("charge.disputed", () =>
      s.merchant.received.some((r) => r.json?.event === "charge.disputed"),
    );
    const body = s.merchant.received.find((r) => r.json?.event === "charge.disputed")?.json;
    assert.equal(body.data.chargeId, data.chargeId);
    assert.equal(body.data.statusCode, "approved");
    assert.equal(body.data.dispute.nature, "MED_FRAUDE");
    assert.equal(body.data.dispute.status, "DEVOLVIDO");
    assert.equal(body.data.dispute.reason, "Golpe relatado pelo pagador");
    assert.equal(body.data.dispute.value, 12.34);
    assert.equal(await s.status(data.chargeId), "approved");
  });
});

describe("a notification during a database outage", () => {
  test("is answered 5xx (not swallowed), counted, and the charge is approved when the PSP sends it again", async () => {
    const data = (await s.create()).json().data;
    const txid = cobOf(s.peer, data.brCode).txid;
    const db = s.svc.deps.db as { transaction: (...a: unknown[]) => unknown };
    const real = db.transaction;
    db.transaction = async () => {
      throw new Error("connection terminated unexpectedly");
    };
    let paid: { endToEndId: string; delivered: number[] };
    try {
      paid = await s.peer.pay(txid);
    } finally {
      db.transaction = real;
    }
    assert.equal(paid.delivered.length, 1);
    assert.ok((paid.delivered[0] ?? 0) >= 500, `answered ${paid.delivered[0]}`);
    assert.equal(await s.status(data.chargeId), "pending");
    const metrics = await (s.svc.deps.tally as Metrics).render();
    assert.match(metrics, /tostao_psp_notification_failures_total 1/);
    // The PSP's retry of the same notification.
    const retry = await s.peer.notify({ pix: [s.peer.pixReceived.get(paid.endToEndId)] });
    assert.deepEqual(retry, [200]);
    assert.equal(await s.status(data.chargeId), "approved");
  });
});

describe("a forged notification", () => {
  test("listing a known txid 500 times makes at most one GET /cob; listing many txids at most the cap", async () => {
    const data = (await s.create()).json().data;
    const cob = cobOf(s.peer, data.brCode);
    const item = {
      endToEndId: "E00000000202611261200abcdef0001",
      txid: cob.txid,
      valor: cob.valor.original,
      horario: new Date().toISOString(),
    };
    const before = cobCalls(cob.txid);
    const res = await s.peer.notify({ pix: Array.from({ length: 500 }, () => item) });
    assert.deepEqual(res, [200]);
    assert.equal(cobCalls(cob.txid) - before, 1);
    assert.equal(await s.status(data.chargeId), "pending", "a notification is not proof");

    const many = [];
    for (let i = 0; i < 12; i++) many.push((await s.create()).json().data);
    const txids = many.map((d) => cobOf(s.peer, d.brCode).txid);
    const all = s.peer.requests.filter((r) => r.method === "GET" && r.path.includes("/cob/"));
    const res2 = await s.peer.notify({
      pix: txids.flatMap((t) => Array.from({ length: 40 }, () => ({ ...item, txid: t }))),
    });
    assert.deepEqual(res2, [200]);
    const after = s.peer.requests.filter((r) => r.method === "GET" && r.path.includes("/cob/"));
    assert.ok(after.length - all.length <= 10, `${after.length - all.length} GET /cob`);
  });
});

describe("the dashboard", () => {
  test("shows an underpaid charge's amounts, a MED dispute with its reason, and the unmatched payments", async () => {
    await addUser(s.svc, s.account.accountId, "money@example.com");
    const session = await signInInject(s.svc, "money@example.com");
    const mode = await postForm(s.svc, session, "/dashboard/mode", {
      _csrf: session.csrf,
      mode: "live",
      return: "/dashboard",
    });
    assert.equal(mode.statusCode, 303, mode.body);
    const underpaid = await getPage(s.svc, session, `/dashboard/charges/${seen.underpaid}`);
    assert.equal(underpaid.statusCode, 200);
    assert.match(underpaid.body, /Pago a menos/);
    assert.match(underpaid.body, /9,90/);
    const disputed = await getPage(s.svc, session, `/dashboard/charges/${seen.disputed}`);
    assert.match(disputed.body, /MED_FRAUDE/);
    assert.match(disputed.body, /Golpe relatado pelo pagador/);
    const list = await getPage(s.svc, session, "/dashboard/unmatched-payments");
    assert.equal(list.statusCode, 200);
    assert.match(list.body, /foreigncob0000000000000000001/);
    assert.match(list.body, /foreigncob0000000000000000002/);
  });
});
