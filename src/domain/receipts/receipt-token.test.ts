import assert from "node:assert/strict";
import { test } from "node:test";
import {
  chargeIdOfReceiptToken,
  receiptField,
  receiptKeyFrom,
  receiptToken,
  receiptUrl,
} from "./receipt-token.ts";

const key = receiptKeyFrom(Buffer.alloc(32, 7));
const ID = "pix_01m80hragyvvr5w8d0jjq7d53g";

test("a receipt token names its charge, and only under the key it was made with", () => {
  const token = receiptToken(key, ID);
  assert.match(token, /^pix_01m80hragyvvr5w8d0jjq7d53g\.[\w-]{22}$/);
  assert.equal(chargeIdOfReceiptToken(key, token), ID);
  // The key is the service key's HKDF, not the key itself, and another secret key gives another.
  assert.notDeepEqual(key, Buffer.alloc(32, 7));
  assert.equal(chargeIdOfReceiptToken(receiptKeyFrom(Buffer.alloc(32, 8)), token), undefined);
  assert.equal(receiptUrl("https://pay.example", key, ID), `https://pay.example/receipt/${token}`);
});

test("an altered, truncated, borrowed or malformed token names no charge", () => {
  const token = receiptToken(key, ID);
  const mac = token.slice(ID.length + 1);
  // Each character of the MAC changed in turn (the last only where it changes the bits).
  for (let i = 0; i < mac.length; i++) {
    const swapped = mac[i] === "A" ? "B" : "A";
    const altered = `${ID}.${mac.slice(0, i)}${swapped}${mac.slice(i + 1)}`;
    assert.equal(chargeIdOfReceiptToken(key, altered), undefined, `MAC character ${i}`);
  }
  // The charge id changed, keeping the MAC.
  assert.equal(chargeIdOfReceiptToken(key, `pix_01m80hragyvvr5w8d0jjq7d53h.${mac}`), undefined);
  // Another charge's MAC on this id.
  const other = receiptToken(key, "pix_01m80hragyvvr5w8d0jjq7d53h").split(".")[1];
  assert.equal(chargeIdOfReceiptToken(key, `${ID}.${other}`), undefined);
  for (const bad of [
    token.slice(0, -1),
    `${token}A`,
    ID,
    `${ID}.`,
    `.${mac}`,
    `${ID}.${mac.slice(0, 21)}=`,
    `../${ID}.${mac}`,
    "",
  ]) {
    assert.equal(chargeIdOfReceiptToken(key, bad), undefined, JSON.stringify(bad));
  }
});

test("receiptUrl is in a charge's view once it is paid, refunded after payment too, never before", () => {
  const at = new Date("2026-12-02T15:00:00Z");
  const base = "http://localhost:3000";
  assert.deepEqual(receiptField({ id: ID, status: "pending", approvedAt: null }, base, key), {});
  assert.deepEqual(receiptField({ id: ID, status: "expired", approvedAt: null }, base, key), {});
  assert.deepEqual(
    receiptField({ id: ID, status: "approved", approvedAt: at }, base, key).receiptUrl,
    receiptUrl(base, key, ID),
  );
  assert.ok(receiptField({ id: ID, status: "refunded", approvedAt: at }, base, key).receiptUrl);
  // A charge refunded without ever being approved (no such path today) has no receipt.
  assert.deepEqual(receiptField({ id: ID, status: "refunded", approvedAt: null }, base, key), {});
});
