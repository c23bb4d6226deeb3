import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { benchAmountDue } from "./amount-due.ts";
import { benchBillingDay } from "./billing-day.ts";
import { benchChargeBatch } from "./charge-batch.ts";
import { benchChargeExport } from "./charge-export.ts";
import { benchChargeLists } from "./charge-lists.ts";
import { perRequest, snapshot, usOf } from "./cpu.ts";
import { benchDeliveries } from "./deliveries.ts";
import { benchGrowth } from "./growth.ts";
import { benchHome } from "./home.ts";
import { setUpLivePsp } from "./live-psp.ts";
import { benchMail } from "./mail.ts";
import { type Proc, peakRssMb, start } from "./processes.ts";
import { type BenchContext, picks, scenarios } from "./scenarios.ts";
import { benchSignInCode } from "./sign-in-code.ts";
import { benchWebhooks } from "./webhooks.ts";

// `npm run bench`: the service and its floor, each in its own process on one fresh PostgreSQL
// schema, driven by autocannon at the same settings; prints req/s, p50/p99 latency, peak RSS and
// the ratio to the floor. Rate limits and the per-token cap on open requests are off so no
// limiter caps the load (32 connections on one token sit exactly at that cap, and on a loaded
// machine a slot freed a moment late answers 429).

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://root@127.0.0.1:5432/test";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const POOL = process.env.TOSTAO_DB_POOL_SIZE ?? "10";
// Rounded up to even, so the floor-first and service-first rounds are as many (see below).
const ROUNDS = 2 * Math.ceil(Number(process.env.BENCH_ROUNDS ?? 6) / 2);
// A row's name or part of it, a section's name ("deliveries", "growth"...), or "hot": the hot
// rows and the deliveries, what the regression check (compare.ts) runs.
const only = process.argv[2];
const section = (name: string) =>
  !only || name.includes(only) || (only === "hot" && name === "deliveries");
// The service's code: this tree's, or another checkout's (compare.ts runs a ref's this way,
// with this tree's bench, floor and load generator, so both sides are measured alike).
const serviceMain = process.env.BENCH_SERVICE_ROOT
  ? `${process.env.BENCH_SERVICE_ROOT}/src/main.ts`
  : "../src/main.ts";
/** Each row's figures for compare.ts (BENCH_JSON=<file>). */
const summary: {
  name: string;
  ratio: number;
  serviceUs: number;
  pgServiceUs: number;
  /** false: reported by compare.ts, not held to its tolerance. */
  checked?: false;
}[] = [];

type LoadResult = Awaited<ReturnType<typeof load>>;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Rounds as table cells: req/s and p50 as the median, p99 as the worst round. */
function summarise(rs: LoadResult[]) {
  return {
    rps: median(rs.map((r) => r.rps)).toFixed(0),
    p50: `${median(rs.map((r) => r.p50))}`,
    p99: `${Math.max(...rs.map((r) => r.p99))}`,
  };
}

const HOT_TABLES = [
  "charges",
  "events",
  "idempotency_keys",
  "pix_cob_attempts",
  "deliveries",
  "notifications",
];

async function load(
  url: string,
  method: "GET" | "POST",
  headers: Record<string, string>,
  body?: string,
  idempotencyKey = false,
  settle?: () => Promise<number>,
) {
  let n = 0;
  const run = `${process.pid}-${Date.now()}`;
  const requests = idempotencyKey
    ? [
        {
          setupRequest: (req: { headers?: Record<string, string> }) => {
            req.headers = { ...req.headers, "idempotency-key": `bench-${run}-${n++}` };
            return req;
          },
        },
      ]
    : undefined;
  const opts = {
    url,
    method,
    headers,
    body,
    connections: CONNECTIONS,
    ...(requests ? { requests } : {}),
  } as autocannon.Options;
  await autocannon({ ...opts, duration: 2 }); // warm-up: JIT, pool, caches
  if (settle) await settle(); // the warm-up's mail, before the measured round
  // A running service's tables have statistics: autovacuum analyses them about once a minute as
  // they grow. This schema is seconds old and grows by thousands of rows a round, faster than
  // autovacuum looks, so the plans its statements were prepared with would be those of empty
  // tables (a sequential scan of a table that was empty then). After the warm-up, the tables the
  // rows write are vacuumed and analysed, as a service minutes into its life has them (on the
  // admin connection: their cost is not the service's). The vacuum matters where autovacuum is
  // off, as on this project's CI machines: the outboxes' rows are updated two or three times
  // each, and their pending indexes kept every dead entry of the rounds before (the deliveries'
  // claim read 6.4 ms a call by the last round of a hot run).
  await admin.query(`VACUUM (ANALYZE) ${HOT_TABLES.map((t) => `${schema}.${t}`).join(", ")}`);
  // Backends are listed before and after: a pool may open a connection during the load.
  const backendsBefore = await ownBackends();
  const before = snapshot(cpuPids, backendsBefore);
  const r = await autocannon({ ...opts, duration: DURATION });
  const cpu = perRequest(before, snapshot(cpuPids, await ownBackends()), r.requests.total);
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(
      `${url}: ${r.non2xx} non-2xx and ${r.errors} errors (${JSON.stringify(r.statusCodeStats)})`,
    );
  // The work a request leaves behind (the sandbox create's payer mail, which the service's mail
  // worker renders and records) is waited for before the next round: left to run on, it would
  // slow the next floor round and flatter the ratio. It is reported beside the request path's
  // figures: the load's requests over the load and the wait, and the CPU of both.
  const settledMs = settle ? await settle() : 0;
  const withDeferred =
    settledMs > 0
      ? {
          rps: r.requests.total / (r.duration + settledMs / 1000),
          cpu: perRequest(before, snapshot(cpuPids, await ownBackends()), r.requests.total),
        }
      : undefined;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpu,
    settledMs,
    withDeferred,
  };
}

/**
 * Waits until the service's mail outbox has nothing due (at most 120 s) and answers how long
 * that took in ms; 0 when nothing was waiting.
 */
async function mailSettled(): Promise<number> {
  const t0 = performance.now();
  const due = async () =>
    Number(
      (
        await admin.query<{ n: string }>(
          `SELECT count(*) AS n FROM ${schema}.notifications WHERE status = 'pending' AND next_attempt_at <= now()`,
        )
      ).rows[0]?.n ?? 0,
    );
  if ((await due()) === 0) return 0;
  while (performance.now() - t0 < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if ((await due()) === 0) return performance.now() - t0;
  }
  // Said, not hidden: past the cap the row's "with the mail" figures leave the rest out.
  console.log(`  (mail still due after 120 s: ${await due()}; the wait stopped there)`);
  return performance.now() - t0;
}

const schema = `bench_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const u = new URL(DATABASE_URL);
u.searchParams.set("options", `-c search_path=${schema}`);
const schemaUrl = u.toString();
// The service's and the floor's connections carry their own application_name, so their backends'
// CPU can be told from the rest of a shared PostgreSQL server's (bench/cpu.ts).
const appName = { service: `${schema}_service`, floor: `${schema}_floor` };
const urlFor = (name: string) => {
  const v = new URL(schemaUrl);
  v.searchParams.set("application_name", name);
  return v.toString();
};
async function ownBackends(): Promise<Record<string, number[]>> {
  const { rows } = await admin.query<{ pid: number; application_name: string }>(
    "SELECT pid, application_name FROM pg_stat_activity WHERE application_name = ANY($1)",
    [[appName.service, appName.floor]],
  );
  return {
    "pg service": rows.filter((r) => r.application_name === appName.service).map((r) => r.pid),
    "pg floor": rows.filter((r) => r.application_name === appName.floor).map((r) => r.pid),
  };
}

const procs: Proc[] = [];
// The processes whose CPU time is reported per request (see bench/cpu.ts).
const cpuPids: Record<string, number | undefined> = {};
const secretKey = randomBytes(32).toString("hex");
let livePsp: Awaited<ReturnType<typeof setUpLivePsp>> | undefined;
try {
  const service = await start(serviceMain, {
    DATABASE_URL: urlFor(appName.service),
    TOSTAO_DB_POOL_SIZE: POOL,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    TOSTAO_SECRET_KEY: secretKey,
    TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1,localhost",
    TOSTAO_RATE_LIMIT_LIVE: "0",
    TOSTAO_RATE_LIMIT_TEST: "0",
    TOSTAO_RATE_LIMIT_PUBLIC: "0",
    TOSTAO_OPEN_REQUESTS_PER_TOKEN: "0",
    ...(process.env.TOSTAO_DB_WRITE_CONCURRENCY
      ? { TOSTAO_DB_WRITE_CONCURRENCY: process.env.TOSTAO_DB_WRITE_CONCURRENCY }
      : {}),
    ...(process.env.TOSTAO_HEAP_GROWTH_PERCENT
      ? { TOSTAO_HEAP_GROWTH_PERCENT: process.env.TOSTAO_HEAP_GROWTH_PERCENT }
      : {}),
  });
  procs.push(service);
  await new Promise((r) => setTimeout(r, 100));
  const token = /(svc_test_[0-9A-Za-z]+)/.exec(service.out())?.[1];
  if (!token) throw new Error(`no bootstrap token:\n${service.out()}`);
  const floor = await start("./floor.ts", {
    DATABASE_URL: urlFor(appName.floor),
    TOSTAO_DB_POOL_SIZE: POOL,
  });
  procs.push(floor);
  cpuPids.service = service.child.pid;
  cpuPids.floor = floor.child.pid;

  // One charge for the status row.
  const made = await fetch(`${service.url}/api/pix/charge/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ value: 10, title: "bench" }),
  });
  const chargeId = ((await made.json()) as { data: { chargeId: string } }).data.chargeId;
  // The scoped row's key: the same account, tokens:read only.
  const scopedMade = await fetch(`${service.url}/api/auth/token/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ label: "bench-scoped", scopes: ["tokens:read"] }),
  });
  const scopedToken = ((await scopedMade.json()) as { data: { token: string } }).data.token;
  // The live row's merchant: a live token and a PSP connection to a local peer (bench/live-psp.ts).
  const wantsLive = scenarios.some((s) => s.mode === "live" && picks(only, s));
  if (wantsLive) {
    livePsp = await setUpLivePsp({
      DATABASE_URL: schemaUrl,
      TOSTAO_SECRET_KEY: secretKey,
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1,localhost",
      // The CLI saves the connection, which needs the public address (never used by the bench).
      TOSTAO_BASE_URL: "https://tostao.example",
    });
  }
  const ctx: BenchContext = { token, serviceUrl: service.url, chargeId };
  console.log(
    `bench: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per row, floor and service alternating (ABBA), pool ${POOL}, PostgreSQL (${schema}), node ${process.version}\n`,
  );
  const rows: string[][] = [];
  const cpuLines: string[] = [];
  const roundLines: string[] = [];
  for (const s of scenarios) {
    if (!picks(only, s)) continue;
    const bearer = s.mode === "live" ? livePsp?.liveToken : s.scoped ? scopedToken : token;
    const headers = { authorization: `Bearer ${bearer}`, "content-type": "application/json" };
    // The floor gets the very request the scenario sends (headers, body, a fresh Idempotency-Key
    // each time), so the load generator's and the HTTP parser's share of the work is the same on
    // both sides and the ratio measures only what the service adds. Floor and service alternate,
    // round by round, and each round's ratio compares two loads run seconds apart: on a shared
    // machine whose speed drifts over minutes, that keeps the drift out of the ratio.
    // Rounds run floor-then-service and service-then-floor in turn, so neither side always runs
    // second, in the wake of the other's writes (PostgreSQL's checkpointer and background writer
    // catching up), and a steady drift of the machine's speed favours neither.
    const floors: LoadResult[] = [];
    const services: LoadResult[] = [];
    const loadFloor = () =>
      load(
        `${floor.url}/floor/${s.floor}`,
        s.floor === "read" ? "GET" : "POST",
        headers,
        s.body?.(ctx),
        s.idempotencyKey,
      );
    const loadService = () =>
      load(
        `${service.url}${s.path(ctx)}`,
        s.method,
        headers,
        s.body?.(ctx),
        s.idempotencyKey,
        mailSettled,
      );
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        floors.push(await loadFloor());
        services.push(await loadService());
      } else {
        services.push(await loadService());
        floors.push(await loadFloor());
      }
    }
    const ratios = services.map((m, i) => m.rps / (floors[i] as LoadResult).rps);
    const f = summarise(floors);
    const m = summarise(services);
    rows.push([
      `floor: ${s.floor === "read" ? "one SELECT by key" : "one INSERT"}`,
      f.rps,
      f.p50,
      f.p99,
      `${peakRssMb(floor.child.pid)}`,
      "1.00",
    ]);
    rows.push([
      s.name,
      m.rps,
      m.p50,
      m.p99,
      `${peakRssMb(service.child.pid)}`,
      median(ratios).toFixed(2),
    ]);
    roundLines.push(`${s.name}: ${ratios.map((r) => r.toFixed(2)).join(" ")}`);
    if (services.some((x) => x.withDeferred)) {
      const waits = services.map((x) => (x.settledMs / 1000).toFixed(1)).join(" ");
      const whole = services.map((x, i) =>
        ((x.withDeferred?.rps ?? x.rps) / (floors[i] as LoadResult).rps).toFixed(2),
      );
      roundLines.push(
        `  with the mail it left (drained ${waits} s after the load): ${whole.join(" ")}`,
      );
    }
    // For the regression check (compare.ts) a row's figures are the whole cost of its requests:
    // with the mail they left where they left some, since a change that only defers work would
    // otherwise pass as a saving, and one that does it sooner as a loss. The request path alone
    // is beside it, reported but not checked.
    const deferred = services.some((x) => x.withDeferred);
    const whole = (x: LoadResult) => x.withDeferred?.cpu ?? x.cpu;
    summary.push({
      name: deferred ? `${s.name}, with the mail it left` : s.name,
      ratio: median(
        services.map((x, i) => (x.withDeferred?.rps ?? x.rps) / (floors[i] as LoadResult).rps),
      ),
      serviceUs: median(services.map((x) => usOf(whole(x), "service"))),
      pgServiceUs: median(services.map((x) => usOf(whole(x), "pg service"))),
    });
    if (deferred) {
      summary.push({
        name: `${s.name}, request path only`,
        ratio: median(ratios),
        serviceUs: median(services.map((x) => usOf(x.cpu, "service"))),
        pgServiceUs: median(services.map((x) => usOf(x.cpu, "pg service"))),
        checked: false,
      });
    }
    cpuLines.push(`floor ${s.floor}: ${floors.map((x) => x.cpu).join(" | ")}`);
    cpuLines.push(`${s.name}: ${services.map((x) => x.cpu).join(" | ")}`);
    if (services.some((x) => x.withDeferred)) {
      const cpus = services.map((x) => x.withDeferred?.cpu ?? x.cpu);
      cpuLines.push(`${s.name}, with the mail it left: ${cpus.join(" | ")}`);
    }
  }
  const head = ["scenario", "req/s", "p50 ms", "p99 ms", "peak RSS MB", "ratio to floor"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  console.log(`\nratio to the floor, round by round:\n  ${roundLines.join("\n  ")}`);
  console.log(`\nCPU microseconds per request, by process group:\n  ${cpuLines.join("\n  ")}`);

  if (section("deliveries")) {
    // Issue 39: a backlog of deliveries drained, against a bare fetch loop (bench/deliveries.ts).
    const d = await benchDeliveries({
      serviceUrl: service.url,
      token,
      databaseUrl: schemaUrl,
      servicePid: service.child.pid,
      serviceBackends: async () => (await ownBackends())["pg service"] ?? [],
      rounds: Number(process.env.BENCH_DELIVERY_ROUNDS ?? 4),
    });
    console.log(`\n${d.lines.join("\n")}`);
    summary.push({
      name: "deliveries (backlog drained)",
      ratio: d.ratio,
      serviceUs: d.serviceUs,
      pgServiceUs: d.pgServiceUs,
    });
  }
  if (section("webhooks")) {
    const w = await benchWebhooks({ serviceUrl: service.url, token });
    console.log(
      `\nwebhooks: ${w.delivered} delivered; ` +
        `event to delivery at 200 charges/s: p50 ${w.p50} ms, p99 ${w.p99} ms (${w.samples} samples)`,
    );
  }
  if (section("growth")) {
    // Issue 27: the same operations at 0 and at BENCH_GROWTH_ROWS charges (default 1,000,000).
    console.log("");
    await benchGrowth(DATABASE_URL);
  }
  if (section("lists")) {
    console.log(
      `\ncharge lists over 100,000 charges (PostgreSQL), the use case in process:\n  ${(await benchChargeLists()).join("\n  ")}`,
    );
  }
  if (section("home")) {
    // Issue 38: the dashboard home with 1,000 and 101,000 charges made today (bench/home.ts).
    console.log(`\ndashboard home (in process):\n  ${(await benchHome()).join("\n  ")}`);
  }
  if (section("export")) {
    // The CSV export of 1,000,000 charges (BENCH_EXPORT_ROWS) in constant memory.
    console.log(`\n${await benchChargeExport(DATABASE_URL)}`);
  }
  if (section("mail")) {
    // Issue 35: payers' mail at volume, and a SIGKILL while sending (bench/mail.ts).
    console.log(
      `\npayer mail (own service, local SMTP server):\n  ${(await benchMail()).join("\n  ")}`,
    );
  }
  if (section("batch")) {
    // Issue 24: 10,000 due-date charges as ten 1,000-line batches, sandbox and against the peer.
    console.log(`\ncharge batches (in process):\n  ${(await benchChargeBatch()).join("\n  ")}`);
  }
  if (section("amount-due")) {
    // Issue 24: the cost of one call of the due-date amount function (pure CPU, in process).
    console.log(`\n${benchAmountDue()}`);
  }
  if (section("sign-in-code")) {
    // Issue 36: the sign-in's code step against a password sign-in and one HMAC (in process).
    console.log(
      `\nsign-in code step (in process, PGlite):\n  ${(await benchSignInCode()).join("\n  ")}`,
    );
  }
  if (section("billing")) {
    // Issue 25: a billing day of 100,000 live subscriptions due (BENCH_BILLING_SUBSCRIPTIONS),
    // the scheduler in its own process against the PSP peer in another.
    console.log(`\n${await benchBillingDay(DATABASE_URL)}`);
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(summary));
  if (livePsp) {
    livePsp.peer.assertNoViolations();
    console.log(
      `\nlive row: ${livePsp.peer.cobs.size} cobs at the PSP peer, every request valid against the BACEN OpenAPI file`,
    );
  }
} finally {
  await livePsp?.close();
  for (const p of procs) p.child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 300));
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
