import assert from "node:assert/strict";
import { test } from "node:test";
import { systemClock } from "../kernel/clock.ts";
import { type ClaimInput, makeQueueLoop, type QueueLoopOptions } from "./queue-loop.ts";

// The queue loop on its own: no database, no webhooks. The queue is an array in memory behind the
// four injected operations, and running a job is a promise the test settles, so each guarantee
// (caps, wakes, batching, draining, stopping) is seen directly.

type Job = { id: string; key: string; dueAt: number };
type Result = { id: string };

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Waits for what the loop does in the background (a few turns of the event loop at a time). */
async function until(what: string, ok: () => boolean, timeoutMs = 2_000) {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/**
 * A queue in memory and a runner whose jobs end when the test says (or at once with `auto`).
 * `honourRoom: false` makes claims ignore each key's room, as a claim racing another would;
 * `noDueTimes` hides due times from the loop, so only a wake or a finished job makes it look.
 */
function harness(
  opts: Partial<QueueLoopOptions> & {
    auto?: boolean;
    honourRoom?: boolean;
    noDueTimes?: boolean;
  } = {},
) {
  const queue: Job[] = [];
  const held = new Set<string>();
  const done: string[] = [];
  const batches: string[][] = [];
  const released: string[] = [];
  const claims: ClaimInput[] = [];
  const errors: string[] = [];
  const running = new Map<string, { job: Job; end: (fail?: boolean) => void }>();
  let peak = 0;
  const peakPerKey = new Map<string, number>();
  let claiming = 0;
  let peakClaiming = 0;
  let recordGate: Promise<void> | undefined;
  let claimGate: Promise<void> | undefined;
  let failRun = false;

  const runningOf = (key: string) => [...running.values()].filter((r) => r.job.key === key).length;

  const loop = makeQueueLoop<Job, Result>(
    {
      clock: systemClock,
      ops: {
        async claim(input) {
          claims.push({ ...input, inFlight: new Map(input.inFlight) });
          claiming++;
          peakClaiming = Math.max(peakClaiming, claiming);
          const room = new Map(input.inFlight);
          const now = input.now.getTime();
          const got: Job[] = [];
          for (const j of queue) {
            if (got.length >= input.limit) break;
            if (held.has(j.id) || j.dueAt > now) continue;
            const n = room.get(j.key) ?? 0;
            if (opts.honourRoom !== false && n >= input.perKey) continue;
            room.set(j.key, n + 1);
            got.push(j);
            held.add(j.id);
          }
          await claimGate;
          claiming--;
          return got;
        },
        async release(ids) {
          for (const id of ids) held.delete(id);
          released.push(...ids);
        },
        async record(batch) {
          await recordGate;
          batches.push(batch.map((r) => r.id));
          for (const r of batch) {
            held.delete(r.id);
            const i = queue.findIndex((j) => j.id === r.id);
            if (i >= 0) queue.splice(i, 1);
            done.push(r.id);
          }
        },
        async nextDueAt(now) {
          if (opts.noDueTimes) return undefined;
          const due = queue
            .filter((j) => !held.has(j.id))
            .map((j) => j.dueAt)
            .sort((a, b) => a - b)[0];
          return due === undefined ? undefined : new Date(Math.max(due, now.getTime()));
        },
      },
      run(job) {
        const d = deferred<boolean>();
        running.set(job.id, { job, end: (fail = false) => d.resolve(fail) });
        peak = Math.max(peak, running.size);
        peakPerKey.set(job.key, Math.max(peakPerKey.get(job.key) ?? 0, runningOf(job.key)));
        if (opts.auto) queueMicrotask(() => d.resolve(failRun));
        return d.promise.then((fail) => {
          running.delete(job.id);
          if (fail) throw new Error(`job ${job.id} broke`);
          return { id: job.id };
        });
      },
      idOf: (j) => j.id,
      keyOf: (j) => j.key,
      onError: (err, during) => errors.push(`${during}: ${(err as Error).message}`),
    },
    {
      concurrency: opts.concurrency ?? 4,
      perKey: opts.perKey ?? 2,
      lockMs: 30_000,
      idlePollMs: opts.idlePollMs ?? 60_000,
      ...(opts.maxClaim ? { maxClaim: opts.maxClaim } : {}),
    },
  );

  return {
    loop,
    queue,
    done,
    batches,
    released,
    claims,
    errors,
    running,
    get peak() {
      return peak;
    },
    peakPerKey,
    get peakClaiming() {
      return peakClaiming;
    },
    add(n: number, key: string, dueAt = 0) {
      for (let i = 0; i < n; i++) queue.push({ id: `${key}${queue.length}`, key, dueAt });
    },
    /** Ends every job running now. */
    endAll(fail = false) {
      for (const r of [...running.values()]) r.end(fail);
    },
    holdRecords() {
      const d = deferred();
      recordGate = d.promise;
      return () => {
        recordGate = undefined;
        d.resolve();
      };
    },
    holdClaims() {
      const d = deferred();
      claimGate = d.promise;
      return () => {
        claimGate = undefined;
        d.resolve();
      };
    },
    failRuns(on: boolean) {
      failRun = on;
    },
  };
}

test("no more jobs run at once than the concurrency, and runOnce runs them all", async () => {
  const h = harness({ concurrency: 3, perKey: 10, auto: false });
  h.add(10, "k");
  const run = h.loop.runOnce();
  while (h.done.length < 10) {
    await until("jobs are running", () => h.running.size > 0);
    assert.ok(h.running.size <= 3, `${h.running.size} running`);
    h.endAll();
    await new Promise((r) => setTimeout(r, 1));
  }
  await run;
  assert.equal(h.peak, 3);
  assert.equal(h.done.length, 10);
  assert.ok(h.claims.every((c) => c.limit <= 3));
});

test("a key never has more than perKey jobs running, and its backlog does not hold back other keys", async () => {
  const h = harness({ concurrency: 4, perKey: 2 });
  h.add(6, "slow");
  h.loop.wake();
  await until("the slow key is at its cap", () => h.running.size === 2);
  // A job of another key, due after the whole backlog, starts while "slow" is at its cap.
  h.add(1, "other");
  h.loop.wake();
  await until("the other key's job runs", () =>
    [...h.running.values()].some((r) => r.job.key === "other"),
  );
  assert.equal(h.peakPerKey.get("slow"), 2);
  // The claim was told what runs for each key, so the SQL can leave a full key alone.
  const last = h.claims.at(-1);
  assert.equal(last?.inFlight.get("slow"), 2);
  assert.equal(last?.perKey, 2);
  const run = h.loop.runOnce();
  while (h.done.length < 7) {
    h.endAll();
    await new Promise((r) => setTimeout(r, 1));
  }
  await run;
  assert.equal(h.peakPerKey.get("slow"), 2);
  await h.loop.stop();
});

test("jobs a claim returns beyond their key's room are given back untouched, not run", async () => {
  const h = harness({ concurrency: 8, perKey: 2, honourRoom: false });
  h.add(5, "k");
  h.loop.wake();
  await until("the claim is settled", () => h.running.size === 2 && h.released.length === 3);
  assert.equal(h.peakPerKey.get("k"), 2);
  // Given-back jobs are claimable again by the next claim.
  h.endAll();
  await until("the next two run", () => h.done.length === 2 && h.running.size === 2);
  h.endAll();
  await until("the last one runs", () => h.done.length === 4 && h.running.size === 1);
  h.endAll();
  await until("all recorded", () => h.done.length === 5);
  assert.equal(h.peakPerKey.get("k"), 2);
  await h.loop.stop();
});

test("a wake while a claim is running is not lost, and two claims never run side by side", async () => {
  const h = harness({ concurrency: 8, perKey: 8, auto: true, noDueTimes: true });
  const release = h.holdClaims();
  h.loop.wake();
  await until("the first claim is waiting", () => h.claims.length === 1);
  // Jobs arrive (and their notifications wake the loop) while that claim is in the database.
  h.add(3, "k");
  h.loop.wake();
  h.loop.wake();
  assert.equal(h.claims.length, 1, "a wake while draining does not start a second claim");
  release();
  await until("the jobs that came during the claim are done", () => h.done.length === 3);
  assert.equal(h.peakClaiming, 1);
  await h.loop.stop();
});

test("results that finish while a batch is being recorded go in one next batch", async () => {
  const h = harness({ concurrency: 8, perKey: 8 });
  h.add(6, "k");
  h.loop.wake();
  await until("all six run", () => h.running.size === 6);
  const open = h.holdRecords();
  const first = h.running.get("k0");
  first?.end();
  await until("the first result's batch is being written", () => h.running.size === 5);
  // Five more finish while that write is in flight.
  h.endAll();
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(h.batches.length, 0, "nothing recorded while the write is held");
  open();
  await until("all recorded", () => h.done.length === 6);
  assert.deepEqual(
    h.batches.map((b) => b.length),
    [1, 5],
  );
  await h.loop.stop();
});

test("runOnce drains a backlog larger than one claim, and jobs that come due while it runs, and returns with everything recorded", async () => {
  const h = harness({ concurrency: 500, perKey: 500, maxClaim: 100 });
  h.add(250, "k");
  let doneAtReturn: number | undefined;
  const run = h.loop.runOnce().then(() => {
    doneAtReturn = h.done.length;
  });
  await until("the backlog is running", () => h.running.size === 250);
  // Full claims were followed by more at once; more jobs arrive while these are in flight.
  h.add(50, "k");
  while (h.done.length < 300) {
    h.endAll();
    await new Promise((r) => setTimeout(r, 1));
  }
  await run;
  assert.equal(doneAtReturn, 300, "runOnce returned before everything was recorded");
  assert.equal(h.queue.length, 0);
  assert.equal(h.running.size, 0);
  assert.ok(h.claims.every((c) => c.limit <= 100));
  // Nothing due: runOnce returns at once and runs nothing.
  await h.loop.runOnce();
  assert.equal(h.done.length, 300);
  await h.loop.stop();
});

test("stop waits for the jobs in flight and records them, and claims nothing after", async () => {
  const h = harness({ concurrency: 4, perKey: 4 });
  h.add(4, "k");
  h.loop.wake();
  await until("four run", () => h.running.size === 4);
  let stopped = false;
  const stopping = h.loop.stop().then(() => {
    stopped = true;
  });
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(stopped, false, "stop returned with jobs in flight");
  h.add(2, "k");
  h.endAll();
  await stopping;
  assert.deepEqual(h.done.sort(), ["k0", "k1", "k2", "k3"]);
  const claimsAtStop = h.claims.length;
  h.loop.wake();
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(h.claims.length, claimsAtStop, "a stopped loop claims nothing");
  assert.equal(h.queue.length, 2);
});

test("with nothing in flight the loop sleeps until the next job is due, then runs it unasked", async () => {
  const h = harness({ concurrency: 4, perKey: 4, auto: true, idlePollMs: 60_000 });
  h.add(1, "k", Date.now() + 40);
  h.loop.wake();
  await until("the job due in 40 ms has run", () => h.done.length === 1, 1_000);
  await h.loop.stop();
});

test("a job whose run throws is reported and not recorded; the loop goes on with the others", async () => {
  const h = harness({ concurrency: 4, perKey: 4 });
  h.add(2, "k");
  h.loop.wake();
  await until("both run", () => h.running.size === 2);
  h.running.get("k0")?.end(true);
  h.running.get("k1")?.end(false);
  await until("the good one is recorded", () => h.done.length === 1);
  assert.deepEqual(h.done, ["k1"]);
  assert.deepEqual(h.errors, ["run: job k0 broke"]);
  await h.loop.stop();
});
