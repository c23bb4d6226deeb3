import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, test } from "node:test";
import { loadConfig } from "../config.ts";
import type { AppDeps } from "../deps.ts";
import { CATALOG, type JobDeps, type JobName, jobsRunningHere, makeJobs } from "./catalog.ts";

// The background jobs' catalogue: which run in an instance without workers and which only where
// workers run, each at the interval of its setting, and service.ts starting them through it
// alone (the TOSTAO_WORKERS rule is read in one place).

const SRC = resolve(import.meta.dirname, "..");
const namesOf = (keys: JobName[]) => keys.map((k) => CATALOG[k].name);

describe("the job catalogue", () => {
  test("without workers an instance runs key pruning, both reconciliations and billing; with them, all eleven", () => {
    assert.deepEqual(namesOf(jobsRunningHere({ runWorkers: false })), [
      "idempotency key pruning",
      "pix reconciliation",
      "pix automatico reconciliation",
      "subscription billing",
    ]);
    assert.deepEqual(namesOf(jobsRunningHere({ runWorkers: true })), [
      "idempotency key pruning",
      "pix reconciliation",
      "pix automatico reconciliation",
      "subscription billing",
      "charge expiry",
      "live pix expiry",
      "retention",
      "chain watcher",
      "webhook delivery",
      "mail delivery",
      "lightning settlements",
    ]);
  });

  test("each job runs at the interval of its setting", () => {
    const config = loadConfig({
      TOSTAO_EXPIRY_INTERVAL_SECONDS: "7",
      TOSTAO_BILLING_INTERVAL_SECONDS: "11",
      TOSTAO_PIX_RECONCILE_SECONDS: "13",
      TOSTAO_RETENTION_INTERVAL_SECONDS: "17",
      TOSTAO_CHAIN_POLL_SECONDS: "19",
      TOSTAO_LIGHTNING_CHECK_SECONDS: "23",
    });
    const every = Object.fromEntries(
      Object.values(CATALOG).map((e) => [e.name, e.everyMs(config) / 1000]),
    );
    assert.deepEqual(every, {
      "idempotency key pruning": 600,
      "pix reconciliation": 13,
      "pix automatico reconciliation": 13,
      "subscription billing": 11,
      "charge expiry": 7,
      "live pix expiry": 7,
      retention: 17,
      "chain watcher": 19,
      "webhook delivery": 5,
      "mail delivery": 5,
      "lightning settlements": 23,
    });
  });

  test("a periodic job made from the catalogue logs under the catalogue's name", () => {
    // Made, never started: the makers only keep what they are given until a pass runs.
    const service = {
      config: loadConfig({}),
      crypto: { chainSources: {}, lateWindowMs: 0 },
      mail: { send: {} },
    } as unknown as AppDeps;
    const deps = { service, log: console, workerId: "test" } as unknown as JobDeps;
    const jobs = makeJobs(deps);
    const named = Object.entries(jobs).flatMap(([key, job]) =>
      "name" in job ? [[CATALOG[key as JobName].name, job.name]] : [],
    );
    assert.equal(named.length, 8, "the eight periodic jobs have a name");
    for (const [inCatalog, logged] of named) assert.equal(logged, inCatalog);
  });

  test("service.ts makes and starts no job itself, and only the catalogue reads TOSTAO_WORKERS", () => {
    const service = readFileSync(join(SRC, "service.ts"), "utf8");
    assert.doesNotMatch(
      service,
      /from "\.\/workers\/(jobs\/|delivery-worker|lightning-settlements)[^"]*";/,
    );
    assert.doesNotMatch(service, /\bmake\w*(Job|Worker)\(/);
    const readers = readdirSync(SRC, { recursive: true })
      .map(String)
      .map((f) => f.split("\\").join("/"))
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .filter((f) => /\brunWorkers\b/.test(readFileSync(join(SRC, f), "utf8")))
      .sort();
    assert.deepEqual(readers, ["config.ts", "workers/catalog.ts"]);
  });
});
