import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parsePspNotification } from "../../src/pix-psp/notification.ts";
import { PspError } from "../../src/pix-psp/psp-error.ts";
import type { BacenPixClient } from "../../src/pix-psp/types.ts";
import { pspClientHarness } from "../helpers/psp-client-harness.ts";
import type { PspPeer } from "../helpers/psp-peer/index.ts";
import { useReceiver } from "../helpers/receiver.ts";

/**
 * The peer's controls the live PIX domain tests lean on: refunds settling later with a
 * notification, dropped and forged notifications, the 2.1.x REMOVIDO_* spelling.
 */
const psp = pspClientHarness({ timeoutMs: 500, retries: 1 });
const hooks = useReceiver();
let peer: PspPeer;
let client: BacenPixClient;
const txid = "controlstest00000000000000001";

async function paidCob() {
  ({ peer, client } = await psp.open());
  await client.putWebhook(peer.pixKey, hooks.r.url);
  await client.putCob({ txid, amountCents: 2000, expiresInSec: 60, chave: peer.pixKey });
  hooks.r.received.length = 0;
  const { endToEndId } = await peer.pay(txid);
  hooks.r.received.length = 0;
  return endToEndId;
}

describe("PSP peer controls", () => {
  test("a refund left EM_PROCESSAMENTO settles later and the PSP notifies it", async () => {
    const e2e = await paidCob();
    peer.setRefundOutcome("EM_PROCESSAMENTO");
    const d = await client.putDevolucao(e2e, "r1", 500);
    assert.equal(d.status, "EM_PROCESSAMENTO");
    await peer.settled();
    assert.equal(hooks.r.received.length, 0, "no notification before a final status");
    await peer.settleRefund(e2e, "r1", "DEVOLVIDO");
    assert.equal(hooks.r.received.length, 1);
    const note = parsePspNotification(hooks.r.received[0]?.json);
    assert.deepEqual(
      note.pix[0]?.devolucoes.map((x) => [x.id, x.status, x.amountCents]),
      [["r1", "DEVOLVIDO", 500]],
    );
    assert.equal((await client.getDevolucao(e2e, "r1")).status, "DEVOLVIDO");
  });

  test("NAO_REALIZADO is answered with its motivo and notified", async () => {
    const e2e = await paidCob();
    peer.setRefundOutcome("NAO_REALIZADO");
    const d = await client.putDevolucao(e2e, "r2", 2000);
    assert.equal(d.status, "NAO_REALIZADO");
    assert.equal(d.motivo, "Negado por timeout");
    await peer.settled();
    assert.equal(hooks.r.received.length, 1);
  });

  test("refunds never exceed the Pix", async () => {
    const e2e = await paidCob();
    await client.putDevolucao(e2e, "r3", 1500);
    await assert.rejects(
      client.putDevolucao(e2e, "r4", 501),
      (e) => e instanceof PspError && /excede/.test(e.reason),
    );
  });

  test("dropped notifications: the payment happens, nothing is posted", async () => {
    ({ peer, client } = await psp.open());
    await client.putWebhook(peer.pixKey, hooks.r.url);
    await client.putCob({ txid, amountCents: 2000, expiresInSec: 60, chave: peer.pixKey });
    peer.dropNotifications(true);
    hooks.r.received.length = 0;
    const { delivered } = await peer.pay(txid);
    assert.deepEqual(delivered, []);
    assert.equal(hooks.r.received.length, 0);
    assert.equal((await client.getCob(txid)).status, "CONCLUIDA");
  });

  test("notify sends a forged body as is", async () => {
    ({ peer, client } = await psp.open());
    await client.putWebhook(peer.pixKey, hooks.r.url);
    hooks.r.received.length = 0;
    const forged = { pix: [{ endToEndId: "E0000", txid, valor: "999.00", horario: "x" }] };
    assert.deepEqual(await peer.notify(forged), [200]);
    assert.deepEqual(
      hooks.r.received.map((r) => r.json),
      [forged],
    );
    assert.deepEqual(await peer.notify(forged, { url: `${hooks.r.url}/unknown/pix` }), [200]);
    assert.equal(hooks.r.received.length, 2);
    assert.deepEqual(await peer.notify(forged, { url: "http://127.0.0.1:1/nobody" }), [0]);
  });

  test("a paid cob cannot be removed; a removed one reads the same in either spelling", async () => {
    await paidCob();
    await assert.rejects(
      client.removeCob(txid),
      (e) => e instanceof PspError && e.kind === "rejected",
    );
    const other = "controlstest00000000000000002";
    peer.useLegacyRemovedSpelling(true);
    await client.putCob({ txid: other, amountCents: 100, expiresInSec: 60, chave: peer.pixKey });
    const removed = await client.removeCob(other);
    assert.equal(removed.rawStatus, "REMOVIDO_PELO_USUARIO_RECEBEDOR");
    assert.equal(removed.status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    // Removing again (a retry after a lost answer) is answered, not refused.
    assert.equal((await client.removeCob(other)).status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    peer.assertNoViolations();
  });
});
