// Times each test file as `npm test` runs it (its own `node --test` process, two at a time) and
// prints its wall and CPU seconds, slowest first, then the totals: where the suite's time goes.
// CPU (user + system, children included, from GNU time) is the figure to compare on a shared
// machine; wall moves with the load. Usage: node scripts/test-times.mjs [out.json] [files...]
// (TEST_TIMES_CONCURRENCY, default 2). The browser tests need a Chromium, as in npm test.
import { spawn } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const out = process.argv[2]?.endsWith(".json") ? process.argv[2] : undefined;
let files = process.argv.slice(out ? 3 : 2);
if (files.length === 0)
  files = ["src", "test", "packages"]
    .flatMap((d) => readdirSync(d, { recursive: true }).map((f) => join(d, String(f))))
    .filter((f) => f.endsWith(".test.ts") && !f.includes("node_modules"))
    .sort();
const concurrency = Number(process.env.TEST_TIMES_CONCURRENCY || 2);

function timeFile(file) {
  const args = ["-f", "@@TIME %e %U %S", process.execPath, "--import", "tsx", "--test"];
  const child = spawn("/usr/bin/time", [...args, "--test-reporter=tap", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      const t = /@@TIME ([\d.]+) ([\d.]+) ([\d.]+)/.exec(stderr);
      const count = (what) => Number(new RegExp(`^# ${what} (\\d+)`, "m").exec(stdout)?.[1] ?? 0);
      resolve({
        file,
        wall: Number(t?.[1] ?? Number.NaN),
        cpu: Number(t?.[2] ?? Number.NaN) + Number(t?.[3] ?? Number.NaN),
        pass: count("pass"),
        fail: count("fail"),
        code,
      });
    }),
  );
}

const results = [];
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < files.length) {
      const r = await timeFile(files[next++]);
      results.push(r);
      process.stderr.write(`${r.wall.toFixed(1)} s ${r.cpu.toFixed(1)} s CPU ${r.file}\n`);
    }
  }),
);
const wall = (performance.now() - started) / 1000;
const sum = (k) => results.reduce((s, r) => s + r[k], 0);
for (const r of [...results].sort((a, b) => b.cpu - a.cpu)) {
  const failed = r.code === 0 ? "" : ` FAILED (${r.fail} of ${r.pass + r.fail})`;
  console.log(
    `${r.cpu.toFixed(1).padStart(6)} s CPU ${r.wall.toFixed(0).padStart(5)} s ${r.file}${failed}`,
  );
}
console.log(
  `${results.length} files: ${wall.toFixed(0)} s wall, ${sum("cpu").toFixed(0)} s CPU, ${sum("pass")} passed, ${sum("fail")} failed`,
);
if (out) writeFileSync(out, JSON.stringify({ wall, results }, null, 1));
