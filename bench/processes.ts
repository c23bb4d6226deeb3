import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// The processes a benchmark runs (the service, the floor) and what /proc says of their memory;
// shared by `npm run bench` (run.ts) and `npm run soak` (soak.ts).

export type Proc = { child: ChildProcess; url: string; out: () => string };

/**
 * Starts a script (relative to this directory, or an absolute path) under tsx; resolves once it
 * prints "listening on <url>".
 */
export function start(
  script: string,
  env: Record<string, string>,
  opts: { nodeArgs?: string[] } = {},
): Promise<Proc> {
  const child = spawn(
    process.execPath,
    [
      // BENCH_NODE_ARGS (e.g. --cpu-prof) goes to the service and floor processes, for profiling.
      ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      ...(opts.nodeArgs ?? []),
      "--import",
      "tsx",
      script.startsWith("/") ? script : fileURLToPath(new URL(script, import.meta.url)),
    ],
    {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  // What the process printed: its first 64 KB whole (the start lines and the bootstrap token),
  // then only the last 64 KB. Kept whole and searched on every chunk, a service logging a line a
  // request made this process (the load generator's) spend more CPU each round than the service
  // it measured, on the same cores (session 18 in docs/performance.md).
  let head = "";
  let tail = "";
  let dropped = false;
  const take = (d: unknown) => {
    const text = String(d);
    if (head.length < HEAD_CHARS) {
      head += text;
      return;
    }
    tail += text;
    if (tail.length > 2 * HEAD_CHARS) {
      tail = tail.slice(-HEAD_CHARS);
      dropped = true;
    }
  };
  const out = () => (dropped ? `${head}\n[…]\n${tail}` : head + tail);
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${out()}`)), 30_000);
    const started = () => {
      const m = /listening on (http:\/\/\S+)/.exec(head);
      if (!m?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off("data", started);
      resolve({ child, url: m[1], out });
    };
    child.stdout?.on("data", started);
    child.on("exit", (code) => reject(new Error(`${script} exited ${code}:\n${out()}`)));
  });
}

const HEAD_CHARS = 64 * 1024;

function statusMb(pid: number | undefined, field: "VmHWM" | "VmRSS"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

/** The process's peak resident memory so far (VmHWM), in MB. */
export const peakRssMb = (pid: number | undefined) => statusMb(pid, "VmHWM");
/** The process's resident memory now (VmRSS), in MB. */
export const rssMb = (pid: number | undefined) => statusMb(pid, "VmRSS");
