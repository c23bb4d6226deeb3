import type { Db } from "../kernel/db.ts";

/** The first line of a migration that runs outside a transaction, statement by statement. */
export const NO_TRANSACTION_MARKER = "-- migrate: no-transaction";

export function isNoTransaction(sql: string): boolean {
  return sql.split("\n", 1)[0]?.trim() === NO_TRANSACTION_MARKER;
}

/**
 * A no-transaction migration's statements: each ends with a semicolon at the end of its line
 * (such files hold plain DDL, with no semicolon inside a string or a function body). Comment
 * lines stay with the statement that follows them.
 */
export function statementsOf(sql: string): string[] {
  return sql
    .split(/;[ \t]*$/m)
    .map((s) => s.trim())
    .filter((s) => withoutComments(s) !== "");
}

export function withoutComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, "").trim();
}

const CONCURRENT_BUILD =
  /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+([\w."]+)/i;

/**
 * Runs a no-transaction migration one statement at a time, each committed on its own (CREATE
 * INDEX CONCURRENTLY builds while writes go on, and cannot run in a transaction block). Its
 * statements are idempotent (IF NOT EXISTS, IF EXISTS), so a run cut short is simply run again:
 * the file is recorded as applied only once all of them passed. A concurrent build that failed
 * (or whose process died) leaves its index behind marked invalid, which IF NOT EXISTS would take
 * for done: such an index is dropped and built again.
 */
export async function runWithoutTransaction(s: Db, sql: string): Promise<void> {
  for (const statement of statementsOf(sql)) {
    const built = CONCURRENT_BUILD.exec(withoutComments(statement));
    if (built?.[1]) await dropIfInvalid(s, built[1]);
    await s.exec(statement);
  }
}

async function dropIfInvalid(s: Db, index: string): Promise<void> {
  const rows = await s.query<{ valid: boolean }>(
    "SELECT i.indisvalid AS valid FROM pg_index i WHERE i.indexrelid = to_regclass($1)",
    [index],
  );
  if (rows[0] && !rows[0].valid) await s.exec(`DROP INDEX CONCURRENTLY IF EXISTS ${index}`);
}
