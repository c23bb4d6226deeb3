import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrate } from "../src/db/migrate.ts";
import { openPostgres } from "../src/db/pg.ts";
import { chargeSearchQuery } from "../src/db/queries/charge-search.ts";
import { listPixCharges } from "../src/domain/charges/read-charges.ts";
import { ListChargesQuerySchema } from "../src/domain/charges/schemas.ts";
import { systemClock } from "../src/kernel/clock.ts";
import { seedCharges } from "../test/helpers/seed-charges.ts";

// The charge lists over an account with 100,000 charges on PostgreSQL (and 50,000 of another
// account beside them): the p99 of one page (the use case: the query and the views, as
// GET /api/pix/charges runs it) for every filter, and for offsets up to the limit (10,000).
// Goal: under 20 ms each. `npm run bench -- lists` runs it alone (a fresh schema, dropped after);
// `tsx bench/charge-lists.ts` too.

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://root@127.0.0.1:5432/test";
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);

export async function benchChargeLists(): Promise<string[]> {
  const schema = `bench_lists_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const u = new URL(DATABASE_URL);
  u.searchParams.set("options", `-c search_path=${schema}`);
  const db = openPostgres(u.toString(), 4);
  const lines: string[] = [];
  try {
    await migrate(db);
    for (const id of ["acct_bench", "acct_other"]) {
      await db.query("INSERT INTO accounts (id, name, created_at) VALUES ($1, 'x', now())", [id]);
    }
    const start = new Date();
    const seed = (accountId: string, method: "pix" | "crypto", count: number, prefix: string) =>
      seedCharges(db, { accountId, mode: "test", method, count, start, stepMs: 25, prefix });
    await seed("acct_bench", "pix", 80_000, "pix_b");
    await seed("acct_bench", "crypto", 20_000, "BTC-B");
    await seed("acct_other", "pix", 50_000, "pix_o");
    await db.query("ANALYZE charges");
    const who = { accountId: "acct_bench", mode: "test" as const, tokenId: "bench" };
    // 80,000 PIX charges 25 ms apart: 2,000 s of history, ten minutes of which is 24,000 charges.
    const ago = (minutes: number) => new Date(start.getTime() - minutes * 60_000).toISOString();
    const rows: Array<[string, Record<string, string>]> = [
      ["first page", {}],
      ["offset 1,000", { offset: "1000" }],
      ["offset 5,000", { offset: "5000" }],
      ["offset 10,000 (the limit)", { offset: "10000" }],
      ["status=approved", { status: "approved" }],
      ["status=canceled, offset 5,000", { status: "canceled", offset: "5000" }],
      ["created_from/to (ten minutes)", { created_from: ago(15), created_to: ago(5) }],
      [
        "created_from/to, offset 10,000",
        { created_from: ago(15), created_to: ago(5), offset: "10000" },
      ],
      ["external_id", { external_id: "ord-40000" }],
      ["customer_email", { customer_email: "c8@example.com" }],
      ["customer_email, offset 500", { customer_email: "c8@example.com", offset: "500" }],
    ];
    for (const [name, query] of rows) {
      const input = ListChargesQuerySchema.parse({ limit: "50", ...query });
      for (let i = 0; i < 10; i++) await listPixCharges({ db, clock: systemClock }, who, input); // warm
      const ms: number[] = [];
      let count = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = process.hrtime.bigint();
        count = (await listPixCharges({ db, clock: systemClock }, who, input)).charges.length;
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      ms.sort((a, b) => a - b);
      const p = (q: number) =>
        (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(2);
      lines.push(
        `${name.padEnd(34)} p50 ${p(0.5).padStart(6)} ms  p99 ${p(0.99).padStart(6)} ms  (${count} rows)`,
      );
    }
    const plan = chargeSearchQuery({
      accountId: "acct_bench",
      mode: "test",
      method: "pix",
      limit: 51,
    });
    const explained = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${plan.sql}`, plan.params);
    lines.push(
      `plan of the first page: ${explained.map((r) => r["QUERY PLAN"].trim()).join(" / ")}`,
    );
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    `charge lists over 100,000 charges (PostgreSQL), ${RUNS} pages per row:\n  ${(await benchChargeLists()).join("\n  ")}`,
  );
}
