import type { Config } from "../config.ts";
import type { Db } from "../kernel/db.ts";
import type { PgliteOptions } from "./pglite.ts";

/**
 * Opens the configured store; the options matter on embedded PGlite only. Each driver is loaded
 * only when it is the one configured: importing PGlite alone adds about 50 MB to the process's
 * resident memory (its WASM build), which a service on PostgreSQL has no use for.
 */
export async function openDb(database: Config["database"], opts: PgliteOptions): Promise<Db> {
  if (database.kind === "postgres") {
    const { openPostgres } = await import("./pg.ts");
    return openPostgres(database.url, database.poolSize);
  }
  const { openPglite } = await import("./pglite.ts");
  return openPglite(database.dataDir, opts);
}
