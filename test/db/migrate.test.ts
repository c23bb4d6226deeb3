import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { MIGRATIONS_DIR, migrate } from "../../src/db/migrate.ts";
import { NO_TRANSACTION_MARKER } from "../../src/db/migrate-without-transaction.ts";
import type { Db } from "../../src/kernel/db.ts";
import { openTestDb } from "../helpers/db.ts";

test("migrations apply once; running them again changes nothing", async () => {
  const t = await openTestDb({ migrate: false });
  try {
    const first = await migrate(t.db);
    assert.ok(first.length >= 1);
    assert.deepEqual(await migrate(t.db), []);
    const rows = await t.db.query<{ version: string }>(
      "SELECT version FROM schema_migrations ORDER BY version",
    );
    assert.deepEqual(
      rows.map((r) => r.version),
      first,
    );
  } finally {
    await t.close();
  }
});

test("concurrent migrations on one database serialise on the advisory lock", async () => {
  const t = await openTestDb({ migrate: false });
  try {
    const results = await Promise.all([migrate(t.db), migrate(t.db), migrate(t.db)]);
    assert.equal(results.filter((r) => r.length > 0).length, 1);
  } finally {
    await t.close();
  }
});

test("a failing migration rolls back entirely and names its file", async () => {
  const t = await openTestDb({ migrate: false });
  const dir = mkdtempSync(join(tmpdir(), "mig-"));
  writeFileSync(join(dir, "0001_ok.sql"), "CREATE TABLE a_ok (id int);");
  writeFileSync(join(dir, "0002_bad.sql"), "CREATE TABLE b_bad (id int); SELEC nonsense;");
  try {
    await assert.rejects(migrate(t.db, dir), /migration 0002_bad\.sql failed/);
    const rows = await t.db.query("SELECT to_regclass('a_ok') AS t");
    assert.equal((rows[0] as { t: unknown }).t, null, "0001 was rolled back with 0002");
  } finally {
    await t.close();
  }
  assert.ok(MIGRATIONS_DIR.endsWith("migrations"));
});

const migrationDir = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), "mig-"));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
};

const indexValid = async (db: Db, name: string) =>
  (
    await db.query<{ valid: boolean }>(
      "SELECT i.indisvalid AS valid FROM pg_index i WHERE i.indexrelid = to_regclass($1)",
      [name],
    )
  )[0]?.valid;

test("a no-transaction migration builds its indexes CONCURRENTLY, outside any transaction", async () => {
  const t = await openTestDb({ migrate: false });
  const dir = migrationDir({
    "0001_table.sql":
      "CREATE TABLE big (id int, v int); INSERT INTO big SELECT g, g FROM generate_series(1, 1000) g;",
    "0002_index.sql": `${NO_TRANSACTION_MARKER}
-- Built while writes go on.
CREATE INDEX CONCURRENTLY IF NOT EXISTS big_by_v ON big (v);
DROP INDEX CONCURRENTLY IF EXISTS big_nothing;
`,
    "0003_after.sql": "CREATE TABLE after_it (id int);",
  });
  try {
    assert.deepEqual(await migrate(t.db, dir), [
      "0001_table.sql",
      "0002_index.sql",
      "0003_after.sql",
    ]);
    assert.equal(await indexValid(t.db, "big_by_v"), true);
    assert.deepEqual(await migrate(t.db, dir), []);
  } finally {
    await t.close();
  }
});

test("a concurrent build that failed leaves an invalid index, which the next run drops and builds again", async () => {
  const t = await openTestDb({ migrate: false });
  const dir = migrationDir({
    "0001_table.sql": "CREATE TABLE big (id int); INSERT INTO big VALUES (1), (1), (2);",
    "0002_unique.sql": `${NO_TRANSACTION_MARKER}
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS big_id ON big (id);
`,
  });
  try {
    // The duplicate makes the build fail after its index was created: left behind, invalid.
    await assert.rejects(migrate(t.db, dir), /migration 0002_unique\.sql failed/);
    assert.equal(await indexValid(t.db, "big_id"), false);
    const recorded = await t.db.query<{ version: string }>("SELECT version FROM schema_migrations");
    assert.deepEqual(
      recorded.map((r) => r.version),
      ["0001_table.sql"],
      "the transactional file before it committed; the failed one is not recorded",
    );
    await t.db.exec("DELETE FROM big WHERE ctid = (SELECT min(ctid) FROM big WHERE id = 1)");
    assert.deepEqual(await migrate(t.db, dir), ["0002_unique.sql"]);
    assert.equal(
      await indexValid(t.db, "big_id"),
      true,
      "IF NOT EXISTS alone would keep the invalid one",
    );
    await assert.rejects(t.db.exec("INSERT INTO big VALUES (2)"), /duplicate key/);
  } finally {
    await t.close();
  }
});

test("instances migrating at once through a CONCURRENTLY build queue on the lock, one applying", async () => {
  const t = await openTestDb({ migrate: false });
  const dir = migrationDir({
    "0001_table.sql":
      "CREATE TABLE big (id int, v int); INSERT INTO big SELECT g, g FROM generate_series(1, 20000) g;",
    "0002_index.sql": `${NO_TRANSACTION_MARKER}
CREATE INDEX CONCURRENTLY IF NOT EXISTS big_by_v ON big (v);
`,
  });
  try {
    const results = await Promise.all([migrate(t.db, dir), migrate(t.db, dir), migrate(t.db, dir)]);
    assert.deepEqual(results.map((r) => r.length).sort(), [0, 0, 2]);
    assert.equal(await indexValid(t.db, "big_by_v"), true);
    // The session lock was released: a later run takes it and finds nothing to do.
    assert.deepEqual(await migrate(t.db, dir), []);
  } finally {
    await t.close();
  }
});
