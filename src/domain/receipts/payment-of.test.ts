import assert from "node:assert/strict";
import { test } from "node:test";
import type { ChargeRow } from "../../db/queries/charges.ts";
import { paymentFrom } from "./payment-of.ts";

const paidAt = new Date("2026-12-02T15:04:05Z");
const row = (over: Partial<ChargeRow>): ChargeRow =>
  ({
    id: "pix_1",
    accountId: "acc_1",
    mode: "live",
    method: "pix",
    status: "approved",
    valueCents: 1050,
    approvedAt: paidAt,
    updatedAt: new Date("2026-12-03T00:00:00Z"),
    paidMethod: null,
    amountPaidCents: null,
    ...over,
  }) as ChargeRow;
const none = { e2eid: null, paymentHash: null, txid: null };
const E2E = "E12345678202612021504abcdefghijk";

test("a live PIX payment is named by its end-to-end id, a placeholder never", () => {
  assert.deepEqual(paymentFrom(row({}), { ...none, e2eid: E2E }), {
    kind: "pix_e2eid",
    id: E2E,
    paidAt,
    amountCents: 1050,
  });
  // A cob concluded before its e2eid was learnt holds cob:<account>:<txid>: the charge id stands in.
  assert.deepEqual(paymentFrom(row({}), { ...none, e2eid: "cob:acc_1:tx1" }).kind, "charge_id");
  assert.deepEqual(paymentFrom(row({ mode: "test" }), none), {
    kind: "charge_id",
    id: "pix_1",
    paidAt,
    amountCents: 1050,
  });
});

test("a due-date bill's receipt shows what was paid that day, not the face value", () => {
  const p = paymentFrom(row({ amountPaidCents: 1133 }), { ...none, e2eid: E2E });
  assert.equal(p.amountCents, 1133);
});

test("a Bitcoin payment is named by its Lightning payment hash or its transaction", () => {
  const btc = { id: "BTC-1", method: "crypto" as const, valueCents: 10000 };
  const refs = { e2eid: null, paymentHash: "ab".repeat(32), txid: "cd".repeat(32) };
  const ln = paymentFrom(row({ ...btc, paidMethod: "lightning" }), refs);
  assert.deepEqual(ln, {
    kind: "lightning_payment_hash",
    id: "ab".repeat(32),
    paidAt,
    amountCents: 10000,
  });
  // Paid on-chain, though the charge also had an invoice: the transaction, not the hash.
  assert.deepEqual(paymentFrom(row({ ...btc, paidMethod: "onchain" }), refs).kind, "bitcoin_txid");
  assert.deepEqual(paymentFrom(row({ ...btc, paidMethod: null }), refs).id, "cd".repeat(32));
  // No transaction recorded (an address only this charge held): the charge id.
  const bare = paymentFrom(row({ ...btc, paidMethod: null }), { ...refs, txid: null });
  assert.deepEqual([bare.kind, bare.id], ["charge_id", "BTC-1"]);
});
