import assert from "node:assert/strict";
import { test } from "node:test";
import type { Log } from "./log.ts";
import { makePeriodicJob } from "./periodic-job.ts";

// The shape every background job shares (expiry, key pruning, chain watching), with a pass the
// test controls and a log that keeps its lines.

function captureLog() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  const at =
    (level: string) =>
    (fields: object, message: string): void => {
      lines.push({ level, fields: fields as Record<string, unknown>, message });
    };
  const log: Log = { debug: at("debug"), warn: at("warn"), error: at("error") };
  return { log, lines };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, timeoutMs = 2_000) {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting until ${what}`);
    await sleep(1);
  }
}

test("a pass that fails is one error line with the job's name and the error, and the next tick runs again", async () => {
  const { log, lines } = captureLog();
  let passes = 0;
  const job = makePeriodicJob({
    name: "charge expiry",
    everyMs: 5,
    log,
    run: async () => {
      passes++;
      if (passes === 1) throw new Error("database went away");
    },
  });
  job.start();
  await until("a second pass ran", () => passes >= 2);
  await job.stop();
  const errors = lines.filter((l) => l.level === "error");
  assert.equal(errors.length, 1);
  assert.equal(errors[0]?.fields.job, "charge expiry");
  assert.equal((errors[0]?.fields.err as Error | undefined)?.message, "database went away");
  assert.match(errors[0]?.message ?? "", /charge expiry/);
});

test("start and stop are logged at debug with the job's name", async () => {
  const { log, lines } = captureLog();
  const job = makePeriodicJob({ name: "chain watcher", everyMs: 60_000, log, run: async () => {} });
  job.start();
  await job.stop();
  assert.deepEqual(
    lines.map((l) => [l.level, l.fields.job, l.message]),
    [
      ["debug", "chain watcher", "chain watcher: started"],
      ["debug", "chain watcher", "chain watcher: stopped"],
    ],
  );
});

test("passes never overlap: ticks while a pass runs are skipped", async () => {
  const { log } = captureLog();
  let started = 0;
  let finish: () => void = () => {};
  const job = makePeriodicJob({
    name: "slow",
    everyMs: 2,
    log,
    run: () => {
      started++;
      return new Promise<void>((r) => {
        finish = r;
      });
    },
  });
  job.start();
  await until("the first pass started", () => started === 1);
  await sleep(30);
  assert.equal(started, 1, "a tick started a second pass while the first ran");
  finish();
  await until("the next tick starts a new pass", () => started === 2);
  finish();
  await job.stop();
});

test("stop waits for the pass in flight, but not past stopWaitMs", async () => {
  const { log, lines } = captureLog();
  let finish: () => void = () => {};
  let finished = false;
  const job = makePeriodicJob({
    name: "pruning",
    everyMs: 1,
    log,
    run: () =>
      new Promise<void>((r) => {
        finish = () => {
          finished = true;
          r();
        };
      }),
  });
  job.start();
  await sleep(10);
  let stopped = false;
  const stopping = job.stop().then(() => {
    stopped = true;
  });
  await sleep(20);
  assert.equal(stopped, false, "stop returned while a pass was running");
  finish();
  await stopping;
  assert.ok(finished);
  assert.equal(lines.at(-1)?.fields.passFinished, true);

  // A pass that never ends holds stop for stopWaitMs only.
  const stuck = makePeriodicJob({
    name: "stuck",
    everyMs: 1,
    log,
    stopWaitMs: 30,
    run: () => new Promise<void>(() => {}),
  });
  stuck.start();
  await sleep(10);
  const t0 = Date.now();
  await stuck.stop();
  assert.ok(Date.now() - t0 < 1_000);
  assert.equal(lines.at(-1)?.fields.passFinished, false);
});
