import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../kernel/db.ts";
import { isNoTransaction, runWithoutTransaction } from "./migrate-without-transaction.ts";
import { withMigrationLock } from "./migration-lock.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

type Migration = { file: string; sql: string; noTransaction: boolean };

/** The numbered SQL files of dir, in order. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(dir, file), "utf8");
      return { file, sql, noTransaction: isNoTransaction(sql) };
    });
}

/**
 * Applies every numbered SQL file of dir not yet recorded in schema_migrations, in order, under
 * the migration lock (migration-lock.ts): instances starting together queue on it, and the ones
 * that get it after the first find nothing left to do.
 *
 * Consecutive files run in one transaction, so a failing file rolls back the others of its run
 * and the error names it. A file whose first line is `-- migrate: no-transaction` runs on its
 * own, a statement at a time (migrate-without-transaction.ts): the files before it are committed
 * first, and it is recorded only once every statement passed, so a run cut short in it is
 * re-run from its first statement.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  return withMigrationLock(db, async (s) => {
    await s.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await s.query<{ version: string }>("SELECT version FROM schema_migrations")).map(
        (r) => r.version,
      ),
    );
    const pending = migrations.filter((m) => !done.has(m.file));
    const applied: string[] = [];
    while (pending.length > 0) {
      const head = pending[0] as Migration;
      if (head.noTransaction) {
        pending.shift();
        await apply(head, () => runWithoutTransaction(s, head.sql));
        await record(s, head.file);
        applied.push(head.file);
        continue;
      }
      const run = pending.splice(0, runLength(pending));
      await s.transaction(async (tx) => {
        for (const m of run) {
          await apply(m, () => tx.exec(m.sql));
          await record(tx, m.file);
        }
      });
      applied.push(...run.map((m) => m.file));
    }
    return applied;
  });
}

/** How many files from the head of pending run in one transaction (up to a no-transaction one). */
function runLength(pending: Migration[]): number {
  const stop = pending.findIndex((m) => m.noTransaction);
  return stop === -1 ? pending.length : stop;
}

async function apply(m: Migration, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    throw new Error(`migration ${m.file} failed: ${(err as Error).message}`, { cause: err });
  }
}

async function record(db: Db, file: string): Promise<void> {
  await db.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
}
