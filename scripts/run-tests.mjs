// Finds every *.test.ts under src/ and test/ and runs them with node's test runner through tsx.
// Node 20's --test does not expand glob patterns, so the file list is built here. Extra arguments
// (file paths or --test-name-pattern) are passed through, so `npm test -- test/http/tokens.test.ts`
// runs one file.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { findChromium } from "./find-chromium.mjs";

const args = process.argv.slice(2);
const explicit = args.filter((a) => a.endsWith(".ts"));
const flags = args.filter((a) => !a.endsWith(".ts"));
let files =
  explicit.length > 0
    ? explicit
    : ["src", "test"]
        .flatMap((dir) => readdirSync(dir, { recursive: true }).map((f) => join(dir, String(f))))
        .filter((f) => f.endsWith(".test.ts"))
        .sort();
// The browser tests drive a real Chromium; without one they are left out, said in one line.
const isBrowserTest = (f) => f.split("\\").join("/").includes("test/browser/");
if (files.some(isBrowserTest) && !findChromium()) {
  const skipped = files.filter(isBrowserTest).length;
  files = files.filter((f) => !isBrowserTest(f));
  process.stdout.write(
    `browser tests skipped (${skipped} files): no Chromium found; install Debian's chromium or set CHROMIUM_PATH\n`,
  );
}

const child = spawn(
  process.execPath,
  ["--import", "tsx", "--test", "--test-concurrency=2", ...flags, ...files],
  { stdio: "inherit" },
);
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
