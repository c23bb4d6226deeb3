import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { fingerprintBody } from "./request-identity.ts";

// Stored Idempotency-Keys keep the fingerprint of their first request for 24 h, across restarts
// and upgrades, so its text must never change: a different digest for the same body would turn
// a legitimate retry into a 422.

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

test("the fingerprint is the SHA-256 of the body's canonical JSON: keys sorted, no whitespace", () => {
  const body = { value: 129.9, title: "Camiseta", address: { zip: "01310100", city: "São Paulo" } };
  assert.equal(
    fingerprintBody(body),
    sha('{"address":{"city":"São Paulo","zip":"01310100"},"title":"Camiseta","value":129.9}'),
  );
});

test("key order and undefined members do not change the fingerprint; values do", () => {
  const a = fingerprintBody({ b: [1, { y: 2, x: null }], a: "1" });
  assert.equal(a, fingerprintBody({ a: "1", b: [1, { x: null, y: 2 }], c: undefined }));
  assert.equal(a, sha('{"a":"1","b":[1,{"x":null,"y":2}]}'));
  assert.notEqual(a, fingerprintBody({ a: 1, b: [1, { x: null, y: 2 }] }));
  assert.notEqual(a, fingerprintBody({ a: "1", b: [{ x: null, y: 2 }, 1] }));
});

test("keys sort by UTF-16 code units, and a body that is not an object still has a fingerprint", () => {
  assert.equal(fingerprintBody({ b: 1, B: 2, á: 3 }), sha('{"B":2,"b":1,"á":3}'));
  assert.equal(fingerprintBody(undefined), sha("null"));
  assert.equal(fingerprintBody([undefined]), sha("[null]"));
});
