import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../kernel/db.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

// Any constant works; it names "the Tostão migration lock" among the database's advisory locks.
const MIGRATION_LOCK_ID = 7_261_042_001;

/**
 * Applies every numbered SQL file of dir not yet recorded in schema_migrations, in order, in one
 * transaction under an advisory lock: instances starting together queue on the lock, and the
 * ones that get it after the first find nothing left to do. A failing file rolls back the whole
 * run and the error names the file.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
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
      try {
        await tx.exec(readFileSync(join(dir, file), "utf8"));
      } catch (err) {
        throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
      applied.push(file);
    }
    return applied;
  });
}
