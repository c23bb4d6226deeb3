import assert from "node:assert/strict";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { makePrivateDir, narrowTree } from "./data-dir-permissions.ts";

const root = mkdtempSync(join(tmpdir(), "tostao-perm-"));
after(() => rmSync(root, { recursive: true, force: true }));
const mode = (path: string) => lstatSync(path).mode & 0o777;

test("a new data directory, and its missing parents, are made 0700", () => {
  const dir = join(root, "new", "data");
  makePrivateDir(dir);
  assert.equal(mode(dir), 0o700);
  assert.equal(mode(join(root, "new")), 0o700);
});

test("an existing world-readable data directory is narrowed to 0700", () => {
  const dir = join(root, "old");
  mkdirSync(dir);
  chmodSync(dir, 0o755);
  makePrivateDir(dir);
  assert.equal(mode(dir), 0o700);
});

test("what PGlite's first start leaves (files 0666, directories 0755) becomes 0600 and 0700", () => {
  const dir = join(root, "tree");
  mkdirSync(join(dir, "base", "5"), { recursive: true });
  for (const d of ["base", "base/5"]) chmodSync(join(dir, d), 0o755);
  for (const f of ["PG_VERSION", "base/5/1259", "secret.key"]) writeFileSync(join(dir, f), "x");
  for (const f of ["PG_VERSION", "base/5/1259"]) chmodSync(join(dir, f), 0o666);
  chmodSync(join(dir, "secret.key"), 0o600);
  const outside = join(root, "outside");
  writeFileSync(outside, "x");
  chmodSync(outside, 0o644);
  symlinkSync(outside, join(dir, "link"));

  assert.equal(narrowTree(dir), 4, "the two loose files and the two loose directories");
  assert.equal(mode(join(dir, "PG_VERSION")), 0o600);
  assert.equal(mode(join(dir, "base/5/1259")), 0o600);
  assert.equal(mode(join(dir, "base")), 0o700);
  assert.equal(mode(join(dir, "base/5")), 0o700);
  assert.equal(mode(join(dir, "secret.key")), 0o600);
  assert.equal(statSync(outside).mode & 0o777, 0o644, "a link is not followed out of the store");
  assert.equal(narrowTree(dir), 0, "a private tree is left alone");
});
