import assert from "node:assert/strict";
import { test } from "node:test";
import Fastify from "fastify";
import type { ClaimedDelivery } from "../db/queries/deliveries/claim-due.ts";
import { verifySignature } from "../domain/webhooks/signature.ts";
import { manualClock } from "../kernel/clock.ts";
import type { SendRequest, SendResult } from "../net/safe-fetch.ts";
import { makeWebhookDelivery } from "./webhook-delivery.ts";

// One delivery attempt without a database or a network: a sender that answers as the test says,
// and the service's real logger (Fastify's pino) writing into an array, so what an operator reads
// is checked as the JSON lines it is.

const SECRET = "whsec_c2VjcmV0LXRoYXQtbXVzdC1uZXZlci1iZS1sb2dnZWQ=";
const QUERY_TOKEN = "receiver-token-in-the-query-7Qx";
const PAYLOAD_MARK = "customer-name-in-the-body-Zq9";

function setup(answer: SendResult | Error, opts: { openFails?: boolean } = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const app = Fastify({
    logger: {
      level: "debug",
      stream: {
        write(line: string) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        },
      },
    },
  });
  const sent: SendRequest[] = [];
  const disabled: string[] = [];
  const clock = manualClock();
  const deliver = makeWebhookDelivery({
    clock,
    random: { bytes: (n) => Buffer.alloc(n, 128) },
    secretBox: {
      seal: () => "sealed",
      open: () => {
        if (opts.openFails) throw new Error("unsupported state or unable to authenticate data");
        return SECRET;
      },
    },
    sender: {
      async send(req) {
        sent.push(req);
        if (answer instanceof Error) throw answer;
        return answer;
      },
      close: async () => {},
    },
    disableWebhook: async (id) => {
      disabled.push(id);
    },
    log: app.log,
  });
  const delivery = (roundAttempts = 0): ClaimedDelivery => ({
    id: "dlv_1",
    webhookId: "wh_1",
    eventId: "evt_1",
    roundAttempts,
    url: `https://shop.example.com/hooks?token=${QUERY_TOKEN}`,
    secretBox: "sealed",
    webhookGone: false,
    eventType: "charge.approved",
    origin: null,
    payload: { chargeId: "pix_1", customer: PAYLOAD_MARK },
    eventCreatedAt: clock.now(),
  });
  /** The warn lines, after checking no line of the log holds anything secret. */
  const warnings = () => {
    const secrets = [SECRET, QUERY_TOKEN, PAYLOAD_MARK, "shop.example.com"];
    for (const req of sent) {
      secrets.push(req.body, ...Object.values(req.headers).filter((v) => v.length > 20));
    }
    for (const line of raw) {
      for (const s of secrets) assert.ok(!line.includes(s), `a log line holds ${s}: ${line}`);
    }
    return lines.filter((l) => l.level === 40);
  };
  return { deliver, delivery, warnings, sent, disabled, clock };
}

const response = (status: number, headers: Record<string, string> = {}): SendResult => ({
  kind: "response",
  status,
  headers,
  bodySnippet: `echo ${PAYLOAD_MARK}`,
  latencyMs: 12,
});

test("a failed attempt is one warn line with the webhook, delivery, event, status, attempt and next attempt, and no secret, body, signature or URL", async () => {
  const s = setup(response(503, { "retry-after": "120" }));
  const outcome = await s.deliver(s.delivery(2));
  assert.equal(s.sent.length, 1);
  assert.equal(outcome.status, "pending");
  const [line, ...more] = s.warnings();
  assert.equal(more.length, 0);
  assert.equal(line?.msg, "webhook delivery attempt failed");
  assert.deepEqual(
    {
      webhookId: line?.webhookId,
      deliveryId: line?.deliveryId,
      event: line?.event,
      statusCode: line?.statusCode,
      attempt: line?.attempt,
      maxAttempts: line?.maxAttempts,
      next: line?.next,
      nextAttemptAt: line?.nextAttemptAt,
    },
    {
      webhookId: "wh_1",
      deliveryId: "dlv_1",
      event: "charge.approved",
      statusCode: 503,
      attempt: 3,
      maxAttempts: 8,
      next: "retry",
      nextAttemptAt: outcome.nextAttemptAt.toISOString(),
    },
  );
  // The third failure waits 30 min (±10 %), longer than the receiver's Retry-After.
  const waitMs = outcome.nextAttemptAt.getTime() - s.clock.now().getTime();
  assert.ok(waitMs >= 27 * 60_000 && waitMs <= 33 * 60_000, `${waitMs}`);
});

test("a connection error is logged by its kind, without a status", async () => {
  const s = setup({ kind: "error", error: "connection refused", blocked: false, latencyMs: 3 });
  await s.deliver(s.delivery());
  const [line] = s.warnings();
  assert.equal(line?.error, "connection refused");
  assert.equal(line?.statusCode, undefined);
  assert.equal(line?.attempt, 1);
  assert.equal(line?.next, "retry");
});

test("a 410 disables the webhook and its line says so; the last attempt's line says the delivery gave up", async () => {
  const gone = setup(response(410));
  const outcome = await gone.deliver(gone.delivery());
  assert.equal(outcome.status, "failed");
  assert.deepEqual(gone.disabled, ["wh_1"]);
  const [disabledLine] = gone.warnings();
  assert.equal(disabledLine?.next, "webhook_disabled");
  assert.equal(disabledLine?.nextAttemptAt, undefined);

  const last = setup(response(500));
  const lastOutcome = await last.deliver(last.delivery(7));
  assert.equal(lastOutcome.status, "failed");
  const [gaveUp] = last.warnings();
  assert.equal(gaveUp?.attempt, 8);
  assert.equal(gaveUp?.next, "gave_up");
  assert.equal(gaveUp?.nextAttemptAt, undefined);
});

test("an attempt that cannot be made (an unreadable secret) is recorded and retried, and logged once, never thrown", async () => {
  const s = setup(response(200), { openFails: true });
  const outcome = await s.deliver(s.delivery());
  assert.equal(s.sent.length, 0);
  assert.equal(outcome.status, "pending");
  assert.match(outcome.error ?? "", /^could not send: /);
  const lines = s.warnings();
  assert.equal(lines.length, 1);
  assert.match(String(lines[0]?.error), /^could not send: /);
});

test("a successful attempt logs nothing", async () => {
  const s = setup(response(204));
  const outcome = await s.deliver(s.delivery());
  assert.equal(outcome.status, "succeeded");
  assert.deepEqual(s.warnings(), []);
});

test("a webhook's secret is opened once for its attempts, and a rotated secret signs the next attempt at once", async () => {
  const opened: string[] = [];
  const secrets: Record<string, string> = {
    "sealed-1": SECRET,
    "sealed-2": "whsec_cm90YXRlZC1zZWNyZXQtZm9yLXRoZS1uZXh0LWF0dGVtcHQ=",
  };
  const sent: SendRequest[] = [];
  const clock = manualClock();
  const deliver = makeWebhookDelivery({
    clock,
    random: { bytes: (n) => Buffer.alloc(n, 128) },
    secretBox: {
      seal: () => "sealed",
      open: (sealed) => {
        opened.push(sealed);
        return secrets[sealed] as string;
      },
    },
    sender: {
      async send(req) {
        sent.push(req);
        return response(200);
      },
      close: async () => {},
    },
    disableWebhook: async () => {},
    log: Fastify({ logger: false }).log,
  });
  const delivery = (secretBox: string): ClaimedDelivery => ({
    id: "dlv_1",
    webhookId: "wh_1",
    eventId: "evt_1",
    roundAttempts: 0,
    url: "https://shop.example.com/hooks",
    secretBox,
    webhookGone: false,
    eventType: "charge.approved",
    origin: null,
    payload: { chargeId: "pix_1" },
    eventCreatedAt: clock.now(),
  });
  await deliver(delivery("sealed-1"));
  await deliver(delivery("sealed-1"));
  assert.deepEqual(opened, ["sealed-1"]);
  // The webhook's secret replaced: the sealed value differs, so the new secret signs at once.
  await deliver(delivery("sealed-2"));
  assert.deepEqual(opened, ["sealed-1", "sealed-2"]);
  const verify = (req: SendRequest | undefined, secret: string) =>
    verifySignature({
      secret,
      body: req?.body ?? "",
      headers: req?.headers ?? {},
      now: Math.floor(clock.now().getTime() / 1000),
    }).ok;
  assert.equal(verify(sent[1], SECRET), true);
  assert.equal(verify(sent[2], secrets["sealed-2"] as string), true);
  assert.equal(verify(sent[2], SECRET), false);
});
