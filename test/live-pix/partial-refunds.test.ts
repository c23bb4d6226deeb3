import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { reconcileLivePix } from "../../src/domain/live-pix/live-reconcile.ts";
import { cobOf, useLiveSetup } from "../helpers/live-pix.ts";

// Issue 38 part 1, live: one devolução per refund at the PSP (valid against the BACEN file, which
// the peer checks every request against), its status followed through the PSP's notification
// and GET, a refund over what is left refused before any PSP call.

const s = useLiveSetup({ profile: "efi" });

async function paidCharge(value = 100) {
  const data = (await s.create({ value })).json().data;
  const { endToEndId } = await s.peer.pay(cobOf(s.peer, data.brCode).txid);
  await s.waitStatus(data.chargeId, "approved");
  return { chargeId: data.chargeId as string, e2eid: endToEndId };
}

const refund = (chargeId: string, value?: number, reason?: string) =>
  s.svc.call("POST", "/api/pix/charge/refund", {
    token: s.account.live,
    body: {
      charge_id: chargeId,
      ...(value === undefined ? {} : { value }),
      ...(reason ? { reason } : {}),
    },
  });

const status = async (chargeId: string) =>
  (
    await s.svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
      token: s.account.live,
    })
  ).json().data;

const puts = () => s.peer.requests.filter((r) => r.method === "PUT" && /devolucao/.test(r.path));

describe("partial refunds of live charges", () => {
  test("two partial refunds make two valid devoluções of 20.00 and 30.00; 71 more is refused with no PSP call; settled, amountRefunded is 50 and the charge still approved", async () => {
    const { chargeId, e2eid } = await paidCharge(100);
    s.peer.setRefundOutcome("EM_PROCESSAMENTO");
    try {
      const a = await refund(chargeId, 20, "troca de tamanho");
      assert.equal(a.statusCode, 200, a.body);
      assert.equal(a.json().data.refunds[0].status, "in_progress");
      const b = await refund(chargeId, 30);
      assert.equal(b.statusCode, 200, b.body);
      const devs = s.peer.pixReceived.get(e2eid)?.devolucoes ?? [];
      assert.deepEqual(
        devs.map((d) => d.valor),
        ["20.00", "30.00"],
      );
      assert.equal(devs[0]?.descricao, "troca de tamanho");
      assert.notEqual(devs[0]?.id, devs[1]?.id);
      const before = puts().length;
      const over = await refund(chargeId, 71);
      assert.equal(over.statusCode, 422, over.body);
      assert.match(over.json().error, /^value: at most 50\.00 is left/);
      assert.equal(puts().length, before, "no PSP call for a refund over what is left");
      // The PSP settles both and notifies; each notification is confirmed by GET.
      for (const d of devs) await s.peer.settleRefund(e2eid, d.id, "DEVOLVIDO");
      await s.peer.settled();
      const data = await status(chargeId);
      assert.equal(data.amountRefunded, 50);
      assert.equal(data.statusCode, "approved");
      assert.deepEqual(
        data.refunds.map((r: { status: string }) => r.status),
        ["done", "done"],
      );
      const events = (await s.eventsOf(chargeId)).filter((e) => e.event === "charge.refund");
      assert.deepEqual(events.map((e) => e.data.refund.value).sort(), [20, 30]);
    } finally {
      s.peer.setRefundOutcome("DEVOLVIDO");
    }
    s.peer.assertNoViolations();
  });

  test("NAO_REALIZADO refuses the refund with the PSP's motivo and it no longer counts; what is left can be refunded again and then the charge is refunded", async () => {
    const { chargeId, e2eid } = await paidCharge(10);
    s.peer.setRefundOutcome("NAO_REALIZADO");
    try {
      const a = (await refund(chargeId, 4)).json().data;
      assert.equal(a.refunds[0].status, "refused");
      assert.match(a.refunds[0].refusal, /Negado/);
      assert.equal(a.amountRefunded, 0);
      const updated = (await s.eventsOf(chargeId)).filter((e) => e.event === "charge.updated");
      assert.equal(updated[0]?.data.refund.status, "failed");
      assert.equal(updated[0]?.data.refund.value, 4);
    } finally {
      s.peer.setRefundOutcome("DEVOLVIDO");
    }
    const b = (await refund(chargeId)).json().data;
    assert.equal(b.statusCode, "refunded");
    assert.equal(b.amountRefunded, 10);
    assert.deepEqual(
      s.peer.pixReceived.get(e2eid)?.devolucoes.map((d) => [d.valor, d.status]),
      [
        ["4.00", "NAO_REALIZADO"],
        ["10.00", "DEVOLVIDO"],
      ],
    );
    s.peer.assertNoViolations();
  });

  test("a refund whose PUT went unanswered stays in progress and reconciliation sends it again under the same id: one devolução", async () => {
    const { chargeId, e2eid } = await paidCharge(50);
    // The client's two attempts (one retry) both fail.
    s.peer.failNext("PUT /pix/", 503, 2);
    const res = await refund(chargeId, 15);
    assert.equal(res.statusCode, 502, res.body);
    assert.equal((await status(chargeId)).refunds[0].status, "in_progress");
    const deps = { ...s.svc.deps, pspClients: s.svc.deps.pspClients, warn() {} };
    await reconcileLivePix(deps, { intervalMs: 1, attemptGraceMs: 60_000 });
    const data = await status(chargeId);
    assert.equal(data.refunds[0].status, "done", JSON.stringify(data.refunds));
    assert.equal(s.peer.pixReceived.get(e2eid)?.devolucoes.length, 1);
    s.peer.assertNoViolations();
  });
});
