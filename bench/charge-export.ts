import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrate } from "../src/db/migrate.ts";
import { openPostgres } from "../src/db/pg.ts";
import { exportCharges } from "../src/domain/exports/export-charges.ts";
import { bulkCharges } from "../test/helpers/bulk-charges.ts";

// The CSV export at volume (docs/exports.md): on its own PostgreSQL schema, BENCH_EXPORT_ROWS
// charges (default 1,000,000), then the export's use case in process, every chunk handed to a
// sink that counts it, as the HTTP reply's stream would pull it. Reports rows/s, and the peak
// RSS over the export against the RSS before it: flat memory is the point.

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const ACCOUNT = "acc_bench_export";

export async function benchChargeExport(databaseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const schema = `bench_export_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const u = new URL(databaseUrl);
  u.searchParams.set("options", `-c search_path=${schema}`);
  const db = openPostgres(u.toString(), 2);
  try {
    await migrate(db);
    await db.query("INSERT INTO accounts (id, name, created_at) VALUES ($1, 'bench', now())", [
      ACCOUNT,
    ]);
    await bulkCharges(db, {
      accountId: ACCOUNT,
      tag: "ex",
      count: ROWS,
      createdAt: new Date(Date.now() - ROWS * 1000),
      stepMs: 1000,
      events: false,
    });
    await db.query("VACUUM ANALYZE charges");
    globalThis.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    let lines = 0;
    let bytes = 0;
    const t0 = performance.now();
    const who = { accountId: ACCOUNT, mode: "test" as const, tokenId: "bench" };
    const q = { format: "csv" as const, dialect: "rfc4180" as const };
    for await (const chunk of exportCharges({ db }, who, "pix", q)) {
      bytes += Buffer.byteLength(chunk);
      for (let i = chunk.indexOf("\n"); i !== -1; i = chunk.indexOf("\n", i + 1)) lines++;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const s = (performance.now() - t0) / 1000;
    if (lines !== ROWS + 1) throw new Error(`exported ${lines - 1} rows of ${ROWS}`);
    const mb = (n: number) => (n / 2 ** 20).toFixed(0);
    return `csv export: ${ROWS} charges in ${s.toFixed(1)} s, ${(ROWS / s).toFixed(0)} rows/s, ${mb(bytes)} MB of CSV, RSS ${mb(rss0)} MB before, peak ${mb(peak)} MB (+${mb(peak - rss0)} MB)`;
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(
    await benchChargeExport(
      process.env.BENCH_DATABASE_URL ??
        process.env.DATABASE_URL ??
        "postgres://root@127.0.0.1:5432/test",
    ),
  );
}
