import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { ALLOW_HOSTS_HINT } from "../../src/domain/webhooks/manage-webhooks.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Delivery with time in the test's hands: workers do not run on their own here; each test
// moves the clock and calls worker.runOnce().

// Starts at the real time, so the Standard Webhooks library's replay window accepts it.
const clock = manualClock(new Date());
let svc: TestService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
// Names resolve through this table, so DNS answers are the test's to choose.
const dns = new Map<string, string[]>([["public.example", ["93.184.216.34"]]]);
const lookup = async (host: string) =>
  (dns.get(host) ?? ["93.184.216.34"]).map((address) => ({
    address,
    family: address.includes(":") ? 6 : 4,
  }));

before(async () => {
  svc = await startTestService({
    clock,
    lookup,
    env: {
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      TOSTAO_WORKERS: "false",
      TOSTAO_WEBHOOK_TIMEOUT_MS: "500",
    },
  });
  receiver = await startReceiver();
});
after(async () => {
  await svc.close();
  await receiver.close();
});

async function hook(token: string, events: string[] = ["*"], url = receiver.url) {
  const res = await svc.call("POST", "/api/webhooks/create", { token, body: { url, events } });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { id: string; secret: string };
}
const charge = async (token: string) =>
  (
    await svc.call("POST", "/api/pix/charge/create", {
      token,
      body: { value: 12.34, title: "Pedido" },
    })
  ).json().data.chargeId as string;
const pay = (token: string, id: string) =>
  svc.call("POST", "/api/pix/charge/simulate-pay", { token, body: { charge_id: id } });
const deliveries = async (token: string, q = "") =>
  (await svc.call("GET", `/api/webhooks/deliveries${q}`, { token })).json().data.deliveries;
const sinceNow = () => receiver.received.length;

describe("webhook registration", () => {
  test("the secret is whsec_ + base64 of 32 bytes, shown once, stored only encrypted", async () => {
    const a = await svc.newAccount();
    const h = await hook(a.test);
    assert.match(h.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(h.secret.slice(6), "base64").length, 32);
    const list = await svc.call("GET", "/api/webhooks", { token: a.test });
    assert.ok(!list.body.includes(h.secret));
    assert.ok(!list.body.includes(h.secret.slice(6)));
    assert.deepEqual(
      list.json().data.webhooks.map((w: { id: string }) => w.id),
      [h.id],
    );
    const rows = JSON.stringify(await svc.deps.db.query("SELECT * FROM webhooks"));
    assert.ok(!rows.includes(h.secret.slice(6)), "the database holds no plaintext secret");
  });

  test("non-https, private, loopback, link-local and metadata URLs are 422 unless allow-listed", async () => {
    const a = await svc.newAccount();
    dns.set("sneaky.example", ["10.1.2.3"]);
    for (const url of [
      "http://public.example/hook",
      "https://10.0.0.1/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://127.0.0.2/hook",
      "https://sneaky.example/hook",
      "https://user:pass@public.example/hook",
      "not a url",
    ]) {
      const res = await svc.call("POST", "/api/webhooks/create", {
        token: a.test,
        body: { url, events: ["*"] },
      });
      assert.equal(res.statusCode, 422, `${url}: ${res.body}`);
      assert.match(res.json().error ?? "", /^url: /);
    }
    const ok = await svc.call("POST", "/api/webhooks/create", {
      token: a.test,
      body: { url: "https://public.example/hook", events: ["*"] },
    });
    assert.equal(ok.statusCode, 200);
  });

  test("unknown event names are 422; an empty list is 422", async () => {
    const a = await svc.newAccount();
    for (const events of [["charge.paid"], [], ["*", "nope"]]) {
      const res = await svc.call("POST", "/api/webhooks/create", {
        token: a.test,
        body: { url: receiver.url, events },
      });
      assert.equal(res.statusCode, 422, JSON.stringify(events));
      assert.match(res.json().error ?? "", /^events: /);
    }
  });
});

describe("webhook delivery", () => {
  test("a sandbox PIX flow delivers signed charge events that verify in Python and with standardwebhooks", async () => {
    const a = await svc.newAccount();
    const h = await hook(a.test);
    const start = sinceNow();
    const id = await charge(a.test);
    await pay(a.test, id);
    await svc.worker.runOnce();
    const got = receiver.received.slice(start);
    assert.deepEqual(got.map((r) => r.json.event).sort(), [
      "charge.approved",
      "charge.created",
      "charge.pending",
    ]);
    for (const r of got) {
      assert.deepEqual(Object.keys(r.json), ["id", "event", "timestamp", "data"]);
      assert.equal(r.json.data.chargeId, id);
      assert.equal(r.headers["x-service-event-id"], r.json.id);
      // The spec's signature, recomputed by Python's hmac over the raw body.
      const py = execFileSync(
        "python3",
        [
          "-c",
          "import hmac,hashlib,sys; print(hmac.new(sys.argv[1].encode(), sys.stdin.buffer.read(), hashlib.sha256).hexdigest())",
          h.secret,
        ],
        { input: r.body },
      )
        .toString()
        .trim();
      assert.equal(r.headers["x-service-signature"], `sha256=${py}`);
      // The Standard Webhooks trio, with the library's own replay check.
      const payload = new Webhook(h.secret).verify(r.body, {
        "webhook-id": String(r.headers["webhook-id"]),
        "webhook-timestamp": String(r.headers["webhook-timestamp"]),
        "webhook-signature": String(r.headers["webhook-signature"]),
      });
      assert.deepEqual(payload, r.json);
    }
    const log = await deliveries(a.test);
    assert.equal(log.length, 3);
    assert.ok(
      log.every(
        (d: { status: string; attempts: number }) => d.status === "succeeded" && d.attempts === 1,
      ),
    );
  });

  test("a webhook gets only its subscribed events, and only of its own mode and account", async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    await hook(a.test, ["charge.approved"]);
    await hook(a.live, ["*"]);
    await hook(b.test, ["*"]);
    const start = sinceNow();
    const id = await charge(a.test);
    await pay(a.test, id);
    await svc.worker.runOnce();
    const got = receiver.received.slice(start).map((r) => r.json);
    assert.deepEqual(
      got.map((j) => j.event),
      ["charge.approved"],
    );
    assert.equal(got[0].data.livemode, false);
  });

  test("failures are retried at 5 s, 5 min, 30 min... and delivered once the receiver recovers", async () => {
    const a = await svc.newAccount();
    await hook(a.test, ["charge.created"]);
    let fails = 3;
    receiver.setResponder(() => (fails-- > 0 ? { status: 500 } : { status: 200 }));
    try {
      const t0 = clock.now().getTime();
      await charge(a.test);
      await svc.worker.runOnce(); // attempt 1, fails
      let [d] = await deliveries(a.test);
      assert.equal(d.status, "pending");
      const next1 = new Date(d.nextAttemptAt).getTime() - t0;
      assert.ok(next1 >= 4500 && next1 <= 5500, `first retry after ~5 s, got ${next1}`);
      clock.advance(4000);
      await svc.worker.runOnce();
      assert.equal((await deliveries(a.test))[0].attempts, 1, "not retried early");
      clock.advance(1600);
      await svc.worker.runOnce(); // attempt 2, fails
      [d] = await deliveries(a.test);
      const next2 = new Date(d.nextAttemptAt).getTime() - clock.now().getTime();
      assert.ok(next2 >= 270_000 && next2 <= 330_000, `second retry after ~5 min, got ${next2}`);
      clock.advance(next2 + 1);
      await svc.worker.runOnce(); // attempt 3, fails
      [d] = await deliveries(a.test);
      const next3 = new Date(d.nextAttemptAt).getTime() - clock.now().getTime();
      assert.ok(
        next3 >= 1_620_000 && next3 <= 1_980_000,
        `third retry after ~30 min, got ${next3}`,
      );
      clock.advance(next3 + 1);
      await svc.worker.runOnce(); // attempt 4, succeeds
      [d] = await deliveries(a.test);
      assert.equal(d.status, "succeeded");
      assert.equal(d.attempts, 4);
      assert.deepEqual(
        d.attemptLog.map((x: { statusCode: number }) => x.statusCode),
        [500, 500, 500, 200],
      );
      assert.ok(d.attemptLog.every((x: { latencyMs: number }) => x.latencyMs >= 0));
      assert.equal(d.attemptLog[0].responseSnippet, "ok");
    } finally {
      receiver.setResponder(() => ({ status: 200 }));
    }
  });

  test("a refused connection and a hanging receiver are recorded and retried", async () => {
    const a = await svc.newAccount();
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    await hook(a.test, ["charge.created"], url);
    const hang = await startReceiver({
      respond: () => ({ status: 200, delayMs: Number.POSITIVE_INFINITY }),
    });
    await hook(a.test, ["charge.created"], hang.url);
    try {
      await charge(a.test);
      await svc.worker.runOnce();
      const log = await deliveries(a.test);
      const errors = log.map((d: { lastError: string }) => d.lastError).sort();
      assert.match(errors[0], /connection refused/);
      assert.match(errors[1], /timeout after 500 ms/);
      assert.ok(log.every((d: { status: string }) => d.status === "pending"));
    } finally {
      await hang.close();
    }
  });

  test("429 with Retry-After waits as long as the receiver asks", async () => {
    const a = await svc.newAccount();
    await hook(a.test, ["charge.created"]);
    receiver.setResponder(() => ({ status: 429, headers: { "retry-after": "120" } }));
    try {
      await charge(a.test);
      await svc.worker.runOnce();
      const [d] = await deliveries(a.test);
      const wait = new Date(d.nextAttemptAt).getTime() - clock.now().getTime();
      assert.ok(wait >= 120_000 && wait < 121_000, `waits Retry-After, got ${wait}`);
    } finally {
      receiver.setResponder(() => ({ status: 200 }));
    }
  });

  test("410 Gone disables the webhook: later events are not sent", async () => {
    const a = await svc.newAccount();
    const h = await hook(a.test, ["*"]);
    receiver.setResponder(() => ({ status: 410 }));
    try {
      await charge(a.test);
      await svc.worker.runOnce();
    } finally {
      receiver.setResponder(() => ({ status: 200 }));
    }
    const w = (await svc.call("GET", "/api/webhooks", { token: a.test })).json().data.webhooks[0];
    assert.equal(w.id, h.id);
    assert.equal(w.active, false);
    assert.match(w.disabledReason, /410/);
    const start = sinceNow();
    await charge(a.test);
    await svc.worker.runOnce();
    assert.equal(receiver.received.length, start);
    assert.ok((await deliveries(a.test)).every((d: { status: string }) => d.status === "failed"));
  });

  test("after the last attempt a delivery is failed, stays listed, and can be redelivered", async () => {
    const a = await svc.newAccount();
    await hook(a.test, ["charge.created"]);
    receiver.setResponder(() => ({ status: 503 }));
    try {
      await charge(a.test);
      for (let i = 0; i < 8; i++) {
        await svc.worker.runOnce();
        clock.advance(11 * 3_600_000);
      }
      let [d] = await deliveries(a.test, "?status=failed");
      assert.equal(d.attempts, 8);
      assert.equal(d.status, "failed");
      assert.equal(d.nextAttemptAt, null);
      receiver.setResponder(() => ({ status: 200 }));
      const again = await svc.call("POST", "/api/webhooks/deliveries/redeliver", {
        token: a.test,
        body: { id: d.id },
      });
      assert.equal(again.statusCode, 200);
      await svc.worker.runOnce();
      [d] = await deliveries(a.test);
      assert.equal(d.status, "succeeded");
      assert.equal(d.attempts, 9);
    } finally {
      receiver.setResponder(() => ({ status: 200 }));
    }
  });

  test("POST /api/webhooks/test sends webhook.test whatever the events list", async () => {
    const a = await svc.newAccount();
    const h = await hook(a.test, ["charge.refund"]);
    const start = sinceNow();
    const res = await svc.call("POST", "/api/webhooks/test", { token: a.test, body: { id: h.id } });
    assert.equal(res.statusCode, 200);
    await svc.worker.runOnce();
    const got = receiver.received.slice(start);
    assert.equal(got.length, 1);
    assert.equal(got[0]?.json.event, "webhook.test");
    assert.equal((await deliveries(a.test, `?webhook_id=${h.id}&event=webhook.test`)).length, 1);
    const other = await svc.newAccount();
    assert.equal(
      (await svc.call("POST", "/api/webhooks/test", { token: other.test, body: { id: h.id } }))
        .statusCode,
      404,
    );
  });

  test("a deleted webhook gets nothing more; its pending deliveries fail", async () => {
    const a = await svc.newAccount();
    const h = await hook(a.test, ["*"]);
    await charge(a.test); // pending deliveries, not yet run
    const del = await svc.call("POST", "/api/webhooks/delete", {
      token: a.test,
      body: { id: h.id },
    });
    assert.equal(del.statusCode, 200);
    const start = sinceNow();
    await svc.worker.runOnce();
    assert.equal(receiver.received.length, start);
    assert.ok(
      (await deliveries(a.test)).every(
        (d: { lastError: string }) => d.lastError === "webhook deleted",
      ),
    );
    assert.equal(
      (await svc.call("GET", "/api/webhooks", { token: a.test })).json().data.webhooks.length,
      0,
    );
    assert.equal(
      (await svc.call("POST", "/api/webhooks/delete", { token: a.test, body: { id: h.id } }))
        .statusCode,
      404,
    );
  });

  test("at delivery a name that now resolves to a private address is refused, and redirects are not followed", async () => {
    const a = await svc.newAccount();
    dns.set("rebind.example", ["93.184.216.34"]);
    await hook(a.test, ["charge.created"], "https://rebind.example/hook");
    dns.set("rebind.example", ["10.0.0.7"]);
    await charge(a.test);
    await svc.worker.runOnce();
    let [d] = await deliveries(a.test);
    assert.match(d.lastError, /host rebind\.example does not resolve to a public address/);
    assert.doesNotMatch(
      d.lastError,
      /10\.0\.0\.7/,
      "the delivery log never says what it resolved to",
    );

    const b = await svc.newAccount();
    await hook(b.test, ["charge.created"]);
    receiver.setResponder(() => ({
      status: 302,
      headers: { location: "http://169.254.169.254/" },
    }));
    try {
      await charge(b.test);
      await svc.worker.runOnce();
      [d] = await deliveries(b.test);
      assert.equal(d.lastStatusCode, 302);
      assert.equal(d.status, "pending", "a redirect is a failure to retry, not a place to go");
    } finally {
      receiver.setResponder(() => ({ status: 200 }));
    }
  });
});

describe("webhook URL checks and the Idempotency-Key transaction", () => {
  test("a slow DNS answer holds no transaction; a replay answers even if DNS has changed since", async () => {
    const answers = new Map([["slow.example", "93.184.216.34"]]);
    // The lookup of slow.example starts, says so, and answers only when the test lets it.
    let entered!: () => void;
    const inLookup = new Promise<void>((r) => {
      entered = r;
    });
    let answer!: () => void;
    const gate = new Promise<void>((r) => {
      answer = r;
    });
    const s = await startTestService({
      lookup: async (host) => {
        if (host === "slow.example") {
          entered();
          await gate;
        }
        return [{ address: answers.get(host) ?? "93.184.216.34", family: 4 }];
      },
    });
    try {
      const a = await s.newAccount();
      const headers = { "idempotency-key": "wh-slow-1" };
      const body = { url: "https://slow.example/hook", events: ["*"] };
      const creating = s.call("POST", "/api/webhooks/create", { token: a.test, body, headers });
      await inLookup;
      // While the lookup hangs, a charge is created. On PGlite (one connection) a lookup inside
      // the key's transaction would hold it back until the lookup answers, which it never does
      // before the charge is done or 5 s have passed.
      const charge = await Promise.race([
        s.call("POST", "/api/pix/charge/create", { token: a.test, body: { value: 10 } }),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), 5_000)),
      ]);
      answer();
      assert.ok(charge, "a charge waited on a webhook URL's DNS lookup");
      assert.equal(charge.statusCode, 200);
      const first = await creating;
      assert.equal(first.statusCode, 200);
      // The name now resolves to a private address: a new registration is refused, but the
      // replay of the first one still returns its stored response.
      answers.set("slow.example", "10.0.0.1");
      const replay = await s.call("POST", "/api/webhooks/create", { token: a.test, body, headers });
      assert.equal(replay.statusCode, 200);
      assert.equal(replay.headers["idempotent-replayed"], "true");
      assert.equal(replay.body, first.body);
    } finally {
      await s.close();
    }
  });
});

describe("webhook URL policy without an allow-list", () => {
  test("127.0.0.1, 10.0.0.1, 169.254.169.254, [::1] and a name resolving to a private address are refused", async () => {
    const s = await startTestService({
      lookup: async (host) => {
        if (host === "nothing.internal") {
          throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
        }
        if (host === "timeout.internal") {
          throw Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" });
        }
        if (host === "empty.internal") return [];
        return [
          { address: host === "intranet.example" ? "192.168.1.10" : "93.184.216.34", family: 4 },
        ];
      },
    });
    try {
      const a = await s.newAccount();
      for (const url of [
        "https://127.0.0.1/hook",
        "http://127.0.0.1:8080/hook",
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://localhost/hook",
        "https://intranet.example/hook",
      ]) {
        const res = await s.call("POST", "/api/webhooks/create", {
          token: a.test,
          body: { url, events: ["*"] },
        });
        assert.equal(res.statusCode, 422, `${url}: ${res.body}`);
      }
      // The first receiver people try is on their own machine: the refusal names the setting
      // that allows it.
      const local = await s.call("POST", "/api/webhooks/create", {
        token: a.test,
        body: { url: "http://localhost:8080/hook", events: ["*"] },
      });
      assert.equal(local.statusCode, 422);
      assert.equal(local.json().error, `url: URL must use https; ${ALLOW_HOSTS_HINT}`);
      assert.match(local.json().error, /TOSTAO_WEBHOOK_ALLOW_HOSTS/);
      // A name's refusal says it is not a public address, never what it resolves to.
      const named = await s.call("POST", "/api/webhooks/create", {
        token: a.test,
        body: { url: "https://intranet.example/hook", events: ["*"] },
      });
      assert.equal(
        named.json().error,
        `url: host intranet.example does not resolve to a public address; ${ALLOW_HOSTS_HINT}`,
      );
      assert.doesNotMatch(named.body, /192\.168/);
      // One answer for every refused name, so a token holder cannot learn which names exist
      // inside our network: private, unresolvable, failing and empty answers read the same.
      for (const host of [
        "intranet.example",
        "nothing.internal",
        "timeout.internal",
        "empty.internal",
        "localhost",
      ]) {
        const res = await s.call("POST", "/api/webhooks/create", {
          token: a.test,
          body: { url: `https://${host}/hook`, events: ["*"] },
        });
        assert.equal(res.statusCode, 422, `${host}: ${res.body}`);
        assert.equal(
          res.json().error,
          `url: host ${host} does not resolve to a public address; ${ALLOW_HOSTS_HINT}`,
        );
      }
      assert.equal(
        (await s.call("GET", "/api/webhooks", { token: a.test })).json().data.webhooks.length,
        0,
      );
    } finally {
      await s.close();
    }
  });
});
