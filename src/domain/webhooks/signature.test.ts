import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { generateWebhookSecret, signDelivery, verifySignature } from "./signature.ts";

const secret = generateWebhookSecret(randomBytes);
const now = Math.floor(Date.now() / 1000);
const body = JSON.stringify({ id: "evt_01J", event: "charge.approved", data: { value: 10.5 } });
const signed = (b: string | Uint8Array = body, timestamp = now) =>
  signDelivery({ secret, eventId: "evt_01J", timestamp, body: b });

function only(headers: Record<string, string>, ...names: string[]) {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => names.includes(k)));
}
const standardOnly = (h: Record<string, string>) =>
  only(h, "webhook-id", "webhook-timestamp", "webhook-signature");
const serviceOnly = (h: Record<string, string>) => only(h, "X-Service-Signature");

describe("signDelivery / verifySignature", () => {
  test("generated secrets are whsec_ + base64 of 32 random bytes", () => {
    const s = generateWebhookSecret(() => Buffer.alloc(32, 7));
    assert.equal(s, `whsec_${Buffer.alloc(32, 7).toString("base64")}`);
    assert.equal(Buffer.from(secret.slice(6), "base64").length, 32);
  });

  test("reproduces the Standard Webhooks specification's published test vector", () => {
    const h = signDelivery({
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      eventId: "msg_p5jXN8AQM9LWM0D4loKWxJek",
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
    });
    assert.equal(h["webhook-signature"], "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    assert.equal(h["webhook-timestamp"], "1614265330");
    assert.equal(h["X-Service-Timestamp"], "1614265330");
  });

  test("sign then verify succeeds with each scheme on its own and with both", () => {
    const h = signed();
    assert.deepEqual(verifySignature({ secret, body, headers: h }), {
      ok: true,
      scheme: "standard",
    });
    const standard = verifySignature({ secret, body, headers: standardOnly(h), now });
    assert.deepEqual(standard, { ok: true, scheme: "standard" });
    const service = verifySignature({ secret, body: Buffer.from(body), headers: serviceOnly(h) });
    assert.deepEqual(service, { ok: true, scheme: "service" });
  });

  test("header names are matched case-insensitively and array values are accepted", () => {
    const h = signed();
    const shouty = Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toUpperCase(), [v]]));
    assert.equal(verifySignature({ secret, body, headers: shouty }).ok, true);
  });

  test("a signature list from a secret rotation verifies when any v1 entry matches", () => {
    const other = generateWebhookSecret(randomBytes);
    const old = signDelivery({ secret: other, eventId: "evt_01J", timestamp: now, body });
    const h = { ...standardOnly(signed()) };
    h["webhook-signature"] = `${old["webhook-signature"]} v1a,xyz ${h["webhook-signature"]}`;
    assert.equal(verifySignature({ secret, body, headers: h }).ok, true);
  });

  test("the standardwebhooks library verifies our webhook-* headers (either secret form)", () => {
    const h = standardOnly(signed());
    assert.deepEqual(new Webhook(secret).verify(body, h), JSON.parse(body));
    assert.deepEqual(new Webhook(secret.slice("whsec_".length)).verify(body, h), JSON.parse(body));
  });

  test("a stale or far-future timestamp is refused, by us and by the library", () => {
    const stale = standardOnly(signed(body, now - 301));
    assert.deepEqual(verifySignature({ secret, body, headers: stale, now }), {
      ok: false,
      reason: "timestamp outside tolerance of 300 s",
    });
    assert.throws(() => new Webhook(secret).verify(body, stale), /too old/);
    const future = standardOnly(signed(body, now + 301));
    assert.equal(verifySignature({ secret, body, headers: future, now }).ok, false);
    // A wider tolerance is the receiver's choice.
    assert.equal(
      verifySignature({ secret, body, headers: stale, now, toleranceSec: 600 }).ok,
      true,
    );
  });

  test("a replay with a stale timestamp cannot fall back to the timestamp-less scheme", () => {
    const stale = signed(body, now - 3600);
    assert.equal(verifySignature({ secret, body, headers: stale, now }).ok, false);
  });

  test("changing any one byte of the body breaks both schemes (property)", () => {
    const h = signed(Buffer.from(body));
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (raw, at, xor) => {
          const original = Buffer.from(raw);
          const headers = signDelivery({
            secret,
            eventId: "evt_p",
            timestamp: now,
            body: original,
          });
          const tampered = Buffer.from(original);
          const i = at % tampered.length;
          tampered[i] = (tampered[i] ?? 0) ^ xor;
          const std = verifySignature({
            secret,
            body: tampered,
            headers: standardOnly(headers),
            now,
          });
          const svc = verifySignature({
            secret,
            body: tampered,
            headers: serviceOnly(headers),
            now,
          });
          assert.equal(std.ok, false);
          assert.equal(svc.ok, false);
          assert.equal(verifySignature({ secret, body: original, headers, now }).ok, true);
        },
      ),
      { numRuns: 500 },
    );
    assert.equal(verifySignature({ secret, body: `${body} `, headers: h }).ok, false);
  });

  test("diagnostic reasons say what is wrong", () => {
    const h = signed();
    const reason = (r: ReturnType<typeof verifySignature>) => (r.ok ? "ok" : r.reason);
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    assert.equal(
      reason(verifySignature({ secret, body: reserialised, headers: h })),
      "signature mismatch: verify the raw request body, not a re-serialised JSON",
    );
    assert.match(
      reason(verifySignature({ secret, body: reserialised, headers: serviceOnly(h) })),
      /^signature mismatch: verify the raw request body/,
    );
    assert.match(reason(verifySignature({ secret, body, headers: {} })), /^no signature header/);
    assert.equal(
      reason(verifySignature({ secret: secret.slice(6), body, headers: h })),
      "secret must start with whsec_",
    );
    assert.match(
      reason(verifySignature({ secret, body, headers: { "X-Service-Signature": "md5=1" } })),
      /sha256=/,
    );
    const wrongSecret = generateWebhookSecret(randomBytes);
    assert.match(
      reason(verifySignature({ secret: wrongSecret, body, headers: h })),
      /^signature mismatch/,
    );
  });

  test("signDelivery rejects ids that would make the signed content ambiguous", () => {
    assert.throws(
      () => signDelivery({ secret, eventId: "evt.1", timestamp: now, body }),
      TypeError,
    );
    assert.throws(() => signDelivery({ secret, eventId: "e", timestamp: 1.5, body }), RangeError);
    assert.throws(
      () => signDelivery({ secret: "nope", eventId: "e", timestamp: now, body }),
      TypeError,
    );
  });

  test("python3's hmac computes the same X-Service-Signature hex for the same body and secret", () => {
    const unicodeBody = JSON.stringify({ id: "evt_2", data: { customer_name: "José Ação ✓" } });
    const py =
      "import hmac,hashlib,sys;" +
      "print(hmac.new(sys.argv[1].encode(), sys.stdin.buffer.read(), hashlib.sha256).hexdigest())";
    const hex = execFileSync("python3", ["-c", py, secret], { input: Buffer.from(unicodeBody) })
      .toString()
      .trim();
    const ours = signDelivery({ secret, eventId: "evt_2", timestamp: now, body: unicodeBody });
    assert.equal(ours["X-Service-Signature"], `sha256=${hex}`);
  });
});
