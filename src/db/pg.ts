import pg from "pg";
import { type Db, parseInt8, type Row } from "../kernel/db.ts";

const INT8_OID = 20;

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A pooled PostgreSQL Db. */
export function openPostgres(url: string, poolSize: number): Db {
  // Idle connections are kept for minutes, not node-postgres's 10 s: a connection holds its
  // prepared statements and their cached plans, and one closed between two bursts makes the next
  // burst parse every statement again and plan it five times before PostgreSQL settles on a
  // generic plan (1-3 ms each for the batched creation statement).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    idleTimeoutMillis: 300_000,
    // A process whose pool is all idle may still exit (a CLI run, a test file that is done).
    allowExitOnIdle: true,
  });
  // Every parameterised statement is a named prepared statement, so each connection parses and
  // plans it once instead of on every call. The service has a fixed set of statements, so the
  // names stay few.
  const names = new Map<string, string>();
  const prepared = (text: string, values: readonly unknown[] | undefined): pg.QueryConfig => {
    if (!values || values.length === 0) return { text };
    let name = names.get(text);
    if (!name) {
      name = `tostao_${names.size}`;
      names.set(text, name);
    }
    return { name, text, values: values as unknown[] };
  };
  // An idle client that loses its connection emits 'error' on the pool; without a listener that
  // would crash the process. The next query simply gets a fresh client.
  pool.on("error", () => {});

  const inTransaction = async <T>(client: pg.PoolClient, fn: (tx: Db) => Promise<T>) => {
    await client.query("BEGIN");
    try {
      const result = await fn(onClient(client));
      await client.query("COMMIT");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    }
  };

  const onClient = (client: pg.PoolClient): Db => {
    const tx: Db = {
      kind: "postgres",
      query: async <T = Row>(sql: string, params?: readonly unknown[]) =>
        (await client.query(prepared(sql, params))).rows as T[],
      exec: async (sql) => {
        await client.query(sql);
      },
      transaction: (fn) => fn(tx),
      listen: () => Promise.reject(new Error("listen is not available inside a transaction")),
      close: () => Promise.resolve(),
    };
    return tx;
  };

  return {
    kind: "postgres",
    query: async <T = Row>(sql: string, params?: readonly unknown[]) =>
      (await pool.query(prepared(sql, params))).rows as T[],
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await inTransaction(client, fn);
      } finally {
        client.release();
      }
    },
    async session(fn) {
      const client = await pool.connect();
      const held: Db = {
        ...onClient(client),
        transaction: (inner) => inTransaction(client, inner),
      };
      let failed = false;
      try {
        return await fn(held);
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        // A session that failed may still hold what it took (a session-level advisory lock whose
        // unlock did not run): its connection is closed rather than handed to the next caller.
        client.release(failed);
      }
    },
    async listen(channel, onPayload) {
      // A dedicated connection outside the pool: LISTEN is per session.
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => {});
      await client.connect();
      client.on("notification", (msg) => {
        if (msg.channel === channel) onPayload(msg.payload ?? "");
      });
      await client.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      return async () => {
        await client.end().catch(() => {});
      };
    },
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}
