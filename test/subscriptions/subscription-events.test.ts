import assert from "node:assert/strict";
import { test } from "node:test";
import { Webhook } from "standardwebhooks";
import { useReceiver } from "../helpers/receiver.ts";
import { useFileService } from "../helpers/service.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// subscription.* events go out like charge events: signed (both schemes), through the delivery
// log, to webhooks subscribed to them or to *; and they are in the OpenAPI `webhooks` section and
// the manifest's event list.

const svc = useFileService({
  env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_WORKERS: "false" },
});
const receiver = useReceiver();

test("subscription events are delivered signed and logged, to webhooks that subscribe to them", async () => {
  const { test: token } = await svc.newAccount();
  const hook = await svc.call("POST", "/api/webhooks/create", {
    token,
    body: { url: receiver.r.url, events: ["subscription.approved", "subscription.canceled"] },
  });
  assert.equal(hook.statusCode, 200, hook.body);
  const secret = hook.json().data.secret as string;
  const created = await svc.call("POST", "/api/pix/subscriptions/create", {
    token,
    body: monthlyPlan("2099-01-10", { title: "Plano semanal", value: 10, periodicity: "weekly" }),
  });
  const id = created.json().data.subscriptionId as string;
  const start = receiver.r.received.length;
  await svc.call("POST", "/api/pix/subscriptions/simulate-authorize", {
    token,
    body: { subscription_id: id },
  });
  await svc.call("POST", "/api/pix/subscriptions/cancel", { token, body: { subscription_id: id } });
  await svc.worker.runOnce();
  const got = receiver.r.received.slice(start);
  // subscription.created is not among the hook's events.
  assert.deepEqual(got.map((r) => r.json.event).sort(), [
    "subscription.approved",
    "subscription.canceled",
  ]);
  for (const r of got) {
    assert.equal(r.json.data.subscriptionId, id);
    const payload = new Webhook(secret).verify(r.body, {
      "webhook-id": String(r.headers["webhook-id"]),
      "webhook-timestamp": String(r.headers["webhook-timestamp"]),
      "webhook-signature": String(r.headers["webhook-signature"]),
    });
    assert.deepEqual(payload, r.json);
  }
  const canceled = got.find((r) => r.json.event === "subscription.canceled");
  assert.equal(canceled?.json.data.canceledBy, "merchant");
  const log = (await svc.call("GET", "/api/webhooks/deliveries", { token })).json().data.deliveries;
  assert.deepEqual(
    log.map((d: { event: string; status: string }) => `${d.event} ${d.status}`).sort(),
    ["subscription.approved succeeded", "subscription.canceled succeeded"],
  );
});

test("the OpenAPI webhooks section and the manifest name the subscription events", async () => {
  const doc = JSON.parse((await svc.call("GET", "/api/openapi.json")).body);
  for (const e of ["created", "approved", "rejected", "canceled", "expired"]) {
    const entry = doc.webhooks[`subscription.${e}`];
    assert.ok(entry, `webhooks has subscription.${e}`);
    assert.match(entry.post.summary, /subscription/i);
  }
  const manifest = JSON.parse((await svc.call("GET", "/api/integrations/mcp/manifest")).body);
  const text = JSON.stringify(manifest);
  assert.ok(text.includes("subscription.expired"), "the manifest lists subscription.expired");
  assert.ok(text.includes("create_subscription"), "the manifest lists the create tool");
});
