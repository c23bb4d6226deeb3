import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPostgres } from "../src/db/pg.ts";
import { openPglite } from "../src/db/pglite.ts";
import { createAccount } from "../src/domain/accounts/create-account.ts";
import type { Db } from "../src/kernel/db.ts";
import { createService } from "../src/service.ts";
import { bulkCharges } from "../test/helpers/bulk-charges.ts";
import { addUser, signInInject } from "../test/helpers/dashboard.ts";
import { testConfig } from "../test/helpers/service.ts";

// Issue 38 part 4: GET /dashboard (signed in, the use case and the view through app.inject) with
// 1,000 charges made today, then with 101,000: the page must cost at most twice as much (it
// cost 36.8 ms against 6.7 ms when today's figures counted the day's charges). Half of each
// batch is approved (the daily rollup's trigger counts them), half pending; all between São
// Paulo's midnight and now, loaded with generate_series (test/helpers/bulk-charges.ts). On
// PostgreSQL and on PGlite. `npm run bench -- home`, or `tsx bench/home.ts`.

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://root@127.0.0.1:5432/test";
const RUNS = Number(process.env.BENCH_HOME_RUNS ?? 200);
const MORE = Number(process.env.BENCH_HOME_MORE ?? 100_000);

/** Midnight in São Paulo (UTC-3 since 2019) of now, plus a second. */
function spMidnight(now: number): number {
  const day = new Date(now - 3 * 3_600_000).toISOString().slice(0, 10);
  return Date.parse(`${day}T03:00:01Z`);
}

async function timeHome(db: Db, engine: string): Promise<string[]> {
  const svc = await createService(testConfig(), { db, logger: false });
  try {
    const account = await createAccount(svc.deps, { name: "Bench shop" });
    const a = account.id;
    const email = `home-${randomBytes(3).toString("hex")}@example.com`;
    const withApp = svc as unknown as Parameters<typeof addUser>[0];
    await addUser(withApp, a, email);
    const s = await signInInject(withApp, email);
    const now = Date.now();
    const from = spMidnight(now);
    let made = 0;
    const load = async (count: number) => {
      const half = count / 2;
      const stepMs = Math.max(1, Math.floor((now - from) / count));
      for (const [status, n] of [
        ["approved", half],
        ["pending", half],
      ] as const) {
        await bulkCharges(db, {
          accountId: a,
          tag: `h${made}`,
          count: n,
          status,
          createdAt: new Date(from + (made % 1000)),
          stepMs: stepMs * 2,
        });
        made += n;
      }
      if (db.kind === "postgres") await db.query("ANALYZE charges, events, daily_receipts");
    };
    const measure = async () => {
      const get = () =>
        svc.app.inject({ method: "GET", url: "/dashboard", cookies: { tostao_session: s.cookie } });
      for (let i = 0; i < 20; i++) await get(); // warm: JIT, plans, caches
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = process.hrtime.bigint();
        const res = await get();
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.statusCode !== 200) throw new Error(`home: ${res.statusCode}`);
      }
      ms.sort((x, y) => x - y);
      const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
      return { p50: p(0.5), p99: p(0.99) };
    };
    await load(1_000);
    const small = await measure();
    const t0 = Date.now();
    await load(MORE);
    const loaded = ((Date.now() - t0) / 1000).toFixed(1);
    const big = await measure();
    // The 50,000 approvals just loaded left as many dead versions of today's 8 rollup rows;
    // a running service's autovacuum clears them within a minute (migration 0030's settings).
    let vacuumed: Awaited<ReturnType<typeof measure>> | undefined;
    if (db.kind === "postgres") {
      await db.query("VACUUM daily_receipts");
      vacuumed = await measure();
    }
    const [today] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM charges WHERE account_id = $1",
      [a],
    );
    return [
      `${engine}: ${today?.n} charges today (${MORE.toLocaleString("en")} loaded in ${loaded} s), ${RUNS} GETs each`,
      `  1,000 today:   p50 ${small.p50.toFixed(2)} ms  p99 ${small.p99.toFixed(2)} ms`,
      `  ${(1_000 + MORE).toLocaleString("en")} today: p50 ${big.p50.toFixed(2)} ms  p99 ${big.p99.toFixed(2)} ms  (p50 ratio ${(big.p50 / small.p50).toFixed(2)}, goal <= 2)`,
      ...(vacuumed
        ? [
            `  after VACUUM daily_receipts: p50 ${vacuumed.p50.toFixed(2)} ms  p99 ${vacuumed.p99.toFixed(2)} ms  (p50 ratio ${(vacuumed.p50 / small.p50).toFixed(2)})`,
          ]
        : []),
    ];
  } finally {
    await svc.close();
  }
}

export async function benchHome(): Promise<string[]> {
  const lines: string[] = [];
  const schema = `bench_home_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const u = new URL(DATABASE_URL);
    u.searchParams.set("options", `-c search_path=${schema}`);
    lines.push(...(await timeHome(openPostgres(u.toString(), 10), "PostgreSQL")));
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  if (process.env.BENCH_HOME_PGLITE !== "0") {
    lines.push(...(await timeHome(await openPglite(undefined), "PGlite")));
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`dashboard home (in process):\n  ${(await benchHome()).join("\n  ")}`);
}
