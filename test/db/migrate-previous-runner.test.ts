import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import pg from "pg";
import { migrate } from "../../src/db/migrate.ts";
import { NO_TRANSACTION_MARKER } from "../../src/db/migrate-without-transaction.ts";
import { openPostgres } from "../../src/db/pg.ts";
import type { Db } from "../../src/kernel/db.ts";
import { TEST_DATABASE_URL } from "../helpers/db.ts";

// During a rolling upgrade an instance of the previous release may start while a new one
// migrates. Today's runner holds the migration lock at session level (migration-lock.ts), the
// previous release's held it for its one transaction: the same advisory lock, which PostgreSQL
// lets only one of them hold whichever the level, so the two still apply each file once. PGlite
// is left out: its data directory admits one process, so two releases never share it.
//
// In a database of its own: the previous runner waits for the lock inside a transaction, and a
// concurrent index build of another test file migrating its schema at that moment (the lock and
// the build's wait for older snapshots are per database) would end one of the two as a deadlock
// (docs/operations.md, "Rolling upgrade").

/** The previous release's runner (src/db/migrate.ts at 7246cc9), as it ran. */
async function previousReleaseMigrate(db: Db, dir: string): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [7_261_042_001]);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await tx.query<{ version: string }>("SELECT version FROM schema_migrations")).map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(readFileSync(join(dir, file), "utf8"));
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
      applied.push(file);
    }
    return applied;
  });
}

const skip = TEST_DATABASE_URL ? false : "PostgreSQL only (set DATABASE_URL)";

/** A new, empty database on the test server, dropped by close(). */
async function ownDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const name = `tostao_runner_${randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), 5);
  return {
    db,
    async close() {
      await db.close().catch(() => {});
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

test("the previous release's runner and today's, starting together, apply each file once", {
  skip,
}, async () => {
  const t = await ownDatabase();
  try {
    for (const previousFirst of [true, false]) {
      const dir = mkdtempSync(join(tmpdir(), "mig-"));
      const tag = previousFirst ? "p" : "n";
      // A slow file, so that the second runner arrives while the first holds the lock.
      writeFileSync(
        join(dir, `0001_${tag}.sql`),
        `SELECT pg_sleep(0.3); CREATE TABLE slow_${tag} (id int);`,
      );
      const previous = () => previousReleaseMigrate(t.db, dir);
      const today = () => migrate(t.db, dir);
      const [first, second] = previousFirst ? [previous, today] : [today, previous];
      const running = first();
      await new Promise((r) => setTimeout(r, 100));
      const results = await Promise.all([running, second()]);
      assert.deepEqual(results, [[`0001_${tag}.sql`], []], `previous first: ${previousFirst}`);
    }
    // The previous release starting again on a schema that today's runner took further (a
    // no-transaction file it does not know): its own files are applied, the rest it leaves.
    const previousDir = mkdtempSync(join(tmpdir(), "mig-"));
    writeFileSync(join(previousDir, "0001_t.sql"), "CREATE TABLE t_known (id int, v int);");
    assert.deepEqual(await previousReleaseMigrate(t.db, previousDir), ["0001_t.sql"]);
    const todayDir = mkdtempSync(join(tmpdir(), "mig-"));
    writeFileSync(join(todayDir, "0001_t.sql"), "CREATE TABLE t_known (id int, v int);");
    writeFileSync(
      join(todayDir, "0002_index.sql"),
      `${NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY IF NOT EXISTS t_known_v ON t_known (v);\n`,
    );
    assert.deepEqual(await migrate(t.db, todayDir), ["0002_index.sql"]);
    assert.deepEqual(await previousReleaseMigrate(t.db, previousDir), []);
  } finally {
    await t.close();
  }
});
