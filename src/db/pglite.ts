import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { type Db, parseInt8, type Row } from "../kernel/db.ts";
import { type DataDirLock, lockDataDir } from "./data-dir-lock.ts";
import { makePrivateDir, narrowTree } from "./data-dir-permissions.ts";

export type PgliteOptions = {
  /** Who opens it, named to a second process that finds the directory taken: "tostao CLI". */
  holder: string;
  /** Called before PGlite creates a new store (initdb takes several seconds, silently). */
  onNewDataDir?: () => void;
};

/**
 * Embedded PostgreSQL (WASM) persisted in dataDir, or in memory when dataDir is undefined (tests).
 * PGlite is a single connection: its transaction() holds an exclusive lock, so other queries
 * wait for a running transaction instead of interleaving with it. A data directory is private to
 * its owner and held by one process at a time (data-dir-lock.ts), until close().
 */
export async function openPglite(
  dataDir: string | undefined,
  opts: PgliteOptions = { holder: "tostao process" },
): Promise<Db> {
  if (!dataDir) return pgliteDb(await createPglite());
  const { pglite, lock } = await openOwned(dataDir, opts);
  return pgliteDb(pglite, () => lock.release());
}

/**
 * A PGlite in memory with the service's options. Given a data directory dumped by
 * dumpDataDir("none"), it starts from that instead of running initdb, which costs seconds of
 * CPU (the tests load one migrated template rather than initialising a database each).
 */
export function createPglite(loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ parsers: { 20: parseInt8 }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** The Db over an open PGlite; close() closes it, then calls release (its data directory's lock). */
export function pgliteDb(pglite: PGlite, release?: () => void): Db {
  const onTx = (t: Transaction): Db => {
    const tx: Db = {
      kind: "pglite",
      query: async <T = Row>(sql: string, params?: readonly unknown[]) =>
        (await t.query<T>(sql, params as unknown[])).rows,
      exec: async (sql) => {
        await t.exec(sql);
      },
      transaction: (fn) => fn(tx),
      listen: () => Promise.reject(new Error("listen is not available inside a transaction")),
      close: () => Promise.resolve(),
    };
    return tx;
  };

  return {
    kind: "pglite",
    query: async <T = Row>(sql: string, params?: readonly unknown[]) =>
      (await pglite.query<T>(sql, params as unknown[])).rows,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    transaction: (fn) => pglite.transaction((t) => fn(onTx(t))),
    listen: async (channel, onPayload) => {
      const unsubscribe = await pglite.listen(channel, onPayload);
      return () => unsubscribe();
    },
    close: async () => {
      try {
        await pglite.close();
      } finally {
        release?.();
      }
    },
  };
}

/** Opens a data directory made private and locked first; on any failure the lock is let go. */
async function openOwned(
  dataDir: string,
  opts: PgliteOptions,
): Promise<{ pglite: PGlite; lock: DataDirLock }> {
  makePrivateDir(dataDir);
  const lock = await lockDataDir(dataDir, opts.holder);
  let pglite: PGlite | undefined;
  try {
    if (!existsSync(join(dataDir, "PG_VERSION"))) opts.onNewDataDir?.();
    pglite = await PGlite.create(dataDir, { parsers: { 20: parseInt8 } });
    // initdb's files are in place only now (see data-dir-permissions.ts).
    narrowTree(dataDir);
    return { pglite, lock };
  } catch (err) {
    await pglite?.close().catch(() => {});
    lock.release();
    throw err;
  }
}
