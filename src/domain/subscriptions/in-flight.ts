import type { Db } from "../../kernel/db.ts";

// How the billing pass's issue step keeps several PSP round trips in flight inside one
// transaction (issue-periods.ts).

/**
 * Runs `fn` over `items`, at most `n` at a time. Every started call is awaited before a
 * failure is thrown, so no query is left running when the caller's transaction ends.
 */
export async function eachLimited<T>(items: readonly T[], n: number, fn: (t: T) => Promise<void>) {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  if (failure) throw failure.err;
}

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
