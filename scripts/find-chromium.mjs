// Where a Chromium for the browser tests is: CHROMIUM_PATH if set, else the usual install paths
// (Debian's `chromium` package first, as CI installs it). undefined when there is none. Shared by
// scripts/run-tests.mjs (which skips test/browser/ without one) and test/browser/harness.ts.
import { accessSync, constants } from "node:fs";

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

/** @returns {string | undefined} */
export function findChromium(env = process.env) {
  const given = env.CHROMIUM_PATH;
  for (const path of given ? [given] : CANDIDATES) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not there: the next one
    }
  }
  return undefined;
}
