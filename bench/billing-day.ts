import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// `npm run bench -- billing`: issue 25's billing day, bench/billing-day-live.ts in its own
// process (its peak RSS is the scheduler's alone, as the issue asks), on the bench's PostgreSQL:
// BENCH_BILLING_SUBSCRIPTIONS (default 100,000) approved live monthly subscriptions due, each
// period's charge a PUT /cobr at the PSP peer (a third process, every request validated against
// the BACEN file). Goals: under 5 minutes and under 300 MB on the 2-core machine.

export async function benchBillingDay(databaseUrl: string): Promise<string> {
  const n = process.env.BENCH_BILLING_SUBSCRIPTIONS ?? "100000";
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./billing-day-live.ts", import.meta.url)), n],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (d) => {
    out += String(d);
  });
  const code = await new Promise<number | null>((r) => child.on("exit", r));
  const last = out.trim().split("\n").at(-1) ?? "";
  if (code !== 0 || !last.startsWith("{")) throw new Error(`billing day failed (${code}):\n${out}`);
  const r = JSON.parse(last) as {
    subscriptions: number;
    cobrs: number;
    peerRequests: number;
    violations: number;
    seconds: number;
    peakRssMb: number;
  };
  if (r.violations > 0) throw new Error(`billing day: ${r.violations} requests broke the file`);
  return (
    `billing day, live (issue 25): ${r.subscriptions} subscriptions due, ${r.cobrs} PUT /cobr at ` +
    `the PSP peer (${r.peerRequests} requests, every one valid against the BACEN file) in ` +
    `${r.seconds} s (goal 300 s), peak RSS ${r.peakRssMb} MB (goal 300 MB)`
  );
}
