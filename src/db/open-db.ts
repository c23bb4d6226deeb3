import type { Config } from "../config.ts";
import type { Db } from "./db.ts";
import { openPostgres } from "./pg.ts";
import { openPglite } from "./pglite.ts";

export function openDb(database: Config["database"]): Promise<Db> {
  return database.kind === "postgres"
    ? Promise.resolve(openPostgres(database.url, database.poolSize))
    : openPglite(database.dataDir);
}
