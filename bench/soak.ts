import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { setUpLivePsp } from "./live-psp.ts";
import { type Proc, peakRssMb, rssMb, start } from "./processes.ts";

// `npm run soak`: the service's memory under a steady live PIX create load. The service runs as
// in `npm run bench` (its own process, PostgreSQL, a live token whose PSP connection points at
// the local PSP peer of bench/live-psp.ts). The live create's rate is measured first (32
// connections, 10 s, after a 2 s warm-up), then the soak sends half of it for SOAK_SECONDS (600),
// a fresh Idempotency-Key per request, and reads the service's RSS every 10 s. It prints the RSS
// once the warm-up (SOAK_WARMUP_SECONDS, 60) is over and at the end, and compares the highest
// reading of the two minutes after the warm-up with the highest of the last two minutes: one
// reading depends on where the garbage collector is in its cycle (a steady run swings by 15-20 %
// between collections), the highest of a window of several cycles does not. It fails when the
// end window is more than 10 % above the first. SOAK_RATE sets the rate instead of measuring it;
// SOAK_HEAP_SNAPSHOTS=1 has the service write a heap snapshot after the warm-up and at the end
// (--heapsnapshot-signal), for bench/heap-diff.ts.

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://root@127.0.0.1:5432/test";
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const WARMUP = Number(process.env.SOAK_WARMUP_SECONDS ?? 60);
const SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS === "1";
const CONNECTIONS = 32;

const schema = `soak_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const u = new URL(DATABASE_URL);
u.searchParams.set("options", `-c search_path=${schema}`);
const schemaUrl = u.toString();
const secretKey = randomBytes(32).toString("hex");
const snapshotDir = mkdtempSync(join(tmpdir(), "tostao-soak-"));

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let service: Proc | undefined;
let livePsp: Awaited<ReturnType<typeof setUpLivePsp>> | undefined;
try {
  service = await start(
    "../src/main.ts",
    {
      DATABASE_URL: schemaUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      TOSTAO_SECRET_KEY: secretKey,
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1,localhost",
      TOSTAO_RATE_LIMIT_LIVE: "0",
      TOSTAO_RATE_LIMIT_TEST: "0",
      TOSTAO_RATE_LIMIT_PUBLIC: "0",
      TOSTAO_OPEN_REQUESTS_PER_TOKEN: "0",
    },
    SNAPSHOTS
      ? { nodeArgs: ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshotDir}`] }
      : {},
  );
  livePsp = await setUpLivePsp({
    DATABASE_URL: schemaUrl,
    TOSTAO_SECRET_KEY: secretKey,
    TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1,localhost",
    // The CLI saves the connection, which needs the public address (never used by the soak).
    TOSTAO_BASE_URL: "https://tostao.example",
  });
  const pid = service.child.pid;
  const run = `${process.pid}-${Date.now()}`;
  let n = 0;
  const load = (opts: { duration: number; overallRate?: number }) =>
    autocannon({
      url: `${service?.url}/api/pix/charge/create`,
      method: "POST",
      headers: {
        authorization: `Bearer ${livePsp?.liveToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ value: 129.9, title: "Camiseta" }),
      connections: CONNECTIONS,
      requests: [
        {
          setupRequest: (req: { headers?: Record<string, string> }) => {
            req.headers = { ...req.headers, "idempotency-key": `soak-${run}-${n++}` };
            return req;
          },
        },
      ],
      ...opts,
    } as autocannon.Options);

  log(`service pid ${pid}, RSS ${rssMb(pid)} MB at start`);
  let rate = Number(process.env.SOAK_RATE ?? 0);
  if (!rate) {
    await load({ duration: 2 });
    const measured = await load({ duration: 10 });
    rate = Math.max(1, Math.floor(measured.requests.average / 2));
    log(
      `live create measured at ${measured.requests.average.toFixed(0)} req/s (32 connections); soak at ${rate} req/s; RSS ${rssMb(pid)} MB, peak ${peakRssMb(pid)} MB`,
    );
  }

  const soak = load({ duration: SECONDS, overallRate: rate });
  const started = Date.now();
  const samples: Array<{ s: number; rss: number }> = [];
  let atWarmup: number | undefined;
  const snapshot = async (label: string) => {
    if (!SNAPSHOTS) return;
    const before = new Set(readdirSync(snapshotDir));
    service?.child.kill("SIGUSR2");
    for (let i = 0; i < 600; i++) {
      const made = readdirSync(snapshotDir).filter((f) => !before.has(f));
      if (made.length > 0) {
        log(`heap snapshot (${label}): ${join(snapshotDir, made[0] as string)}`);
        return;
      }
      await sleep(100);
    }
  };
  while (Date.now() - started < SECONDS * 1000 - 5_000) {
    await sleep(10_000);
    const s = Math.round((Date.now() - started) / 1000);
    samples.push({ s, rss: rssMb(pid) });
    if (atWarmup === undefined && s >= WARMUP) {
      atWarmup = rssMb(pid);
      log(`after the ${WARMUP} s warm-up: RSS ${atWarmup} MB`);
      await snapshot("after warm-up");
    } else if (s % 60 < 10) {
      log(`${s} s: RSS ${rssMb(pid)} MB`);
    }
  }
  const result = await soak;
  const end = rssMb(pid);
  await snapshot("end");
  const after = samples.filter((x) => x.s >= WARMUP);
  const firstWindow = Math.max(...after.filter((x) => x.s < WARMUP + 120).map((x) => x.rss));
  const lastWindow = Math.max(...after.filter((x) => x.s > SECONDS - 125).map((x) => x.rss));
  const growth = (lastWindow - firstWindow) / firstWindow;
  const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)} %`;
  log(
    `soak done: ${result.requests.total} creates in ${SECONDS} s (${result.requests.average.toFixed(0)} req/s asked ${rate}), ${result.non2xx} non-2xx, ${result.errors} errors, p99 ${result.latency.p99} ms`,
  );
  log(
    `RSS after warm-up ${atWarmup} MB, at the end ${end} MB (${atWarmup ? pct((end - atWarmup) / atWarmup) : "?"}); ` +
      `between ${Math.min(...after.map((x) => x.rss))} and ${Math.max(...after.map((x) => x.rss))} MB after warm-up; peak ${peakRssMb(pid)} MB`,
  );
  log(`RSS every 10 s (MB): ${samples.map((x) => x.rss).join(" ")}`);
  log(
    `highest RSS in the 2 minutes after warm-up ${firstWindow} MB, in the last 2 minutes ${lastWindow} MB (${pct(growth)})`,
  );
  livePsp.peer.assertNoViolations();
  if (!(growth <= 0.1)) {
    console.error("RSS grew more than 10 % over the soak (highest of the last 2 minutes)");
    process.exitCode = 1;
  }
} finally {
  await livePsp?.close();
  service?.child.kill("SIGTERM");
  await sleep(300);
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
