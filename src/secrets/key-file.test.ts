import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { loadOrCreateKeyFile } from "./key-file.ts";

const root = mkdtempSync(join(tmpdir(), "tostao-key-file-"));
after(() => rmSync(root, { recursive: true, force: true }));

describe("loadOrCreateKeyFile", () => {
  it("creates a 32-byte key readable by its owner only, in a directory it makes", () => {
    const dir = join(root, "new", "data");
    const key = loadOrCreateKeyFile(dir);
    assert.equal(key.length, 32);
    const file = join(dir, "secret.key");
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(readFileSync(file, "utf8").trim(), key.toString("hex"));
  });

  it("returns the same key on every later start", () => {
    const dir = join(root, "again");
    const first = loadOrCreateKeyFile(dir);
    assert.deepEqual(loadOrCreateKeyFile(dir), first);
  });

  it("refuses a key file that does not hold a 32-byte key", () => {
    const dir = join(root, "bad");
    loadOrCreateKeyFile(dir);
    writeFileSync(join(dir, "secret.key"), "not a key\n");
    assert.throws(() => loadOrCreateKeyFile(dir), /does not hold a 32-byte key/);
  });
});
