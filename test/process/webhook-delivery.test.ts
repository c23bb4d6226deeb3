import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { createSchema, dropSchema, schemaUrl, TEST_DATABASE_URL } from "../helpers/db.ts";
import { type Received, startReceiver } from "../helpers/receiver.ts";
import { type RunningService, spawnService } from "../helpers/spawn-service.ts";
import { makeSelfSignedCert } from "../helpers/tls.ts";

// Webhook delivery between real processes: the service as users run it, and receivers on
// loopback. The PostgreSQL-only cases need several processes on one database.

const schemas: string[] = [];
const services: RunningService[] = [];
after(async () => {
  await Promise.all(services.map((s) => s.stop("SIGKILL")));
  for (const s of schemas) await dropSchema(s);
});

async function databaseEnv(): Promise<Record<string, string>> {
  if (!TEST_DATABASE_URL) return { TOSTAO_DATA_DIR: mkdtempSync(join(tmpdir(), "tostao-wh-")) };
  const schema = await createSchema();
  schemas.push(schema);
  return { DATABASE_URL: schemaUrl(schema) };
}

async function start(env: Record<string, string>) {
  const s = await spawnService({ TOSTAO_RATE_LIMIT_TEST: "0", ...env });
  services.push(s);
  return s;
}

async function api(s: RunningService, token: string, path: string, body?: unknown) {
  const res = await fetch(`${s.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { success: boolean; data: any; error?: string };
  assert.ok(json.success, `${path}: ${json.error}`);
  return json.data;
}

describe("webhook delivery across processes", () => {
  test("an https receiver trusted through NODE_EXTRA_CA_CERTS gets the sandbox flow's events within ms, verifiably signed", async () => {
    const tls = makeSelfSignedCert();
    const receiver = await startReceiver({ tls });
    try {
      const s = await start({
        ...(await databaseEnv()),
        NODE_EXTRA_CA_CERTS: tls.certFile,
        TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost",
      });
      const token = s.token ?? "";
      const hook = await api(s, token, "/api/webhooks/create", {
        url: receiver.url,
        events: ["charge.created", "charge.approved"],
      });
      const charge = await api(s, token, "/api/pix/charge/create", { value: 49.9, title: "Livro" });
      await api(s, token, "/api/pix/charge/simulate-pay", { charge_id: charge.chargeId });
      const got = await receiver.waitFor(2);
      assert.deepEqual(got.map((r) => r.json.event).sort(), ["charge.approved", "charge.created"]);
      for (const r of got) {
        const py = execFileSync(
          "python3",
          [
            "-c",
            "import hmac,hashlib,sys; print('sha256=' + hmac.new(sys.argv[1].encode(), sys.stdin.buffer.read(), hashlib.sha256).hexdigest())",
            hook.secret,
          ],
          { input: r.body },
        )
          .toString()
          .trim();
        assert.equal(r.headers["x-service-signature"], py);
        new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>);
        const latency = r.at - Date.parse(r.json.timestamp);
        assert.ok(latency < 1000, `delivered ${latency} ms after the event (woken, not polled)`);
      }
    } finally {
      await receiver.close();
    }
  });

  test("a SIGKILL of the service loses no delivery: after restart every event arrives", {
    skip: !TEST_DATABASE_URL && "needs DATABASE_URL",
  }, async () => {
    let healthy = false;
    const receiver = await startReceiver({
      respond: () => (healthy ? { status: 200 } : { status: 500 }),
    });
    try {
      const env = {
        ...(await databaseEnv()),
        TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
        TOSTAO_WEBHOOK_TIMEOUT_MS: "1000",
      };
      const first = await start(env);
      const token = first.token ?? "";
      await api(first, token, "/api/webhooks/create", { url: receiver.url, events: ["*"] });
      const expected = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const c = await api(first, token, "/api/pix/charge/create", { value: 1 + i });
        const events = await api(first, token, `/api/events?charge_id=${c.chargeId}`);
        for (const e of events.events) expected.add(e.id);
      }
      await receiver.waitFor(1); // attempts are under way (and failing)
      await first.stop("SIGKILL");
      healthy = true;
      const healedAt = Date.now();
      const second = await start(env);
      const delivered = () =>
        new Set(receiver.received.filter((r) => r.at >= healedAt).map((r: Received) => r.json.id));
      const t0 = Date.now();
      while ([...expected].some((id) => !delivered().has(id)) && Date.now() - t0 < 30_000) {
        await new Promise((r) => setTimeout(r, 200));
      }
      const missing = [...expected].filter((id) => !delivered().has(id));
      assert.deepEqual(missing, [], "every event reached the receiver after the restart");
      // The last attempts' results are recorded a moment after the receiver has answered.
      let log = await api(second, token, "/api/webhooks/deliveries?limit=200");
      while (
        log.deliveries.some((d: { status: string }) => d.status !== "succeeded") &&
        Date.now() - t0 < 30_000
      ) {
        await new Promise((r) => setTimeout(r, 200));
        log = await api(second, token, "/api/webhooks/deliveries?limit=200");
      }
      assert.equal(log.deliveries.length, expected.size);
      assert.deepEqual(
        log.deliveries.filter((d: { status: string }) => d.status !== "succeeded"),
        [],
      );
    } finally {
      await receiver.close();
    }
  });

  test("two worker processes on one PostgreSQL never run the same delivery at once", {
    skip: !TEST_DATABASE_URL && "needs DATABASE_URL",
  }, async () => {
    const inFlight = new Set<string>();
    const overlaps: string[] = [];
    const attemptsPerEvent = new Map<string, number>();
    const receiver = await startReceiver({
      respond: (r) => {
        const id = String(r.headers["webhook-id"]);
        if (inFlight.has(id)) overlaps.push(id);
        inFlight.add(id);
        attemptsPerEvent.set(id, (attemptsPerEvent.get(id) ?? 0) + 1);
        setTimeout(() => inFlight.delete(id), 40);
        return { status: 200, delayMs: 40 };
      },
    });
    try {
      const env = { ...(await databaseEnv()), TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" };
      const [a, b] = await Promise.all([start(env), start(env)]);
      if (!a || !b) throw new Error("services did not start");
      const token = a.token ?? b.token ?? "";
      await api(a, token, "/api/webhooks/create", { url: receiver.url, events: ["*"] });
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          api(i % 2 ? a : b, token, "/api/pix/charge/create", { value: 1 + i }),
        ),
      );
      await receiver.waitFor(120, 20_000);
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(overlaps, [], "no delivery was attempted by two workers at once");
      assert.equal(attemptsPerEvent.size, 120);
      assert.ok(
        [...attemptsPerEvent.values()].every((n) => n === 1),
        "each delivery ran exactly once",
      );
    } finally {
      await receiver.close();
    }
  });
});
