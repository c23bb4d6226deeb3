import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

// mkdirSync(dir, { recursive: true }) never returns on a path whose parent exists but refuses
// the child with ENOENT, as /proc does (TOSTAO_DATA_DIR=/proc/nope): Node's recursive walk takes
// ENOENT to mean "make the parent first", finds the parent there, and tries the child again,
// forever, synchronously, so not even SIGTERM's handler gets to run. Here each missing
// directory is made once, from the top down, and the first refusal is thrown with its code.

/** Creates dir and its missing parents (each with `mode`), like `mkdir -p`. */
export function makeDirs(dir: string, mode = 0o777): void {
  const missing: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (exists(d)) break;
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d, { mode });
    } catch (err) {
      // Made meanwhile by another process (two instances' first start): fine if a directory.
      if ((err as { code?: unknown }).code !== "EEXIST" || !statSync(d).isDirectory()) throw err;
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (err) {
    if ((err as { code?: unknown }).code === "ENOENT") return false;
    throw err;
  }
}
