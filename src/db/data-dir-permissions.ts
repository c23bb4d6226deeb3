import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { makeDirs } from "../kernel/make-dirs.ts";

// The embedded store holds every charge, token hash and webhook secret of the install, so only
// its owner may read or write it: the directory is 0700 and everything in it 0600 (files) or 0700
// (directories).
//
// PGlite does not get there by itself. On first start it runs initdb on a scratch in-memory
// filesystem and copies the result into the directory with an explicit chmod to the scratch
// file's mode, 0666, for every file (about 970 of them, WAL included), and its directories with
// mkdir 0777. A umask cannot help: chmod ignores it, and umask is process-wide (it would narrow
// every file the process ever writes, which is not this module's business). Files PostgreSQL
// creates later (new tables, WAL segments) are made 0600 by PostgreSQL itself. So: the directory
// is made 0700 before PGlite touches it, which already shuts every other user out (no one else
// can traverse it, whatever the modes inside), and once PGlite is open the modes inside are
// narrowed, which also repairs a directory made by an earlier version.

/** Creates dir (and missing parents) 0700, or narrows an existing one to 0700. */
export function makePrivateDir(dir: string): void {
  makeDirs(dir, 0o700);
  narrow(dir);
}

/** Removes group and other permissions from everything under dir; returns how many changed. */
export function narrowTree(dir: string): number {
  let changed = 0;
  const pending = [dir];
  for (let d = pending.pop(); d !== undefined; d = pending.pop()) {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      // A symbolic link's own mode means nothing, and chmod would follow it out of the store.
      if (entry.isSymbolicLink()) continue;
      if (narrow(path)) changed++;
      if (entry.isDirectory()) pending.push(path);
    }
  }
  return changed;
}

function narrow(path: string): boolean {
  const mode = lstatSync(path).mode & 0o777;
  if ((mode & 0o077) === 0) return false;
  chmodSync(path, mode & 0o700);
  return true;
}
