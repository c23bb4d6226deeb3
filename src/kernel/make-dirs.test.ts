import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { makeDirs } from "./make-dirs.ts";

test("makeDirs makes the missing parents with the mode asked, and an existing directory is fine", () => {
  const base = mkdtempSync(join(tmpdir(), "tostao-make-dirs-"));
  try {
    const deep = join(base, "a", "b", "c");
    makeDirs(deep, 0o700);
    assert.ok(statSync(deep).isDirectory());
    assert.equal(statSync(join(base, "a")).mode & 0o777, 0o700);
    makeDirs(deep, 0o700);
    writeFileSync(join(base, "file"), "x");
    assert.throws(() => makeDirs(join(base, "file", "sub")), { code: "ENOTDIR" });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test("a directory the file system refuses with ENOENT under an existing parent (/proc) throws at once", {
  skip: !existsSync("/proc/self") && "no /proc here",
}, () => {
  // mkdirSync's recursive mode loops forever on this path.
  const t0 = performance.now();
  assert.throws(() => makeDirs("/proc/nope/data"), { code: "ENOENT" });
  assert.ok(performance.now() - t0 < 1000);
});
