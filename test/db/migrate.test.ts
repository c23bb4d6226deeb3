import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { MIGRATIONS_DIR, migrate } from "../../src/db/migrate.ts";
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
