import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrate } from "../../src/db/migrate.ts";
import { openPostgres } from "../../src/db/pg.ts";
import type { Db } from "../../src/kernel/db.ts";

// Tests run on embedded PGlite by default and on PostgreSQL when DATABASE_URL is set. On
// PostgreSQL each test file gets a fresh schema (dropped at the end), so runs never see each
// other's rows and the same SQL is exercised on both engines. On PGlite each test gets a new
// in-memory database, loaded from a template that initdb and migrate() made once
// (pglite-template.ts): the empty one when the test migrates (or not) itself.

export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined;

export type TestDb = { db: Db; url: string | undefined; close(): Promise<void> };

export async function openTestDb(
  opts: { migrate?: boolean; poolSize?: number } = {},
): Promise<TestDb> {
  let result: TestDb;
  if (TEST_DATABASE_URL) {
    const schema = await createSchema();
    const url = schemaUrl(schema);
    const db = openPostgres(url, opts.poolSize ?? 20);
    result = {
      db,
      url,
      async close() {
        await db.close().catch(() => {});
        await dropSchema(schema);
      },
    };
    if (opts.migrate !== false) await migrate(db);
  } else {
    // Loaded only here, as the service loads PGlite only without DATABASE_URL (db/open-db.ts):
    // a bench measuring a process's memory on PostgreSQL must not carry PGlite's.
    const { openPgliteFromTemplate } = await import("./pglite-template.ts");
    const db = await openPgliteFromTemplate(opts.migrate === false ? "empty" : "migrated");
    result = { db, url: undefined, close: () => db.close() };
  }
  return result;
}

/** A fresh, empty schema on the test PostgreSQL (for tests that spawn service processes). */
export async function createSchema(): Promise<string> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE SCHEMA ${schema}`);
  return schema;
}

export async function dropSchema(schema: string): Promise<void> {
  await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}

export function schemaUrl(schema: string): string {
  if (!TEST_DATABASE_URL) throw new Error("DATABASE_URL is not set");
  const u = new URL(TEST_DATABASE_URL);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
