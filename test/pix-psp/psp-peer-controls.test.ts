import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, afterEach, before, describe, test } from "node:test";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { parsePspNotification } from "../../src/pix-psp/notification.ts";
import { PspError } from "../../src/pix-psp/psp-error.ts";
import type { BacenPixClient } from "../../src/pix-psp/types.ts";
import {
  makeTestPki,
  type PspPeer,
  startPspPeer,
  type TestPki,
} from "../helpers/psp-peer/index.ts";

/**
 * The peer's controls the live PIX domain tests lean on: refunds settling later with a
 * notification, dropped and forged notifications, the 2.1.x REMOVIDO_* spelling.
 */
let pki: TestPki;
let receiver: Server;
let hookUrl: string;
const received: unknown[] = [];
before(async () => {
  pki = makeTestPki();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
after(() => new Promise<void>((r) => receiver.close(() => r())));

let peer: PspPeer;
let client: BacenPixClient;
const txid = "controlstest00000000000000001";
afterEach(async () => {
  await client.close();
  await peer.close();
});

async function paidCob() {
  peer = await startPspPeer({ pki });
  client = makeBacenPixClient(peer.credentials(), { timeoutMs: 500, retries: 1 });
  await client.putWebhook(peer.pixKey, hookUrl);
  await client.putCob({ txid, amountCents: 2000, expiresInSec: 60, chave: peer.pixKey });
  received.length = 0;
  const { endToEndId } = await peer.pay(txid);
  received.length = 0;
  return endToEndId;
}

describe("PSP peer controls", () => {
  test("a refund left EM_PROCESSAMENTO settles later and the PSP notifies it", async () => {
    const e2e = await paidCob();
    peer.setRefundOutcome("EM_PROCESSAMENTO");
    const d = await client.putDevolucao(e2e, "r1", 500);
    assert.equal(d.status, "EM_PROCESSAMENTO");
    await peer.settled();
    assert.equal(received.length, 0, "no notification before a final status");
    await peer.settleRefund(e2e, "r1", "DEVOLVIDO");
    assert.equal(received.length, 1);
    const note = parsePspNotification(received[0]);
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
    assert.equal(received.length, 1);
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
    peer = await startPspPeer({ pki });
    client = makeBacenPixClient(peer.credentials(), { timeoutMs: 500, retries: 1 });
    await client.putWebhook(peer.pixKey, hookUrl);
    await client.putCob({ txid, amountCents: 2000, expiresInSec: 60, chave: peer.pixKey });
    peer.dropNotifications(true);
    received.length = 0;
    const { delivered } = await peer.pay(txid);
    assert.deepEqual(delivered, []);
    assert.equal(received.length, 0);
    assert.equal((await client.getCob(txid)).status, "CONCLUIDA");
  });

  test("notify sends a forged body as is", async () => {
    peer = await startPspPeer({ pki });
    client = makeBacenPixClient(peer.credentials(), { timeoutMs: 500, retries: 1 });
    await client.putWebhook(peer.pixKey, hookUrl);
    received.length = 0;
    const forged = { pix: [{ endToEndId: "E0000", txid, valor: "999.00", horario: "x" }] };
    assert.deepEqual(await peer.notify(forged), [200]);
    assert.deepEqual(received, [forged]);
    assert.deepEqual(await peer.notify(forged, { url: `${hookUrl}/unknown/pix` }), [200]);
    assert.equal(received.length, 2);
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
