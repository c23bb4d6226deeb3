import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { lines } from "../../src/lightning/http.ts";
import { LightningError } from "../../src/lightning/node.ts";
import { BANNER, type RogueNode, startRogueNode } from "../helpers/ln-peer/rogue-node.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// A merchant's node URL can point at anything a key with wallet:write chooses (a test key
// too): a "node" whose invoice stream never ends a line, whose answers are huge, or a local
// service whose error text is a banner. None of these may slow other accounts down, grow the
// process's memory, or reach the caller.

let svc: TestService;
let rogue: RogueNode;

before(async () => {
  rogue = await startRogueNode("regtest");
  // Workers on (the default): the Lightning worker subscribes to the rogue node's stream.
  svc = await startTestService({ env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" } });
});
after(async () => {
  await svc.close();
  await rogue.close();
});

const lndBody = () => ({ backend: "lnd", url: rogue.url, macaroon: "0201abcd" });
const phoenixdBody = () => ({ backend: "phoenixd", url: rogue.url, password: "pw" });
const save = (token: string, body: object) =>
  svc.call("POST", "/api/crypto/lightning", { token, body });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a misbehaving Lightning node", () => {
  test("a stream of bytes without a newline leaves other accounts' requests at their usual latency and memory bounded; the stream is dropped and retried on the back-off", async () => {
    rogue.behaviour.getinfo = "ok";
    const merchant = await svc.newAccount();
    const other = await svc.newAccount();
    // Warm the route up, so the figures below are the steady state.
    for (let i = 0; i < 5; i++) await svc.call("GET", "/api/auth/tokens", { token: other.test });
    const rssBefore = process.memoryUsage().rss;
    assert.equal((await save(merchant.test, lndBody())).statusCode, 200);
    await svc.lightningWorker.runOnce();
    for (let i = 0; i < 100 && rogue.stats.streamedBytes < 256 * 1024; i++) await sleep(20);
    assert.ok(rogue.stats.subscriptions.length >= 1, "the worker subscribed");
    // The stream runs a while first: buffered whole, each chunk cost more than the last.
    await sleep(3000);

    // Between its drops the node waits out the back-off, streaming nothing: the requests are
    // timed until the worker has subscribed again and the node poured another MiB meanwhile,
    // so that the figures include the node streaming, not only its silence.
    const latencies: number[] = [];
    let rssPeak = rssBefore;
    const subsBefore = rogue.stats.subscriptions.length;
    const bytesBefore = rogue.stats.streamedBytes;
    const streamedAgain = () =>
      rogue.stats.subscriptions.length > subsBefore &&
      rogue.stats.streamedBytes - bytesBefore >= 2 ** 20;
    for (let i = 0; i < 50 || (!streamedAgain() && i < 300); i++) {
      const t0 = performance.now();
      const res = await svc.call("GET", "/api/auth/tokens", { token: other.test });
      latencies.push(performance.now() - t0);
      assert.equal(res.statusCode, 200);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      await sleep(40);
    }
    latencies.sort((a, b) => a - b);
    const median = latencies[Math.floor(latencies.length / 2)] ?? Number.POSITIVE_INFINITY;
    const growthMb = (rssPeak - rssBefore) / 2 ** 20;
    const subs = rogue.stats.subscriptions;
    const gaps = subs.slice(1).map((t, i) => t - (subs[i] ?? t));
    const during = (rogue.stats.streamedBytes - bytesBefore) / 2 ** 20;
    console.log(
      `median ${median.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms over ${latencies.length} requests, RSS +${growthMb.toFixed(0)} MB, ${subs.length} subscriptions (gaps ${gaps.join(", ")} ms), ${(rogue.stats.streamedBytes / 2 ** 20).toFixed(1)} MiB streamed, ${during.toFixed(1)} MiB while timed`,
    );
    assert.ok(streamedAgain(), "the node streamed again while the requests were timed");
    assert.ok(median <= 100, `median ${median} ms`);
    assert.ok(growthMb < 100, `RSS grew ${growthMb} MB`);
    // Each line over 1 MiB drops the stream; the next try waits the back-off (1 s, then 2 s...).
    assert.ok(subs.length >= 2, `${subs.length} subscriptions: the stream was never dropped`);
    for (const g of gaps) assert.ok(g >= 900, `reconnected after ${g} ms`);
    assert.equal(
      (await svc.call("POST", "/api/crypto/lightning/delete", { token: merchant.test })).statusCode,
      200,
    );
  });

  for (const [name, body] of [
    ["lnd", lndBody],
    ["phoenixd", phoenixdBody],
  ] as const) {
    test(`${name}: an answer over 1 MiB is refused (422) without being read`, async () => {
      rogue.behaviour.getinfo = { hugeBytes: 64 * 2 ** 20 };
      rogue.stats.hugeBytesWritten = 0;
      const a = await svc.newAccount();
      const res = await save(a.test, body());
      rogue.behaviour.getinfo = "ok";
      assert.equal(res.statusCode, 422, res.body);
      assert.match(res.json().error ?? "", /^url: the node's answer was larger than 1 MiB/);
      await sleep(100);
      const written = rogue.stats.hugeBytesWritten / 2 ** 20;
      assert.ok(written < 16, `the node wrote ${written.toFixed(1)} MiB before it was cut off`);
      assert.equal(
        (await svc.call("GET", "/api/crypto/lightning", { token: a.test })).statusCode,
        404,
      );
    });

    test(`${name}: a node's error text never reaches the caller, when saving or creating a charge`, async () => {
      const a = await svc.newAccount();
      rogue.behaviour.getinfo = { status: 404 };
      const refused = await save(a.test, body());
      rogue.behaviour.getinfo = "ok";
      assert.equal(refused.statusCode, 422);
      const error = refused.json().error ?? "";
      assert.match(
        error,
        /^url: getinfo: the node answered 404 \(not (an LND REST answer|phoenixd's HTTP API\?)\)/,
      );
      for (const word of ["SSH", "internal-admin", "hunter2"])
        assert.ok(!error.includes(word), error);

      assert.equal((await save(a.test, body())).statusCode, 200);
      const created = await svc.call("POST", "/api/crypto/charge/create", {
        token: a.test,
        body: { value: 35 },
      });
      assert.equal(created.statusCode, 200, created.body);
      const c = created.json().data;
      assert.equal(c.lightning, "unavailable");
      assert.ok(
        !created.body.includes("hunter2") && !created.body.includes("SSH"),
        c.lightningNote,
      );
      assert.match(c.lightningNote, /the node answered 400/);
      assert.ok(BANNER.includes("hunter2"));
      await svc.call("POST", "/api/crypto/lightning/delete", { token: a.test });
    });
  }
});

describe("the node stream's line splitting", () => {
  test("bytes without a newline are refused past 1 MiB after a linear read, never buffered on", async () => {
    let sent = 0;
    async function* endless() {
      for (;;) {
        sent += 4096;
        // A socket's chunks arrive in separate turns of the event loop; so do these.
        await new Promise((r) => setImmediate(r));
        yield Buffer.alloc(4096, "x");
      }
    }
    const t0 = performance.now();
    const outcome = await Promise.race([
      (async () => {
        for await (const _ of lines(endless())) return "a line";
        return "ended";
      })().catch((err: Error) => err),
      sleep(2000).then(() => "still reading after 2 s"),
    ]);
    const ms = performance.now() - t0;
    assert.ok(outcome instanceof LightningError, String(outcome));
    assert.equal(outcome.kind, "bad_answer");
    assert.match(outcome.message, /larger than 1 MiB/);
    assert.ok(sent <= 1024 * 1024 + 4096, `${sent} bytes read`);
    assert.ok(ms < 500, `${ms} ms`);
  });
});
