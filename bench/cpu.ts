import { readdirSync, readFileSync } from "node:fs";

// CPU accounting for a benchmark run (Linux /proc): the CPU time each group of processes spent
// during one load, so a row can say where its work went (service, PostgreSQL, the load generator)
// rather than only how many requests it served. Clock ticks are 100 Hz on Linux.

const TICK_MS = 10;

/** CPU milliseconds so far of every process of interest, keyed by pid, with its groups. */
export type CpuSnapshot = Map<string, { groups: string[]; ms: number }>;

function cpuOf(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

function commOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/**
 * The named pids, every postgres process ("postgres": the whole server, so also the work of
 * anything else using it on a shared machine), this process ("bench": autocannon runs here), and
 * the PostgreSQL backends serving the service's and the floor's own connections ("pg service",
 * "pg floor", by pid from pg_stat_activity; each also counted in "postgres"), which other
 * clients of the server cannot inflate.
 */
export function snapshot(
  named: Record<string, number | undefined>,
  backends: Record<string, number[]> = {},
): CpuSnapshot {
  const groupOf = new Map<string, string>([[String(process.pid), "bench"]]);
  for (const [name, pid] of Object.entries(named)) if (pid) groupOf.set(String(pid), name);
  const backendOf = new Map<string, string>();
  for (const [name, pids] of Object.entries(backends)) {
    for (const pid of pids) backendOf.set(String(pid), name);
  }
  const out: CpuSnapshot = new Map();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const group = groupOf.get(pid) ?? (commOf(pid) === "postgres" ? "postgres" : undefined);
    if (!group) continue;
    const backend = backendOf.get(pid);
    const ms = cpuOf(pid);
    if (!Number.isNaN(ms)) out.set(pid, { groups: backend ? [group, backend] : [group], ms });
  }
  return out;
}

/**
 * Microseconds of CPU per request, per group, between two snapshots. A process that started in
 * between counts whole; one that exited in between loses its last interval (rare: pools keep
 * their connections while loaded).
 */
export function perRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): string {
  const sums = new Map<string, number>();
  for (const [pid, a] of after) {
    const delta = a.ms - (before.get(pid)?.ms ?? 0);
    for (const g of a.groups) sums.set(g, (sums.get(g) ?? 0) + delta);
  }
  return [...sums]
    .map(([group, ms]) => `${group} ${Math.round((ms * 1000) / requests)}`)
    .join(", ");
}

/** One group's microseconds in a perRequest line ("service 412, postgres 90, ..."), or NaN. */
export function usOf(line: string, group: string): number {
  return Number(new RegExp(`(?:^|, )${group} (-?\\d+)`).exec(line)?.[1] ?? Number.NaN);
}
