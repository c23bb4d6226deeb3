import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// `npm run bench:compare -- [ref] [rows]`: the regression check. The hot rows (`hot`: sandbox
// create, live create against the PSP peer, status read, list, and the deliveries backlog) run
// for the working tree and for <ref> (default main) on this machine in this run, alternated
// (work-ref, then ref-work, BENCH_COMPARE_PASSES times each side), each with this tree's bench,
// floor and load generator: only the service's code differs (BENCH_SERVICE_ROOT). <ref> is
// exported with `git archive` into a temporary directory (the repository's worktree list is
// left alone), sharing this tree's node_modules when package-lock.json is the same (else
// `npm ci` there). Prints each row's service and PostgreSQL CPU per request for both sides and
// the change, and exits 1 when a row's service CPU per request grew more than the tolerance
// (BENCH_COMPARE_TOLERANCE percent, default 10). A benchmark, not a test: never in CI.

const ref = process.argv[2] ?? "main";
const rows = process.argv[3] ?? "hot";
const PASSES = Number(process.env.BENCH_COMPARE_PASSES ?? 2);
const TOLERANCE = Number(process.env.BENCH_COMPARE_TOLERANCE ?? 10);
const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");

type Row = { name: string; ratio: number; serviceUs: number; pgServiceUs: number; checked?: false };

const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8" });
const sha = git("rev-parse", "--verify", `${ref}^{commit}`).trim();
const refTree = mkdtempSync(join(tmpdir(), "tostao-compare-"));
// Each run's whole output, kept after the run (the per-round figures are there).
const logDir = mkdtempSync(join(tmpdir(), "tostao-compare-logs-"));

function exportRef(): void {
  execFileSync("sh", ["-c", `git -C "${root}" archive ${sha} | tar -x -C "${refTree}"`]);
  const sameLock =
    git("show", `${sha}:package-lock.json`) ===
    readFileSync(join(root, "package-lock.json"), "utf8");
  if (sameLock) symlinkSync(join(root, "node_modules"), join(refTree, "node_modules"));
  else {
    console.log(`${ref}'s package-lock.json differs: npm ci in ${refTree}`);
    execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: refTree,
      stdio: "inherit",
    });
  }
}

/** One `npm run bench -- <rows>` with the service of `serviceRoot`; its rows' figures. */
function runOnce(label: string, serviceRoot: string, pass: number): Promise<Row[]> {
  const json = join(refTree, `.bench-${label}-${pass}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "bench/run.ts"), rows], {
      cwd: root,
      env: {
        ...process.env,
        BENCH_SERVICE_ROOT: serviceRoot,
        BENCH_JSON: json,
        BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? "2",
        BENCH_DELIVERY_ROUNDS: process.env.BENCH_DELIVERY_ROUNDS ?? "2",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (out += String(d)));
    child.on("exit", (code) => {
      writeFileSync(join(logDir, `${label}-${pass + 1}.log`), out);
      if (code !== 0) reject(new Error(`${label} pass ${pass} exited ${code}:\n${out}`));
      else resolve(JSON.parse(readFileSync(json, "utf8")) as Row[]);
    });
  });
}

function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

try {
  exportRef();
  console.log(
    `bench:compare: rows "${rows}", working tree against ${ref} (${sha.slice(0, 10)}), ${PASSES} passes each side alternated, tolerance +${TOLERANCE}% service CPU per request; load average ${load()}`,
  );
  const runs: Record<"work" | "ref", Row[][]> = { work: [], ref: [] };
  for (let pass = 0; pass < PASSES; pass++) {
    const order = pass % 2 === 0 ? (["work", "ref"] as const) : (["ref", "work"] as const);
    for (const side of order) {
      const t0 = Date.now();
      runs[side].push(await runOnce(side, side === "work" ? root : refTree, pass));
      console.log(`  pass ${pass + 1} ${side}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
  }
  const names = [...new Set([...runs.work, ...runs.ref].flat().map((r) => r.name))];
  const pick = (side: "work" | "ref", name: string, k: "ratio" | "serviceUs" | "pgServiceUs") =>
    median(runs[side].map((rs) => rs.find((r) => r.name === name)?.[k] ?? Number.NaN));
  const pct = (a: number, b: number) => ((a - b) / b) * 100;
  const table = [
    ["row", "service µs", `${ref} µs`, "change", "pg service µs", `${ref} µs`, "ratio", ref],
  ];
  const grown: string[] = [];
  for (const name of names) {
    const [w, r] = [pick("work", name, "serviceUs"), pick("ref", name, "serviceUs")];
    const change = pct(w, r);
    // A row's request path beside its whole cost (run.ts) is shown, not held to the tolerance.
    const checked = [...runs.work, ...runs.ref]
      .flat()
      .some((x) => x.name === name && x.checked !== false);
    if (change > TOLERANCE && checked) grown.push(`${name}: ${change.toFixed(1)}%`);
    table.push([
      name,
      w.toFixed(0),
      r.toFixed(0),
      Number.isFinite(change) ? `${change >= 0 ? "+" : ""}${change.toFixed(1)}%` : "n/a",
      pick("work", name, "pgServiceUs").toFixed(0),
      pick("ref", name, "pgServiceUs").toFixed(0),
      pick("work", name, "ratio").toFixed(2),
      pick("ref", name, "ratio").toFixed(2),
    ]);
  }
  const widths = (table[0] ?? []).map((_, i) => Math.max(...table.map((r) => (r[i] ?? "").length)));
  for (const r of table) {
    console.log(
      r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  "),
    );
  }
  console.log(`load average at the end: ${load()}; each run's output in ${logDir}`);
  if (grown.length > 0) {
    console.log(`service CPU per request grew beyond +${TOLERANCE}%:\n  ${grown.join("\n  ")}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(refTree, { recursive: true, force: true });
}
