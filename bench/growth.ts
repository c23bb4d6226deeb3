import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { loadConfig } from "../src/config.ts";
import { openPostgres } from "../src/db/pg.ts";
import { createAccount } from "../src/domain/accounts/create-account.ts";
import { expireOverdueCharges } from "../src/domain/charges/move-charge.ts";
import { issueToken } from "../src/domain/tokens/manage-tokens.ts";
import { createUser } from "../src/domain/users/users.ts";
import { createService, type Service } from "../src/service.ts";
import { bulkCharges } from "../test/helpers/bulk-charges.ts";

// The growth scenario (issue 27): does the cost of the service stay flat as an account's history
// grows? In one process on its own PostgreSQL schema: create, status and list at 0 charges and
// again after BENCH_GROWTH_ROWS more (default 1,000,000, loaded with INSERT … SELECT
// generate_series, not through the API); the expiry drain rate against the create rate; the
// dashboard's home and charge list at that size; and bytes on disk per pending PIX charge with
// its events, with and without one webhook endpoint's deliveries. Requests go through
// app.inject (no sockets), so the figures are the service's own cost, not a load generator's.

const ROWS = Number(process.env.BENCH_GROWTH_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_GROWTH_SAMPLES ?? 10_000);
// Keeps the schema (named on stdout) for EXPLAIN ANALYZE at size; drop it by hand afterwards.
const KEEP = process.env.BENCH_GROWTH_KEEP === "1";
const ROUNDS = Number(process.env.BENCH_GROWTH_ROUNDS ?? 4);

type Ctx = { svc: Service; token: string; ids: string[] };

async function timed<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>) {
  const lat: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) {
        const s = performance.now();
        await fn(i);
        lat.push(performance.now() - s);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  return {
    perSec: n / secs,
    p50: lat[Math.floor(lat.length * 0.5)] ?? 0,
    p99: lat[Math.floor(lat.length * 0.99)] ?? 0,
  };
}

async function inject(c: Ctx, method: "GET" | "POST", url: string, body?: unknown) {
  const res = await c.svc.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/** The service on a schema (migrated), with a new account and a test token of it. */
async function startOn(schemaUrl: string, db: ReturnType<typeof openPostgres>) {
  const config = loadConfig({
    DATABASE_URL: schemaUrl,
    TOSTAO_SECRET_KEY: randomBytes(32).toString("hex"),
    TOSTAO_RATE_LIMIT_LIVE: "0",
    TOSTAO_RATE_LIMIT_TEST: "0",
    TOSTAO_RATE_LIMIT_PUBLIC: "0",
    TOSTAO_OPEN_REQUESTS_PER_TOKEN: "0",
    TOSTAO_WORKERS: "false",
    TOSTAO_PASSWORD_SCRYPT_COST: "14",
    TOSTAO_QUOTE_FIXED_BRL: "350000",
    LOG_LEVEL: "silent",
  });
  const svc = await createService(config, { db, logger: false });
  const account = await createAccount(svc.deps, { name: "growth" });
  const { token } = await issueToken(svc.deps, {
    accountId: account.id,
    label: "growth",
    mode: "test",
  });
  const c: Ctx = { svc, token, ids: [] };
  return { c, accountId: account.id };
}

/**
 * Create, status and list at ROWS against the same on an empty schema, alternated round by round
 * (which goes first alternates too): this shared machine's speed drifts by tens of percent over
 * minutes, so one pair of loads minutes apart says little. The median of the rounds' ratios.
 */
async function againstEmpty(admin: pg.Client, databaseUrl: string, c: Ctx) {
  const schema = `bench_growth_empty_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const db = openPostgres(url.toString(), 10);
  const empty = await startOn(url.toString(), db).catch(async (err) => {
    await db.close();
    throw err;
  });
  try {
    const ratios = { create: [] as number[], status: [] as number[], list: [] as number[] };
    await apiRow(empty.c, 200);
    for (let round = 0; round < ROUNDS; round++) {
      const [atN, at0] =
        round % 2 === 0
          ? [await apiRow(c, 1000), await apiRow(empty.c, 1000)]
          : [await apiRow(empty.c, 1000), await apiRow(c, 1000)].reverse();
      for (const k of ["create", "status", "list"] as const) {
        ratios[k].push((atN?.[k].perSec ?? 0) / (at0?.[k].perSec ?? 1));
      }
    }
    return ratios;
  } finally {
    await empty.c.svc.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Create, status and list: their rates and latencies. */
async function apiRow(c: Ctx, creates: number) {
  const create = await timed(creates, 16, async () => {
    const r = await inject(c, "POST", "/api/pix/charge/create", { value: 12.5, title: "growth" });
    c.ids.push(r.json().data.chargeId);
  });
  const status = await timed(3000, 16, (i) =>
    inject(c, "GET", `/api/pix/charge/status?charge_id=${c.ids[(i * 7919) % c.ids.length]}`),
  );
  const list = await timed(1000, 16, () => inject(c, "GET", "/api/pix/charges?limit=50"));
  return { create, status, list };
}

async function bytesPerCharge(db: pg.Pool, tables: string[], charges: number): Promise<number> {
  const r = await db.query<{ b: string }>(
    `SELECT sum(pg_total_relation_size(t::regclass))::bigint AS b FROM unnest($1::text[]) t`,
    [tables],
  );
  return Number(r.rows[0]?.b ?? 0) / charges;
}

export async function benchGrowth(databaseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const schema = `bench_growth_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const db = openPostgres(url.toString(), 10);
  const raw = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const out: string[] = [];
  const say = (line: string) => {
    out.push(line);
    console.log(line);
  };
  let svc: Service | undefined;
  try {
    const started = await startOn(url.toString(), db);
    svc = started.c.svc;
    const { c, accountId } = started;
    const account = { id: accountId };

    // At 0: SAMPLES charges through the API (pending PIX with their two events), then their size.
    const at0 = await apiRow(c, SAMPLES);
    await raw.query("VACUUM ANALYZE charges, events");
    const bare = await bytesPerCharge(raw, ["charges", "events"], SAMPLES);
    say(
      `growth: bytes on disk per pending PIX charge with its 2 events (${SAMPLES} via the API): ${bare.toFixed(0)}`,
    );
    const parts = await raw.query<{ name: string; b: string }>(
      `SELECT c.relname AS name, pg_relation_size(c.oid) AS b FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
       LEFT JOIN pg_index i ON i.indexrelid = c.oid
       LEFT JOIN pg_class t ON t.oid = i.indrelid
       WHERE c.relname IN ('charges', 'events') OR t.relname IN ('charges', 'events')
       ORDER BY 2 DESC`,
    );
    say(
      `growth:   of which ${parts.rows.map((r) => `${r.name} ${(Number(r.b) / SAMPLES).toFixed(0)}`).join(", ")}`,
    );

    // One webhook endpoint subscribed to everything: the deliveries of the next SAMPLES charges.
    await raw.query(
      `INSERT INTO webhooks (id, account_id, mode, url, events, secret_box, created_at)
       VALUES ('wh_growth', $1, 'test', 'https://shop.example/hook', '{*}', 'x', now())`,
      [account.id],
    );
    const before = await bytesPerCharge(raw, ["deliveries", "delivery_attempts"], 1);
    await timed(SAMPLES, 16, () =>
      inject(c, "POST", "/api/pix/charge/create", { value: 12.5, title: "growth" }),
    );
    // One attempt per delivery, as a receiver that answers at once leaves.
    await raw.query(
      `INSERT INTO delivery_attempts (delivery_id, attempted_at, status_code, latency_ms, response_snippet)
       SELECT id, now(), 200, 35, 'ok' FROM deliveries`,
    );
    await raw.query("VACUUM ANALYZE deliveries, delivery_attempts");
    const hooks = (await bytesPerCharge(raw, ["deliveries", "delivery_attempts"], 1)) - before;
    // Deleted again: the creates at 0 wrote no deliveries, so those at ROWS must not either (with
    // it, each create at 1M wrote two deliveries more, and measured 0.67 of the empty schema's).
    await raw.query("UPDATE webhooks SET deleted_at = now() WHERE id = 'wh_growth'");
    say(
      `growth: + one webhook endpoint: ${(hooks / SAMPLES).toFixed(0)} bytes per charge (2 deliveries, 1 attempt each)`,
    );

    // History: ROWS settled charges over 100 days, with their events, loaded in bulk.
    const t0 = performance.now();
    await bulkCharges(db, {
      accountId: account.id,
      tag: "g",
      count: ROWS,
      status: "approved",
      createdAt: new Date(Date.now() - 100 * 86_400_000),
      stepMs: Math.floor((100 * 86_400_000) / Math.max(ROWS, 1)),
    });
    await raw.query("VACUUM ANALYZE charges, events");
    say(
      `growth: loaded ${ROWS} charges with their events in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    const atN = await apiRow(c, 2000);
    const fmt = (x: { perSec: number; p50: number; p99: number }) =>
      `${x.perSec.toFixed(0)}/s p50 ${x.p50.toFixed(2)} ms p99 ${x.p99.toFixed(1)} ms`;
    for (const k of ["create", "status", "list"] as const) {
      say(
        `growth: ${k} at 0: ${fmt(at0[k])}; at ${ROWS}: ${fmt(atN[k])}; ratio (rate at ${ROWS} / at 0) ${(atN[k].perSec / at0[k].perSec).toFixed(2)}`,
      );
    }

    const rounds = await againstEmpty(admin, databaseUrl, c);
    for (const k of ["create", "status", "list"] as const) {
      say(
        `growth: ${k} at ${ROWS} / on an empty schema, ${ROUNDS} rounds alternated: median ${median(rounds[k]).toFixed(2)} (${rounds[k].map((r) => r.toFixed(2)).join(" ")})`,
      );
    }

    // The dashboard at ROWS: the home page and the first page of the charge list.
    await createUser(
      { ...svc.deps, scryptCost: 14 },
      { accountId: account.id, email: "growth@bench.example", password: "growth bench password" },
    );
    const signIn = await svc.app.inject({
      method: "POST",
      url: "/dashboard/sign-in",
      // Sign-in refuses a post without the page's own Origin (inject's Host without a base URL).
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: svc.deps.config.baseUrl ?? "http://localhost:80",
      },
      payload: "email=growth%40bench.example&password=growth+bench+password",
    });
    const cookie = /tostao_session=([^;]+)/.exec(String(signIn.headers["set-cookie"]))?.[1] ?? "";
    for (const page of ["/dashboard", "/dashboard/charges"]) {
      const r = await timed(50, 1, async () => {
        const res = await svc?.app.inject({
          method: "GET",
          url: page,
          cookies: { tostao_session: cookie },
        });
        if (res?.statusCode !== 200) throw new Error(`${page}: ${res?.statusCode}`);
      });
      say(
        `growth: dashboard ${page} at ${ROWS} charges: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
      );
    }

    // Expiry: 20,000 overdue pending charges drained by passes of the expiry job.
    await bulkCharges(db, {
      accountId: account.id,
      tag: "x",
      count: 20_000,
      createdAt: new Date(Date.now() - 2 * 3_600_000),
      expiresInMs: 3_600_000,
    });
    const e0 = performance.now();
    let expired = 0;
    for (let n = -1; n !== 0; ) {
      n = await expireOverdueCharges(svc.deps, { budgetMs: 4000 });
      expired += n;
    }
    const drain = expired / ((performance.now() - e0) / 1000);
    say(
      `growth: expiry drained ${expired} overdue charges at ${drain.toFixed(0)}/s; ratio to the create rate at ${ROWS} (${atN.create.perSec.toFixed(0)}/s): ${(drain / atN.create.perSec).toFixed(1)}`,
    );
    const size = await raw.query<{ c: string; e: string; n: string }>(
      `SELECT pg_total_relation_size('charges') AS c, pg_total_relation_size('events') AS e,
         (SELECT count(*) FROM charges) AS n`,
    );
    const s = size.rows[0];
    if (s) {
      say(
        `growth: at ${s.n} charges: charges ${(Number(s.c) / 2 ** 20).toFixed(0)} MiB, events ${(Number(s.e) / 2 ** 20).toFixed(0)} MiB`,
      );
    }
    return out.join("\n");
  } finally {
    await svc?.close();
    await raw.end();
    if (KEEP) console.log(`growth: schema ${schema} kept (BENCH_GROWTH_KEEP=1)`);
    else await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://root@127.0.0.1:5432/test";
  await benchGrowth(databaseUrl);
}
