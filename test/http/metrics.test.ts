import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { startFakeEsplora } from "../helpers/fake-chain.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// GET /metrics: Prometheus text, off unless configured, counters that move where things happen
// and backlog gauges read from the database at scrape time.

const METRICS_TOKEN = "metrics-secret-0123456789";
const clock = manualClock(new Date());
let open: TestService;
let guarded: TestService;
let off: TestService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let chain: Awaited<ReturnType<typeof startFakeEsplora>>;

before(async () => {
  receiver = await startReceiver();
  chain = await startFakeEsplora();
  open = await startTestService({
    clock,
    env: {
      TOSTAO_METRICS: "open",
      TOSTAO_WORKERS: "false",
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      TOSTAO_ESPLORA_URL_TESTNET: chain.url,
    },
  });
  guarded = await startTestService({ env: { TOSTAO_METRICS_TOKEN: METRICS_TOKEN } });
  off = await startTestService();
});
after(async () => {
  await Promise.all([open.close(), guarded.close(), off.close()]);
  await receiver.close();
  await chain.close();
});

/** The value of one sample, `name{labels}`, in a Prometheus text exposition. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  assert.ok(line, `${series} is exposed`);
  return Number(line.slice(series.length + 1));
}

async function scrape(svc: TestService): Promise<string> {
  const res = await svc.call("GET", "/metrics");
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers["content-type"]), /^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** Between the scrapes `was` and `now`, one charge of `kind` in test mode was created and paid. */
function assertOneCreatedAndPaid(was: string, now: string, kind: "pix" | "crypto") {
  for (const counter of ["tostao_charges_created_total", "tostao_charges_paid_total"]) {
    const name = `${counter}{kind="${kind}",mode="test"}`;
    assert.equal(sample(now, name), sample(was, name) + 1, name);
  }
}

describe("metrics", () => {
  test("a charge moves the created and paid counters of its kind and mode", async () => {
    const a = await open.newAccount();
    const was = await scrape(open);
    const charge = await open.call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: { value: 25 },
    });
    assert.equal(charge.statusCode, 200, charge.body);
    await open.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: charge.json().data.chargeId },
    });
    const now = await scrape(open);
    assertOneCreatedAndPaid(was, now, "pix");
    assert.equal(sample(now, 'tostao_charges_created_total{kind="pix",mode="live"}'), 0);
    assert.ok(
      sample(
        now,
        'tostao_http_requests_total{method="POST",route="/api/pix/charge/create",status="200"}',
      ) >= 1,
      "requests are counted by route pattern and status",
    );
    assert.ok(
      sample(
        now,
        'tostao_http_request_duration_seconds_count{method="POST",route="/api/pix/charge/create",status="200"}',
      ) >= 1,
    );
    assert.ok(sample(now, 'tostao_db_pool_connections{state="total"}') >= 1);
    assert.equal(sample(now, "tostao_rate_limiter_failures_total"), 0);
  });

  test("a Bitcoin charge paid on the chain moves the crypto counters", async () => {
    const a = await open.newAccount();
    const was = await scrape(open);
    const res = await open.call("POST", "/api/crypto/charge/create", {
      token: a.test,
      body: { value: 35 },
    });
    assert.equal(res.statusCode, 200, res.body);
    const c = res.json().data;
    chain.pay(c.address, 10_000); // 35 BRL at the tests' fixed 350,000 BRL/BTC
    const st = await open.call("GET", `/api/crypto/charge/status?charge_id=${c.chargeId}`, {
      token: a.test,
    });
    assert.equal(st.json().data.statusCode, "approved", st.body);
    assertOneCreatedAndPaid(was, await scrape(open), "crypto");
  });

  test("the delivery backlog, its age and the jobs' lag are read at scrape time", async () => {
    const a = await open.newAccount();
    await open.call("POST", "/api/webhooks/create", {
      token: a.test,
      body: { url: `${receiver.url}/backlog`, events: ["*"] },
    });
    const charge = await open.call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: { value: 3, expires_in: 60 },
    });
    assert.equal(charge.statusCode, 200, charge.body);
    clock.advance(90_000);
    const text = await scrape(open);
    // charge.created and charge.pending, waiting for the worker, which is not running.
    assert.ok(sample(text, "tostao_webhook_deliveries_pending") >= 2);
    assert.ok(sample(text, "tostao_webhook_oldest_pending_seconds") >= 90);
    assert.ok(sample(text, 'tostao_job_lag_seconds{job="webhook_delivery"}') >= 90);
    // Expired 30 s ago and still pending: the expiry job is 30 s behind.
    assert.ok(sample(text, 'tostao_job_lag_seconds{job="charge_expiry"}') >= 30);

    const attempted = 'tostao_webhook_attempts_total{outcome="succeeded"}';
    const was = sample(text, attempted);
    await open.worker.runOnce();
    const after = await scrape(open);
    assert.ok(sample(after, attempted) >= was + 2, "the worker's recorded attempts are counted");
    assert.equal(sample(after, 'tostao_webhook_attempts_total{outcome="failed"}'), 0);
  });

  test("off unless configured: /metrics is a plain 404, and never in the API's documents", async () => {
    const res = await off.call("GET", "/metrics");
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().success, false);
    assert.ok(!open.app.routeTable.some((r) => r.url === "/metrics"));
  });

  test("with TOSTAO_METRICS_TOKEN only that bearer reads it; an API token does not", async () => {
    const a = await guarded.newAccount();
    for (const authorization of [
      undefined,
      `Bearer ${a.live}`,
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      METRICS_TOKEN,
    ]) {
      const res = await guarded.call("GET", "/metrics", {
        ...(authorization ? { headers: { authorization } } : {}),
      });
      assert.equal(res.statusCode, 401, `refused: ${authorization}`);
      assert.match(res.json().error ?? "", /^authorization: /);
    }
    const ok = await guarded.call("GET", "/metrics", {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    assert.equal(ok.statusCode, 200);
    assert.match(ok.body, /^# HELP /m);
  });
});
