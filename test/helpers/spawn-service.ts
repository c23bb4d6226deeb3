import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

export type RunningService = {
  url: string;
  token: string | undefined;
  output: () => string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/** Starts `src/main.ts` as a real process on a free port and waits for its listening line. */
export async function spawnService(env: Record<string, string>): Promise<RunningService> {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      TOSTAO_SECRET_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  const url = await new Promise<string>((resolve, reject) => {
    // A start that times out is killed: left running, its pipes would keep the test file alive
    // forever after the failure. A first start applies every migration to a fresh PGlite store,
    // which took 27 s on this 2-core machine under other test runs (load 8): the limit is for a
    // start that hangs, not a benchmark.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`service did not start:\n${out}`));
    }, 90_000);
    const check = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${out}`));
    });
  });
  // Give the token line (printed right after the URL) a moment to arrive.
  await new Promise((r) => setTimeout(r, 50));
  return {
    url,
    token: /(svc_test_[0-9A-Za-z]+)/.exec(out)?.[1],
    output: () => out,
    child,
    stop: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        // A process killed by a signal has a signalCode and no exitCode; either way it is gone,
        // and waiting for another 'exit' would hang (and skip the caller's cleanup).
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}
