import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrate } from "../src/db/migrate.ts";
import { openPostgres } from "../src/db/pg.ts";
import { bulkCharges } from "../test/helpers/bulk-charges.ts";

// What an index build on a big table does to the writes beside it (docs/operations.md, "Upgrades
// and migrations"): on its own PostgreSQL schema, BENCH_INDEX_ROWS charges (default 200,000), then
// an index built on them while BENCH_INDEX_WRITERS loops insert charges one at a time, once with a
// plain CREATE INDEX and once CONCURRENTLY, alternated over BENCH_INDEX_ROUNDS rounds. Per build:
// its time, the inserts that completed while it ran, and the slowest insert.

const ROWS = Number(process.env.BENCH_INDEX_ROWS ?? 200_000);
const WRITERS = Number(process.env.BENCH_INDEX_WRITERS ?? 2);
const ROUNDS = Number(process.env.BENCH_INDEX_ROUNDS ?? 3);
const ACCOUNT = "acc_bench_index";

type Build = { concurrently: boolean; buildMs: number; inserts: number; maxInsertMs: number };

async function buildWhileInserting(
  url: string,
  concurrently: boolean,
  round: number,
): Promise<Build> {
  const writers = openPostgres(url, WRITERS);
  const builder = new pg.Client({ connectionString: url });
  await builder.connect();
  let stop = false;
  let n = 0;
  const done: { start: number; end: number }[] = [];
  const loops = Array.from({ length: WRITERS }, async () => {
    while (!stop) {
      const id = `pix_ib${round}${concurrently ? "c" : "p"}${String(n++).padStart(20, "0")}`;
      const start = performance.now();
      await writers.query(
        `INSERT INTO charges (id, account_id, mode, method, status, value_cents, details, provider,
           txid, expires_at, created_at, updated_at)
         VALUES ($1, $2, 'test', 'pix', 'pending', 1234, '{}', 'sandbox', $1, now() + interval '1 hour', now(), now())`,
        [id, ACCOUNT],
      );
      done.push({ start, end: performance.now() });
    }
  });
  await new Promise((r) => setTimeout(r, 300));
  const t0 = performance.now();
  await builder.query(
    `CREATE INDEX ${concurrently ? "CONCURRENTLY " : ""}bench_index ON charges (account_id, mode, value_cents, created_at)`,
  );
  const t1 = performance.now();
  stop = true;
  await Promise.all(loops);
  // Completed while the build ran; the slowest of those that overlapped it (one held up by a
  // plain build completes only after it).
  const inserts = done.filter((d) => d.end >= t0 && d.end <= t1).length;
  const maxInsertMs = Math.max(
    0,
    ...done.filter((d) => d.end >= t0 && d.start <= t1).map((d) => d.end - d.start),
  );
  await builder.query("DROP INDEX bench_index");
  await builder.end();
  await writers.close();
  return { concurrently, buildMs: t1 - t0, inserts, maxInsertMs };
}

export async function benchIndexBuild(databaseUrl: string): Promise<Build[]> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const schema = `bench_index_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const u = new URL(databaseUrl);
  u.searchParams.set("options", `-c search_path=${schema}`);
  const url = u.toString();
  try {
    const db = openPostgres(url, 2);
    await migrate(db);
    await db.query("INSERT INTO accounts (id, name, created_at) VALUES ($1, 'bench', now())", [
      ACCOUNT,
    ]);
    await bulkCharges(db, {
      accountId: ACCOUNT,
      tag: "ib",
      count: ROWS,
      createdAt: new Date(Date.now() - ROWS * 1000),
      stepMs: 1000,
      events: false,
    });
    await db.query("VACUUM ANALYZE charges");
    await db.close();
    const builds: Build[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const concurrently of order) {
        const b = await buildWhileInserting(url, concurrently, round);
        builds.push(b);
        console.log(
          `index-build: ${ROWS} rows, ${concurrently ? "CONCURRENTLY" : "plain       "} build ${b.buildMs.toFixed(0)} ms, ` +
            `${b.inserts} inserts during it, slowest insert ${b.maxInsertMs.toFixed(0)} ms`,
        );
      }
    }
    return builds;
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchIndexBuild(
    process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      "postgres://root@127.0.0.1:5432/test",
  );
}
