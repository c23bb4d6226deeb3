import { mkdirSync } from "node:fs";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { type Db, parseInt8, type Row } from "./db.ts";

/**
 * Embedded PostgreSQL (WASM) persisted in dataDir, or in memory when dataDir is undefined (tests).
 * PGlite is a single connection: its transaction() holds an exclusive lock, so other queries
 * wait for a running transaction instead of interleaving with it.
 */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { parsers: { 20: parseInt8 } });

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
    close: () => pglite.close(),
  };
}
