import { readFileSync } from "node:fs";

// The CLI's ordinary failures (a file not there, a service not running, a refused token) are a
// person's to fix, so each ends the command with one line saying what to do; a stack trace is
// left for what nobody foresaw, where it is the only clue.

/** A failure the CLI explains in its message: printed as one line, exit 1, no stack trace. */
export class CliError extends Error {
  override readonly name = "CliError";
}

/**
 * A command line tostao cannot run as written (a required option missing): printed as one line,
 * exit 2, as an unknown command or option is, so that a script can tell its own mistake from a
 * command that ran and failed (exit 1).
 */
export class UsageError extends CliError {}

/** Whether `err` is bad usage (exit 2): ours, or node's parseArgs refusing an option. */
export function isUsageError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    err instanceof UsageError || (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"))
  );
}

/** An errno in words, so that "ENOENT" need not be looked up. */
export function fileProblem(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "a directory, not a file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOTDIR") return "a part of the path is not a directory";
  return code ?? String((err as Error).message ?? err);
}

/**
 * A file named by a flag: "--pfx: cannot read cert.p12 (no such file)", then `fix` (what to put
 * there, or where to get it) when the flag alone does not say.
 */
export function readFlagFile(path: string, flag: string, fix?: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new CliError(
      `${flag}: cannot read ${path} (${fileProblem(err)})${fix ? `; ${fix}` : ""}`,
    );
  }
}
