import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { until } from "../helpers/until.ts";

// Webhook rules that only show when something is at a limit: the per-webhook concurrency cap of
// the delivery worker, the cap on webhooks per account and mode, which answers' Retry-After is
// honoured, and the 422s for acting on a webhook that is disabled or deleted. Workers do not run
// on their own here; each test calls worker.runOnce() (or wake()) itself.

const PER_WEBHOOK = 2;
// Room for the capped webhook's attempts and two more: a backlog larger than the room left must
// not keep other webhooks' deliveries from being claimed.
const CONCURRENCY = PER_WEBHOOK + 2;
const clock = manualClock(new Date());
let svc: TestService;
let receiver: Awaited<ReturnType<typeof startRulesReceiver>>;

type Answer = { status: number; headers?: Record<string, string> };

/**
 * One receiver for every webhook of the file, answering each path as the test says: an answer,
 * or "hold" (kept open until released).
 */
async function startRulesReceiver() {
  const policies = new Map<string, Answer | "hold">();
  const rx = await startReceiver({
    respond: (r) => {
      const p = policies.get(r.path) ?? { status: 200 };
      return p === "hold" ? { status: 200, delayMs: Number.POSITIVE_INFINITY } : p;
    },
  });
  return {
    url: (path: string) => `http://127.0.0.1:${rx.port}${path}`,
    hits: (path: string) => rx.received.filter((h) => h.path === path),
    peak: rx.peak,
    answer(path: string, policy: Answer | "hold") {
      policies.set(path, policy);
    },
    /** Answers 200 to every held request of `path`, and to later ones at once. */
    release(path: string) {
      policies.set(path, { status: 200 });
      rx.release(path);
    },
    close: rx.close,
  };
}

before(async () => {
  svc = await startTestService({
    clock,
    env: {
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      TOSTAO_WORKERS: "false",
      TOSTAO_WEBHOOK_PER_ENDPOINT: String(PER_WEBHOOK),
      TOSTAO_WEBHOOK_CONCURRENCY: String(CONCURRENCY),
      TOSTAO_WEBHOOK_TIMEOUT_MS: "5000",
    },
  });
  receiver = await startRulesReceiver();
});
after(async () => {
  await svc.close();
  await receiver.close();
});

const createHook = (token: string, url: string, events: string[] = ["charge.created"]) =>
  svc.call("POST", "/api/webhooks/create", { token, body: { url, events } });
async function hook(token: string, url: string, events?: string[]) {
  const res = await createHook(token, url, events);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { id: string };
}
async function charge(token: string) {
  const res = await svc.call("POST", "/api/pix/charge/create", {
    token,
    body: { value: 12.34, title: "Pedido" },
  });
  assert.equal(res.statusCode, 200, res.body);
}
const deliveries = async (token: string, q = "") =>
  (await svc.call("GET", `/api/webhooks/deliveries${q}`, { token })).json().data.deliveries;
const webhooks = async (token: string) =>
  (await svc.call("GET", "/api/webhooks", { token })).json().data.webhooks;

describe("per-webhook concurrency cap", () => {
  test(`a worker has at most TOSTAO_WEBHOOK_PER_ENDPOINT (${PER_WEBHOOK}) attempts in flight to one webhook, and its backlog does not hold back another webhook`, async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    const slow = await hook(a.test, receiver.url("/slow"));
    await hook(b.test, receiver.url("/other"));
    receiver.answer("/slow", "hold");
    const backlog = 6;
    for (let i = 0; i < backlog; i++) await charge(a.test);

    const run = svc.worker.runOnce();
    try {
      // The worker claims what it has room for; the ones over the cap are given back unlocked
      // (or never claimed). Wait until each is either at the receiver or unlocked: nothing else
      // can change while the receiver holds the ones it got.
      const givenBack = async () =>
        (
          await svc.deps.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM deliveries
             WHERE webhook_id = $1 AND status = 'pending' AND locked_by IS NULL`,
            [slow.id],
          )
        )[0]?.n ?? 0;
      await until(
        "every delivery is at the receiver or given back",
        async () => {
          const sent = receiver.hits("/slow").length;
          return sent > 0 && sent + (await givenBack()) >= backlog;
        },
        10_000,
        10,
      );
      assert.equal(receiver.hits("/slow").length, PER_WEBHOOK, "attempts in flight to /slow");
      assert.equal(await givenBack(), backlog - PER_WEBHOOK);

      // Another webhook's delivery, due after all of /slow's, leaves while /slow is at its cap
      // with more due deliveries waiting than the worker has room for.
      clock.advance(1);
      await charge(b.test);
      svc.worker.wake();
      await until(
        "the other webhook's delivery arrives",
        async () => {
          return receiver.hits("/other").length === 1;
        },
        10_000,
        10,
      );
      assert.equal(receiver.hits("/slow").length, PER_WEBHOOK, "still capped");
    } finally {
      receiver.release("/slow");
      await run;
    }
    // Once the receiver answers, the rest go out, never more than the cap at once.
    assert.equal(receiver.hits("/slow").length, backlog);
    assert.equal(receiver.peak("/slow"), PER_WEBHOOK);
    const log = await deliveries(a.test, `?webhook_id=${slow.id}`);
    assert.equal(log.length, backlog);
    assert.ok(log.every((d: { status: string }) => d.status === "succeeded"));
  });
});

describe("webhooks per account and mode", () => {
  test("an account and mode may register at most 20 webhooks; the 21st is 422 until one is deleted", async () => {
    const a = await svc.newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await hook(a.test, receiver.url(`/cap/${i}`))).id);
    const refused = await createHook(a.test, receiver.url("/cap/20"));
    assert.equal(refused.statusCode, 422, refused.body);
    assert.deepEqual(refused.json(), {
      success: false,
      error: "webhooks: at most 20 per account and mode; delete one first",
    });
    assert.equal((await webhooks(a.test)).length, 20, "the refused one was not stored");
    // The other mode of the same account has its own 20.
    assert.equal((await createHook(a.live, receiver.url("/cap/live"))).statusCode, 200);
    // A deleted webhook no longer counts.
    const del = await svc.call("POST", "/api/webhooks/delete", {
      token: a.test,
      body: { id: ids[0] },
    });
    assert.equal(del.statusCode, 200);
    assert.equal((await createHook(a.test, receiver.url("/cap/20"))).statusCode, 200);
    assert.equal((await createHook(a.test, receiver.url("/cap/21"))).statusCode, 422);
  });

  test("concurrent registrations cannot pass the cap together", async () => {
    const a = await svc.newAccount();
    for (let i = 0; i < 18; i++) await hook(a.test, receiver.url(`/race/${i}`));
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createHook(a.test, receiver.url(`/race/x${i}`))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [200, 200, 422, 422, 422, 422]);
    assert.equal((await webhooks(a.test)).length, 20);
  });
});

describe("Retry-After", () => {
  async function firstRetryAfter(status: number, retryAfter: string) {
    const a = await svc.newAccount();
    const path = `/retry-after/${status}`;
    await hook(a.test, receiver.url(path));
    receiver.answer(path, { status, headers: { "retry-after": retryAfter } });
    await charge(a.test);
    await svc.worker.runOnce();
    const [d] = await deliveries(a.test);
    assert.equal(d.status, "pending");
    assert.equal(d.lastStatusCode, status);
    return new Date(d.nextAttemptAt).getTime() - clock.now().getTime();
  }

  test("a 503's Retry-After is honoured, in seconds or as an HTTP date", async () => {
    const seconds = await firstRetryAfter(503, "3600");
    assert.ok(seconds >= 3_600_000 && seconds < 3_601_000, `waits 1 h, got ${seconds} ms`);
    const date = new Date(clock.now().getTime() + 2 * 3_600_000).toUTCString();
    const byDate = await firstRetryAfter(503, date);
    assert.ok(byDate > 7_198_000 && byDate <= 7_200_000, `waits 2 h, got ${byDate} ms`);
  });

  test("a Retry-After on any other failure (500, 502, 400) is ignored: the next attempt follows the 5 s backoff", async () => {
    for (const status of [500, 502, 400]) {
      const wait = await firstRetryAfter(status, "3600");
      assert.ok(wait >= 4_500 && wait <= 5_500, `${status}: first retry after ~5 s, got ${wait}`);
    }
  });
});

describe("acting on a disabled or deleted webhook", () => {
  test("testing a webhook disabled by a 410 is 422 and sends nothing; its deliveries cannot be redelivered", async () => {
    const a = await svc.newAccount();
    const path = "/gone";
    const h = await hook(a.test, receiver.url(path));
    receiver.answer(path, { status: 410 });
    const first = await svc.call("POST", "/api/webhooks/test", {
      token: a.test,
      body: { id: h.id },
    });
    assert.equal(first.statusCode, 200, first.body);
    await svc.worker.runOnce();
    assert.equal((await webhooks(a.test))[0].active, false);

    const again = await svc.call("POST", "/api/webhooks/test", {
      token: a.test,
      body: { id: h.id },
    });
    assert.equal(again.statusCode, 422, again.body);
    assert.equal(
      again.json().error,
      `id: webhook ${h.id} is disabled (receiver answered 410 Gone)`,
    );
    await svc.worker.runOnce();
    assert.equal(receiver.hits(path).length, 1, "the 410 was the last request it got");
    const log = await deliveries(a.test, `?webhook_id=${h.id}`);
    assert.equal(log.length, 1, "no delivery was queued");

    const redeliver = await svc.call("POST", "/api/webhooks/deliveries/redeliver", {
      token: a.test,
      body: { id: log[0].id },
    });
    assert.equal(redeliver.statusCode, 422, redeliver.body);
    assert.equal(
      redeliver.json().error,
      `id: the webhook of delivery ${log[0].id} is disabled or deleted`,
    );
  });

  test("redelivering a delivery whose webhook was deleted is 422 (404 to other accounts) and leaves it as it was", async () => {
    const a = await svc.newAccount();
    const path = "/deleted";
    const h = await hook(a.test, receiver.url(path));
    await charge(a.test);
    await svc.worker.runOnce();
    const [d] = await deliveries(a.test);
    assert.equal(d.status, "succeeded");
    const del = await svc.call("POST", "/api/webhooks/delete", {
      token: a.test,
      body: { id: h.id },
    });
    assert.equal(del.statusCode, 200);

    const res = await svc.call("POST", "/api/webhooks/deliveries/redeliver", {
      token: a.test,
      body: { id: d.id },
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().error, `id: the webhook of delivery ${d.id} is disabled or deleted`);
    const other = await svc.newAccount();
    const foreign = await svc.call("POST", "/api/webhooks/deliveries/redeliver", {
      token: other.test,
      body: { id: d.id },
    });
    assert.equal(foreign.statusCode, 404, "existence never leaks to another account");

    await svc.worker.runOnce();
    assert.equal(receiver.hits(path).length, 1, "nothing was sent again");
    const [later] = await deliveries(a.test);
    assert.equal(later.status, "succeeded");
    assert.equal(later.attempts, 1);
  });
});
