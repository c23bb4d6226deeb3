import { randomUUID } from "node:crypto";
import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

// One process owns an embedded data directory. PGlite is PostgreSQL running inside this process:
// a second process opening the same files keeps its own buffers and WAL position, so whatever it
// writes is lost or, worse, overwrites pages the first one wrote (a CLI `token create` beside a
// running server printed a token that was gone at the next restart). The lock is a file created
// with O_EXCL ("wx"), so of two processes starting at once exactly one creates it; it names its
// holder, so the refused one can say who to stop. It is removed by close() and, as a safety net,
// when the process exits (process.exit included); a holder killed outright (SIGKILL, a crash, a
// power cut) leaves it behind, and the next start recovers it once that pid is dead on this host.

export const LOCK_FILE = "tostao.lock";

export type LockHolder = {
  pid: number;
  /** What holds it: "tostao server" or "tostao CLI". */
  what: string;
  /** When it was taken (ISO 8601). */
  since: string;
  host: string;
  /** Tells this holder's lock from a later one with the same pid (containers restart as pid 1). */
  id: string;
};

export type DataDirLock = { readonly file: string; release(): void };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(lockedMessage(dataDir, holder));
    this.name = "DataDirLockedError";
  }
}

/**
 * Takes the data directory's lock for `what`, or throws DataDirLockedError naming the live
 * holder. A lock whose holder is gone (a dead pid on this host) is recovered.
 */
export async function lockDataDir(
  dataDir: string,
  what: string,
  now: () => Date = () => new Date(),
): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    what,
    since: now().toISOString(),
    host: hostname(),
    id: randomUUID(),
  };
  const text = `${JSON.stringify(me, null, 2)}\n`;
  // A few rounds: each failed create is either a live holder (thrown at once) or a stale lock
  // removed before the next round; only a race with other recovering processes needs another.
  for (let round = 0; round < 5; round++) {
    if (createExclusive(file, text)) return held(file, me.id);
    const found = await readHolder(file);
    if (found === undefined) continue; // released between our create and our read
    if (found.holder && !holderGone(found.holder.pid, found.holder.host)) {
      throw new DataDirLockedError(dir, found.holder);
    }
    // Another process recovering the same lock: give it a moment to finish and take it.
    if (!removeIfUnchanged(file, found.text)) await sleep(50);
  }
  const last = await readHolder(file);
  if (last?.holder) throw new DataDirLockedError(dir, last.holder);
  throw new Error(`could not take ${file}: other processes keep replacing it`);
}

function held(file: string, id: string): DataDirLock {
  const release = () => {
    process.off("exit", release);
    // Only our own lock: after a recovery by someone else the file may be theirs.
    const current = readText(file);
    if (current !== undefined && parse(current)?.id === id) unlinkQuietly(file);
  };
  process.on("exit", release);
  return { file, release };
}

/** A holder on another host counts as alive: its pids cannot be checked from here. */
function holderGone(pid: number, host: string): boolean {
  if (host !== hostname()) return false;
  // Our own pid in a lock we do not hold is a previous incarnation: a container restarted with
  // the same pid (often 1) after being killed.
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // EPERM: the pid exists but belongs to another user, so it is alive.
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Deletes the stale lock only if it is still the one we judged stale. Two processes recovering
 * at once would otherwise both delete and both create: the second delete would remove the first
 * one's fresh lock. A guard file (itself O_EXCL) makes the check-and-delete one step. Returns
 * false when another process holds the guard.
 */
function removeIfUnchanged(file: string, staleText: string): boolean {
  const guard = `${file}.recovering`;
  const mine = `${process.pid}\n`;
  if (!createExclusive(guard, mine)) {
    // Someone else is recovering; unless they died doing it (then the guard goes too), the next
    // round sees their lock.
    const pid = Number(readText(guard));
    if (Number.isInteger(pid) && pid > 0 && holderGone(pid, hostname())) unlinkQuietly(guard);
    return false;
  }
  try {
    if (readText(file) === staleText) unlinkQuietly(file);
    return true;
  } finally {
    unlinkQuietly(guard);
  }
}

/**
 * The current lock, or undefined when there is none. A file that does not parse is read again a
 * moment later (its holder may be between creating and writing it); if it still does not, its
 * holder died in between, and it is reported without a holder (stale).
 */
async function readHolder(
  file: string,
): Promise<{ text: string; holder: LockHolder | undefined } | undefined> {
  for (let attempt = 0; ; attempt++) {
    const text = readText(file);
    if (text === undefined) return undefined;
    const holder = parse(text);
    if (holder || attempt === 2) return { text, holder };
    await sleep(100);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function parse(text: string): LockHolder | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    return Number.isInteger(v.pid) && typeof v.host === "string" && typeof v.id === "string"
      ? {
          pid: v.pid as number,
          what: String(v.what),
          since: String(v.since),
          host: v.host,
          id: v.id,
        }
      : undefined;
  } catch {
    return undefined;
  }
}

function createExclusive(file: string, text: string): boolean {
  try {
    writeFileSync(file, text, { flag: "wx", mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}

function lockedMessage(dir: string, h: LockHolder): string {
  const where = h.host === hostname() ? "on this machine" : `on host ${h.host}`;
  const stop =
    h.host === hostname() ? `Ctrl-C where it runs, or \`kill ${h.pid}\`` : `on host ${h.host}`;
  return [
    `cannot open the data directory ${dir}: it is in use by the ${h.what} (pid ${h.pid} ${where}, since ${h.since}). Nothing was changed.`,
    "One process at a time may open an embedded (PGlite) data directory. To go on, either:",
    `  - stop that process (${stop}) and run this again;`,
    "  - or, while it runs, work through its HTTP API with a token (e.g. POST /api/auth/token/create);",
    "  - or, to run several processes on one store (service instances, the CLI), use PostgreSQL: set DATABASE_URL.",
    `If pid ${h.pid} is no longer Tostão, the lock is left over: delete ${join(dir, LOCK_FILE)}.`,
  ].join("\n");
}
