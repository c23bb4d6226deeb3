import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { manualClock } from "../../../src/kernel/clock.ts";
import { startReceiver } from "../../../test/helpers/receiver.ts";
import { startTestService, type TestService } from "../../../test/helpers/service.ts";
import {
  createClient,
  TostaoError,
  verifyWebhook,
  WebhookVerificationError,
} from "../src/index.ts";

// @tostao/client against the real service listening on a local port: every call goes over
// HTTP through fetch, as in a user's program.

let svc: TestService;
let baseUrl: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  svc = await startTestService({
    lookup: async () => [{ address: "127.0.0.1", family: 4 }],
    env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_WORKERS: "false" },
  });
  await svc.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(svc.app.server.address() as AddressInfo).port}`;
  receiver = await startReceiver();
});
after(async () => {
  await svc.close();
  await receiver.close();
});

describe("@tostao/client", () => {
  test("creates, reads, lists, simulates, cancels and refunds charges; typed errors", async () => {
    const { test: token } = await svc.newAccount();
    const client = createClient({ baseUrl, token });
    const created = await client.createPixCharge({ value: 10.5, title: "Camiseta" });
    assert.match(created.chargeId, /^pix_/);
    assert.equal(created.statusCode, "pending");
    const status = await client.getPixChargeStatus({ charge_id: created.chargeId });
    assert.equal(status.chargeId, created.chargeId);
    const list = await client.listPixCharges({ limit: 5 });
    assert.ok(list.charges.some((c) => c.chargeId === created.chargeId));
    const paid = await client.simulatePayment({ charge_id: created.chargeId });
    assert.equal(paid.statusCode, "approved");
    const refunded = await client.refundCharge({ charge_id: created.chargeId });
    assert.equal(refunded.statusCode, "refunded");
    const other = await client.createPixCharge({ value: 1, title: "Caneca" });
    assert.equal((await client.cancelCharge({ charge_id: other.chargeId })).statusCode, "canceled");

    const missing = await client.getPixChargeStatus({ charge_id: "pix_nope" }).catch((e) => e);
    assert.ok(missing instanceof TostaoError);
    assert.equal(missing.status, 404);
    assert.equal(missing.code, "NOT_FOUND");
    assert.match(missing.message, /^charge_id: /);
    const bad = await client.createPixCharge({ value: -1, title: "x" }).catch((e) => e);
    assert.ok(bad instanceof TostaoError);
    assert.equal(bad.code, "UNPROCESSABLE");
    const anon = await createClient({ baseUrl })
      .listPixCharges()
      .catch((e) => e);
    assert.equal(anon.code, "UNAUTHENTICATED");
  });

  test("manages tokens and webhooks, and verifies a real delivery's signatures (both schemes)", async () => {
    const a = await svc.newAccount();
    const live = createClient({ baseUrl, token: a.live });
    const made = await live.createApiToken({ label: "ci", mode: "test" });
    assert.match(made.token, /^svc_test_/);
    assert.ok((await live.listApiTokens()).tokens.some((t) => t.id === made.id));
    assert.ok((await live.revokeApiToken({ id: made.id })).revokedAt);

    const client = createClient({ baseUrl, token: a.test });
    const hook = await client.createWebhook({ url: receiver.url, events: ["*"] });
    assert.match(hook.secret, /^whsec_/);
    assert.ok((await client.listWebhooks()).webhooks.some((w) => w.id === hook.id));
    const sent = await client.sendWebhookTest({ id: hook.id });
    const start = receiver.received.length;
    await svc.worker.runOnce();
    const delivery = receiver.received.slice(start).find((r) => r.json?.id === sent.eventId);
    assert.ok(delivery, "the test event was delivered");
    const event = await verifyWebhook(delivery.body, delivery.headers as never, hook.secret);
    assert.equal(event.event, "webhook.test");
    assert.equal(event.id, sent.eventId);
    // The older scheme alone, then a one-byte change under each.
    const { "webhook-signature": _s, ...serviceOnly } = delivery.headers;
    assert.equal(
      (await verifyWebhook(delivery.body, serviceOnly as never, hook.secret)).id,
      sent.eventId,
    );
    const tampered = delivery.body.replace("webhook.test", "webhook.tesT");
    for (const headers of [delivery.headers, serviceOnly]) {
      await assert.rejects(
        verifyWebhook(tampered, headers as never, hook.secret),
        WebhookVerificationError,
      );
    }
    const deliveries = await client.listWebhookDeliveries({ webhook_id: hook.id });
    assert.ok(deliveries.deliveries.some((d) => d.eventId === sent.eventId));
    assert.equal((await client.deleteWebhook({ id: hook.id })).deleted, true);
  });

  test("a create retried after a lost answer, with the automatic key, makes one charge", async () => {
    const { test: token } = await svc.newAccount();
    let calls = 0;
    const keys: string[] = [];
    // The first answer is lost after the service has made the charge.
    const flaky: typeof fetch = async (url, init) => {
      calls++;
      keys.push(new Headers(init?.headers).get("idempotency-key") ?? "");
      const res = await fetch(url, init);
      if (calls === 1) throw new TypeError("fetch failed: connection reset");
      return res;
    };
    const client = createClient({ baseUrl, token, fetch: flaky, backoffMs: 1 });
    const charge = await client.createPixCharge({ value: 3, title: "Uma vez" });
    assert.equal(calls, 2);
    assert.equal(keys[0], keys[1], "the retry sent the same key");
    const plain = createClient({ baseUrl, token });
    const all = (await plain.listPixCharges()).charges.filter((c) => c.title === "Uma vez");
    assert.deepEqual(
      all.map((c) => c.chargeId),
      [charge.chargeId],
    );
    // A key given by the caller is used as is.
    const first = await plain.createPixCharge({ value: 4, title: "k" }, { idempotencyKey: "o-1" });
    const again = await plain.createPixCharge({ value: 4, title: "k" }, { idempotencyKey: "o-1" });
    assert.equal(again.chargeId, first.chargeId);
  });

  test("a 429 is retried after its Retry-After", async () => {
    // The service's clock stands still, so the second call falls in the first one's second
    // however slow a loaded machine is, and moves on a second when the 429 is answered, as the
    // real wall clock does while the client waits out Retry-After.
    const clock = manualClock(new Date("2026-11-22T10:00:00.000Z"));
    const limited = await startTestService({ clock, env: { TOSTAO_RATE_LIMIT_TEST: "1" } });
    try {
      await limited.app.listen({ port: 0, host: "127.0.0.1" });
      const url = `http://127.0.0.1:${(limited.app.server.address() as AddressInfo).port}`;
      const { test: token } = await limited.newAccount();
      const statuses: number[] = [];
      const watch: typeof fetch = async (u, init) => {
        const res = await fetch(u, init);
        statuses.push(res.status);
        if (res.status === 429) clock.advance(1000);
        return res;
      };
      const client = createClient({ baseUrl: url, token, fetch: watch });
      const started = Date.now();
      await client.listPixCharges();
      await client.listPixCharges();
      assert.deepEqual(statuses, [200, 429, 200]);
      assert.ok(Date.now() - started >= 500, "it waited for Retry-After");
      const none = createClient({ baseUrl: url, token, maxRetries: 0 });
      const err = await none.listPixCharges().catch((e) => e);
      assert.equal(err.code, "RATE_LIMITED");
      assert.ok(err.details.retryAfterSec >= 0);
    } finally {
      await limited.close();
    }
  });

  test("non-JSON operations: the QR image as bytes, the guide as text", async () => {
    const client = createClient({ baseUrl });
    const guide = await client.getIntegrationGuide();
    assert.match(guide, /^# /);
    const doc = (await client.getOpenApiDocument()) as { openapi?: string };
    assert.equal(doc.openapi, "3.1.0");
    assert.equal((await client.getHealth()).status, "ok");
  });
});
