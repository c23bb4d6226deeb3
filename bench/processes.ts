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
  let out = "";
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${out}`)), 30_000);
    child.stdout?.on("data", () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1], out: () => out });
      }
    });
    child.on("exit", (code) => reject(new Error(`${script} exited ${code}:\n${out}`)));
  });
}

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
