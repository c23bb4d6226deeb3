import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createAccount } from "../src/domain/accounts/create-account.ts";
import { billingPass } from "../src/domain/subscriptions/billing.ts";
import { issueToken } from "../src/domain/tokens/manage-tokens.ts";
import { manualClock } from "../src/kernel/clock.ts";
import { applyHeapGrowth } from "../src/kernel/heap-growth.ts";
import { makeBacenPixClient } from "../src/pix-psp/bacen-client.ts";
import { createService } from "../src/service.ts";
import { openTestDb } from "../test/helpers/db.ts";
import { testConfig } from "../test/helpers/service.ts";

// `npx tsx bench/billing-day-live.ts [N]` (DATABASE_URL: a PostgreSQL): the billing day of N
// (default 100,000) approved live monthly subscriptions due, each period's charge a PUT /cobr at
// the PSP peer (its own process: bench/billing-day-peer.ts, every request validated against the
// BACEN file). Prints the scheduler's time for the whole day and this process's peak RSS (the
// service's billing pass with its database pool; the peer's memory is not counted), the RSS
// before the pass, the peaks of V8's heap and of external memory, and the CPU time of this
// process and of the peer (on a shared machine the CPU times are the steadier figures).
// TOSTAO_HEAP_GROWTH_PERCENT as for the service (0: V8's own heap growth).
// BENCH_TRACE_MEMORY=1 prints process.memoryUsage() every 50 ms on stderr.
const N = Number(process.argv[2] ?? process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const NOW = new Date("2026-03-02T15:00:00.000Z"); // period 0 (2026-03-10) is in its window

async function startPeer() {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(new URL("./billing-day-peer.ts", import.meta.url)),
      String(N),
      NOW.toISOString(),
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse(String((await lines.next()).value));
  const creds = await next();
  return {
    creds,
    async report() {
      child.stdin.write("report\n");
      return next();
    },
    close() {
      child.stdin.end();
    },
  };
}

let peakRss = 0;
let peakHeap = 0;
let peakExternal = 0;
const sample = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakExternal = Math.max(peakExternal, m.external);
  if (process.env.BENCH_TRACE_MEMORY === "1")
    console.error(
      `rss ${(m.rss / 1e6).toFixed(0)} heapUsed ${(m.heapUsed / 1e6).toFixed(0)} heapTotal ${(m.heapTotal / 1e6).toFixed(0)} external ${(m.external / 1e6).toFixed(0)} arrayBuffers ${(m.arrayBuffers / 1e6).toFixed(0)}`,
    );
}, 50);

const t = await openTestDb({ migrate: true });
const peer = await startPeer();
const clock = manualClock(NOW);
const config = testConfig({
  TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost,127.0.0.1",
  // Saving the PSP connection needs the public address (the bench never follows a link).
  TOSTAO_BASE_URL: "https://tostao.example",
  TOSTAO_BILLING_INTERVAL_SECONDS: "3600",
  TOSTAO_PIX_RECONCILE_SECONDS: "3600",
  ...(process.env.TOSTAO_HEAP_GROWTH_PERCENT
    ? { TOSTAO_HEAP_GROWTH_PERCENT: process.env.TOSTAO_HEAP_GROWTH_PERCENT }
    : {}),
});
// As main.ts does at start: the process is the service's, with its heap setting.
applyHeapGrowth(config.heapGrowthPercent);
const svc = await createService(config, {
  db: t.db,
  clock,
  logger: false,
  makePspClient: (c) => makeBacenPixClient(c, { clock }),
});
const account = await createAccount(svc.deps, { name: "Billing day" });
const live = (await issueToken(svc.deps, { accountId: account.id, label: "live", mode: "live" }))
  .token;
const c = peer.creds;
const saved = await svc.app.inject({
  method: "POST",
  url: "/api/pix/provider",
  headers: { authorization: `Bearer ${live}` },
  payload: {
    profile: c.profile,
    base_url: c.baseUrl,
    token_url: c.tokenUrl,
    client_id: c.clientId,
    client_secret: c.clientSecret,
    certificate: c.certificatePem,
    private_key: c.privateKeyPem,
    ca: c.caPem,
    pix_key: c.pixKey,
    merchant_name: "Loja Bench",
    merchant_city: "Recife",
    receiver_account: { account: "123456", type: "CORRENTE" },
  },
});
if (saved.statusCode !== 200) throw new Error(`connection: ${saved.body}`);

const seedStart = performance.now();
await t.db.query(
  `INSERT INTO subscriptions (id, account_id, mode, status, title, details, periodicity, start_date,
     value_cents, retry_policy, provider, rec_id, br_code, next_period, next_issue_at, expires_at,
     created_at, updated_at, approved_at)
   SELECT 'sub_' || lpad(i::text, 26, '0'), $1, 'live', 'approved', 'Plano mensal',
     '{"customer_name":"Maria Silva","customer_cpf":"52998224725"}'::jsonb, 'monthly', '2026-03-10',
     4990, 'none', 'psp', 'RR1234567820260302' || lpad(i::text, 11, '0'), 'seeded', 0, $2, $2, $2, $2, $2
   FROM generate_series(0, $3::int - 1) AS i`,
  [account.id, new Date("2026-02-28T03:00:00.000Z"), N],
);
const seedS = (performance.now() - seedStart) / 1000;
const before = process.memoryUsage();
peakRss = before.rss; // the day's peak, from here
peakHeap = before.heapUsed;
peakExternal = before.external;

const peerCpu0 = (await peer.report()).cpuMs as number;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const tally = await billingPass(svc.deps);
const seconds = (performance.now() - t0) / 1000;
clearInterval(sample);
const cpu = process.cpuUsage(cpu0);
const seen = await peer.report();
const rows = await t.db.query<{ n: number }>(
  "SELECT count(*)::int AS n FROM charges WHERE account_id = $1 AND subscription_id IS NOT NULL",
  [account.id],
);

console.log(`billing day, live, against the PSP peer: ${N} monthly subscriptions due`);
console.table({
  scheduler: {
    subscriptions: N,
    issued: tally.issued,
    railFailed: tally.railFailed ?? 0,
    "charges stored": rows[0]?.n ?? 0,
    "cobrs at the PSP": seen.cobrs,
    violations: seen.violations,
    seconds: seconds.toFixed(1),
    "per subscription ms": ((seconds * 1000) / N).toFixed(2),
    "RSS before MB": (before.rss / 1e6).toFixed(0),
    "peak RSS MB": (peakRss / 1e6).toFixed(0),
    "peak heap MB": (peakHeap / 1e6).toFixed(0),
    "peak external MB": (peakExternal / 1e6).toFixed(0),
    "seed s": seedS.toFixed(1),
    "CPU s": ((cpu.user + cpu.system) / 1e6).toFixed(1),
    "peer CPU s": ((seen.cpuMs - peerCpu0) / 1000).toFixed(1),
    "peer requests": seen.requests,
  },
});
if (seen.firstViolation) console.log(JSON.stringify(seen.firstViolation));
// The last line, for `npm run bench` (bench/billing-day.ts).
console.log(
  JSON.stringify({
    subscriptions: N,
    issued: tally.issued,
    cobrs: seen.cobrs,
    peerRequests: seen.requests,
    violations: seen.violations,
    seconds: Number(seconds.toFixed(1)),
    peakRssMb: Math.round(peakRss / 1e6),
    rssBeforeMb: Math.round(before.rss / 1e6),
  }),
);
peer.close();
await svc.close();
await t.close();
