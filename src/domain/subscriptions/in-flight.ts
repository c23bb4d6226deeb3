import type { Db } from "../../kernel/db.ts";

// How the billing pass's issue step keeps several PSP round trips in flight inside one
// transaction (issue-periods.ts, with kernel/map-limited.ts).

/**
 * The transaction's connection for the rails' reads while several plans are in flight: its
 * queries are queued here, one after another, since a connection runs one statement at a time
 * (node-postgres deprecates queueing them itself).
 */
export function oneAtATime(db: Db): Db {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    kind: db.kind,
    query<T>(sql: string, params?: readonly unknown[]) {
      const run = tail.then(() => db.query<T>(sql, params));
      tail = run.catch(() => undefined);
      return run;
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    listen: (channel, on) => db.listen(channel, on),
    close: () => db.close(),
  };
}
