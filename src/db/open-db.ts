import type { Config } from "../config.ts";
import type { Db } from "../kernel/db.ts";
import { openPostgres } from "./pg.ts";
import { openPglite, type PgliteOptions } from "./pglite.ts";

/** Opens the configured store; the options matter on embedded PGlite only. */
export function openDb(database: Config["database"], opts: PgliteOptions): Promise<Db> {
  return database.kind === "postgres"
    ? Promise.resolve(openPostgres(database.url, database.poolSize))
    : openPglite(database.dataDir, opts);
}
