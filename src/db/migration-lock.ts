import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../kernel/db.ts";

// Any constant works; it names "the Tostão migration lock" among the database's advisory locks.
const MIGRATION_LOCK_ID = 7_261_042_001;
const POLL_MS = 50;

// PGlite is one connection in one process (its data directory admits one process,
// data-dir-lock.ts), where every advisory lock is granted at once to the only session: callers
// of migrate() in this process queue here instead.
const pgliteQueues = new WeakMap<Db, Promise<unknown>>();

/**
 * Runs fn holding the migration lock, on one connection held throughout (a pool's session), so
 * that instances starting together migrate one after the other and the later ones find nothing
 * left to do.
 *
 * On PostgreSQL the lock is a session-level advisory lock, since the migrations it covers are not
 * all in one transaction (a CREATE INDEX CONCURRENTLY cannot be in one). It is polled with
 * pg_try_advisory_lock rather than waited for: a session blocked in pg_advisory_lock holds a
 * snapshot while it waits, and CREATE INDEX CONCURRENTLY waits for every older snapshot of the
 * database to go, so the waiting instance and the building one would wait for each other
 * (PostgreSQL ends it as a deadlock: seen in test/db/migrate.test.ts with a blocking lock). It is
 * released at the end, or with its connection if the run fails or the process dies.
 */
export async function withMigrationLock<T>(db: Db, fn: (s: Db) => Promise<T>): Promise<T> {
  if (db.kind === "pglite") {
    const run = (pgliteQueues.get(db) ?? Promise.resolve()).then(
      () => fn(db),
      () => fn(db),
    );
    pgliteQueues.set(
      db,
      run.catch(() => {}),
    );
    return run;
  }
  if (!db.session) throw new Error("migrate needs a pool's session (Db.session)");
  return db.session(async (s) => {
    while (!(await tryLock(s))) await sleep(POLL_MS);
    const result = await fn(s);
    await s.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    return result;
  });
}

async function tryLock(s: Db): Promise<boolean> {
  const rows = await s.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [
    MIGRATION_LOCK_ID,
  ]);
  return rows[0]?.ok === true;
}
