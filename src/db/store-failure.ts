import type { Config } from "../config.ts";

// A store that cannot be opened is nearly always a setting (PostgreSQL not started, a database
// not created, a data directory somewhere unwritable), so its failure is said in one line that
// names the variable to fix; a stack trace would only bury it. DATABASE_URL is shown by host and
// port only: its password must not reach a terminal or a log.

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "its host name could not be looked up",
  ETIMEDOUT: "no answer",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ECONNRESET: "the connection was closed",
};

const DIRECTORY: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "a read-only file system",
  ENOTDIR: "a part of the path is not a directory",
  ENOENT: "a part of the path does not exist",
  ENOSPC: "no space left on the device",
};

/** Where DATABASE_URL points, without its user or password: "db.example:5432/tostao". */
function whereIs(url: string): { where: string; port: string } {
  try {
    const u = new URL(url);
    const port = u.port || "5432";
    return {
      where: `${u.hostname || "localhost"}:${port}${u.pathname === "/" ? "" : u.pathname}`,
      port,
    };
  } catch {
    return { where: "the server", port: "" };
  }
}

/**
 * The one line for a store that failed to open or migrate because of its setting, or undefined
 * when `err` is something else (a bug, whose stack is then worth showing).
 */
export function storeFailureLine(database: Config["database"], err: unknown): string | undefined {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : String(err);
  if (database.kind === "postgres") {
    const at = whereIs(database.url);
    const where = `PostgreSQL at ${at.where} (DATABASE_URL)`;
    const unreachable = UNREACHABLE[code];
    // A connection error names its port: one to another port (Redis's) is not the database's.
    const port = (e as { port?: unknown }).port;
    if (unreachable && port !== undefined && String(port) !== at.port) return undefined;
    if (unreachable) {
      return `cannot reach ${where}: ${unreachable}; start PostgreSQL there, correct DATABASE_URL, or unset it to use the embedded store (TOSTAO_DATA_DIR)`;
    }
    // SQLSTATE 3D000: no such database; class 28: the user or password was refused.
    if (code === "3D000")
      return `${where}: ${message}; create it (createdb) or correct DATABASE_URL`;
    if (code.startsWith("28"))
      return `${where} refused the login: ${message}; correct DATABASE_URL`;
    return undefined;
  }
  const problem = DIRECTORY[code];
  if (!problem) return undefined;
  return `cannot use the data directory ${database.dataDir} (TOSTAO_DATA_DIR): ${problem}; point TOSTAO_DATA_DIR at a directory this user can write, or set DATABASE_URL`;
}
