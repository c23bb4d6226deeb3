import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { expireLiveCharges } from "../../src/domain/live-pix/live-expire.ts";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { cobOf, useLiveSetup } from "../helpers/live-pix.ts";

const s = useLiveSetup({ profile: "efi" });

async function paidCharge() {
  const data = (await s.create()).json().data;
  const cob = cobOf(s.peer, data.brCode);
  const { endToEndId } = await s.peer.pay(cob.txid);
  await s.waitStatus(data.chargeId, "approved");
  return { chargeId: data.chargeId as string, e2eid: endToEndId };
}

const refund = (chargeId: string) =>
  s.svc.call("POST", "/api/pix/charge/refund", {
    token: s.account.live,
    body: { charge_id: chargeId },
  });

describe("cancel and expiry of live charges", () => {
  test("cancel removes the cob at the PSP first, then the charge is canceled", async () => {
    const data = (await s.create()).json().data;
    const cob = cobOf(s.peer, data.brCode);
    const res = await s.svc.call("POST", "/api/pix/charge/cancel", {
      token: s.account.live,
      body: { charge_id: data.chargeId },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.statusCode, "canceled");
    assert.equal(s.peer.cobs.get(cob.txid)?.status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    s.peer.assertNoViolations();
  });

  test("cancel with the PSP down is 502 and the charge stays pending", async () => {
    const data = (await s.create()).json().data;
    s.peer.failNext("PATCH /cob/", 503, 2);
    const res = await s.svc.call("POST", "/api/pix/charge/cancel", {
      token: s.account.live,
      body: { charge_id: data.chargeId },
    });
    assert.equal(res.statusCode, 502, res.body);
    assert.equal(await s.status(data.chargeId), "pending");
  });

  test("cancel of a charge already paid at the PSP learns the payment at once and answers the approved charge", async () => {
    s.peer.dropNotifications(true);
    const data = (await s.create()).json().data;
    await s.peer.pay(cobOf(s.peer, data.brCode).txid);
    s.peer.dropNotifications(false);
    const res = await s.svc.call("POST", "/api/pix/charge/cancel", {
      token: s.account.live,
      body: { charge_id: data.chargeId },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.statusCode, "approved");
    assert.equal(await s.status(data.chargeId), "approved");
    const approved = (await s.eventsOf(data.chargeId)).filter((e) => e.event === "charge.approved");
    assert.equal(approved.length, 1);
  });

  test("expiry removes the cob at the PSP before the charge expires; a paid cob approves instead; a PSP down leaves it pending", async () => {
    const expiring = (await s.create({ expires_in: 60 })).json().data;
    const paid = (await s.create({ expires_in: 60 })).json().data;
    const stuck = (await s.create({ expires_in: 60 })).json().data;
    s.peer.dropNotifications(true);
    await s.peer.pay(cobOf(s.peer, paid.brCode).txid);
    s.peer.dropNotifications(false);
    // Reads do not expire a live charge whose cob may still be payable.
    const later = { now: () => new Date(Date.now() + 61_000) };
    const deps = { ...s.svc.deps, clock: later, pspClients: s.svc.deps.pspClients, warn() {} };
    s.peer.failNext(`PATCH /cob/${cobOf(s.peer, stuck.brCode).txid}`, 503, 2);
    await expireLiveCharges(deps);
    assert.equal(await s.status(expiring.chargeId), "expired");
    assert.equal(
      s.peer.cobs.get(cobOf(s.peer, expiring.brCode).txid)?.status,
      "REMOVIDA_PELO_USUARIO_RECEBEDOR",
    );
    assert.equal(await s.status(paid.chargeId), "approved");
    assert.equal(await s.status(stuck.chargeId), "pending");
    // The failed removal is tried again after a back-off, not on the very next pass.
    const patches = () => s.peer.requests.filter((r) => r.method === "PATCH").length;
    const before = patches();
    await expireLiveCharges(deps);
    assert.equal(patches(), before, "not asked again before its back-off");
    assert.equal(await s.status(stuck.chargeId), "pending");
    const later2 = { now: () => new Date(Date.now() + 61_000 + 6_000) };
    await expireLiveCharges({ ...deps, clock: later2 });
    assert.equal(await s.status(stuck.chargeId), "expired");
  });
});

describe("refunds of live charges", () => {
  test("a refund is one devolução even when the first answer was lost and the call retried, and charge.refund fires on DEVOLVIDO", async () => {
    const { chargeId, e2eid } = await paidCharge();
    s.peer.failNext("PUT /pix/", "lost-response", 2);
    const first = await refund(chargeId);
    assert.equal(first.statusCode, 502, first.body);
    const again = await refund(chargeId);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().data.statusCode, "refunded");
    assert.equal(s.peer.pixReceived.get(e2eid)?.devolucoes.length, 1);
    const third = await refund(chargeId);
    assert.equal(third.json().data.statusCode, "refunded");
    assert.equal(s.peer.pixReceived.get(e2eid)?.devolucoes.length, 1);
    const refunds = (await s.eventsOf(chargeId)).filter((e) => e.event === "charge.refund");
    assert.equal(refunds.length, 1);
    s.peer.assertNoViolations();
  });

  test("NAO_REALIZADO keeps the charge approved with a charge.updated event carrying the PSP's reason", async () => {
    const { chargeId } = await paidCharge();
    s.peer.setRefundOutcome("NAO_REALIZADO");
    try {
      const res = await refund(chargeId);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.statusCode, "approved");
      const updated = (await s.eventsOf(chargeId)).filter((e) => e.event === "charge.updated");
      assert.equal(updated.length, 1);
      assert.equal(updated[0]?.data.refund.status, "failed");
      assert.match(updated[0]?.data.refund.reason, /Negado/);
    } finally {
      s.peer.setRefundOutcome("DEVOLVIDO");
    }
  });

  test("a refund EM_PROCESSAMENTO answers the charge still approved; the PSP's notification of DEVOLVIDO (confirmed by GET) refunds it", async () => {
    const { chargeId, e2eid } = await paidCharge();
    s.peer.setRefundOutcome("EM_PROCESSAMENTO");
    try {
      const res = await refund(chargeId);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.statusCode, "approved");
      const dev = s.peer.pixReceived.get(e2eid)?.devolucoes[0];
      assert.ok(dev);
      await s.peer.settleRefund(e2eid, dev.id, "DEVOLVIDO");
      await s.waitStatus(chargeId, "refunded");
    } finally {
      s.peer.setRefundOutcome("DEVOLVIDO");
    }
  });

  test("a devolução made elsewhere (another id, part of the amount) neither refunds the charge nor replaces its refund", async () => {
    const { chargeId, e2eid } = await paidCharge();
    // The merchant refunds R$ 1,00 in the PSP's portal; the PSP notifies it with the payment.
    const portal = makeBacenPixClient(s.peer.credentials(), { retries: 0 });
    s.peer.setRefundOutcome("EM_PROCESSAMENTO");
    try {
      await portal.putDevolucao(e2eid, "portal1", 100, "Devolução parcial");
      await s.peer.settleRefund(e2eid, "portal1", "DEVOLVIDO");
      await s.peer.settled();
    } finally {
      s.peer.setRefundOutcome("DEVOLVIDO");
      await portal.close();
    }
    const status = await s.svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
      token: s.account.live,
    });
    assert.equal(status.json().data.statusCode, "approved");
    assert.ok(!(await s.eventsOf(chargeId)).some((e) => e.event === "charge.refund"));
    // A full refund now would return more than was paid: the PSP refuses it, in its words.
    const res = await refund(chargeId);
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(s.peer.pixReceived.get(e2eid)?.devolucoes.length, 1);
  });
});
