import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "./data-dir-lock.ts";

let dir = "";
let file = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tostao-lock-"));
  file = join(dir, LOCK_FILE);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockOf = (pid: number, host = hostname()) =>
  `${JSON.stringify({ pid, what: "tostao server", since: "2026-01-02T03:04:05.000Z", host, id: "x" })}\n`;

/** The pid of a process that has exited (so nothing runs under it, barring reuse). */
const deadPid = () =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ["-e", ""]);
    child.on("exit", () => resolve(child.pid as number));
  });

test("the lock names its holder, and release removes it", async () => {
  const lock = await lockDataDir(dir, "tostao CLI", () => new Date("2026-05-06T07:08:09Z"));
  const held = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(held.pid, process.pid);
  assert.equal(held.what, "tostao CLI");
  assert.equal(held.since, "2026-05-06T07:08:09.000Z");
  assert.equal(held.host, hostname());
  lock.release();
  assert.ok(!existsSync(file));
});

test("a lock held by a live process is refused with who holds it and what to do", async () => {
  // The parent of this test process is alive for as long as the test runs.
  writeFileSync(file, lockOf(process.ppid));
  await assert.rejects(lockDataDir(dir, "tostao CLI"), (err: unknown) => {
    assert.ok(err instanceof DataDirLockedError);
    assert.equal(err.holder.pid, process.ppid);
    assert.match(err.message, new RegExp(`in use by the tostao server \\(pid ${process.ppid} `));
    assert.match(err.message, /since 2026-01-02T03:04:05.000Z/);
    assert.match(err.message, /stop that process/);
    assert.match(err.message, /HTTP API/);
    assert.match(err.message, /DATABASE_URL/);
    return true;
  });
  assert.equal(readFileSync(file, "utf8"), lockOf(process.ppid), "the holder's lock is untouched");
});

test("a lock left by a dead process on this host is recovered", async () => {
  writeFileSync(file, lockOf(await deadPid()));
  const lock = await lockDataDir(dir, "tostao server");
  assert.equal(JSON.parse(readFileSync(file, "utf8")).pid, process.pid);
  lock.release();
});

test("a lock with this process's pid that it does not hold is a previous incarnation's", async () => {
  // A container restarted after SIGKILL runs the service under the same pid again.
  writeFileSync(file, lockOf(process.pid));
  const lock = await lockDataDir(dir, "tostao server");
  assert.notEqual(JSON.parse(readFileSync(file, "utf8")).id, "x");
  lock.release();
});

test("a lock from another host is refused even if that pid is free here", async () => {
  writeFileSync(file, lockOf(await deadPid(), "other-host"));
  await assert.rejects(lockDataDir(dir, "tostao CLI"), (err: unknown) => {
    assert.ok(err instanceof DataDirLockedError);
    assert.match(err.message, /on host other-host/);
    assert.match(err.message, new RegExp(`delete ${join(dir, LOCK_FILE)}`));
    return true;
  });
});

test("a lock file that stays empty (its writer died) is recovered", async () => {
  writeFileSync(file, "");
  const lock = await lockDataDir(dir, "tostao server");
  assert.equal(JSON.parse(readFileSync(file, "utf8")).pid, process.pid);
  lock.release();
});

test("release leaves a lock that is no longer its own", async () => {
  const lock = await lockDataDir(dir, "tostao server");
  writeFileSync(file, lockOf(process.ppid));
  lock.release();
  assert.equal(readFileSync(file, "utf8"), lockOf(process.ppid));
});

test("a process that exits without releasing still removes its lock", async () => {
  const module = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));
  const script = `import { lockDataDir } from ${JSON.stringify(module)};
    await lockDataDir(${JSON.stringify(dir)}, "tostao CLI");
    process.exit(3);`;
  await assert.rejects(
    promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]),
    (err: { code: number }) => err.code === 3,
  );
  assert.ok(!existsSync(file));
});

test("a stale lock that another live process is recovering is left to it", async () => {
  const stale = lockOf(await deadPid());
  writeFileSync(file, stale);
  writeFileSync(`${file}.recovering`, `${process.ppid}\n`);
  await assert.rejects(lockDataDir(dir, "tostao CLI"), DataDirLockedError);
  assert.equal(readFileSync(file, "utf8"), stale, "only the recovering process replaces it");
});

test("a recovery guard left by a dead process does not block recovery", async () => {
  writeFileSync(file, lockOf(await deadPid()));
  writeFileSync(`${file}.recovering`, `${await deadPid()}\n`);
  const lock = await lockDataDir(dir, "tostao server");
  assert.equal(JSON.parse(readFileSync(file, "utf8")).pid, process.pid);
  assert.ok(!existsSync(`${file}.recovering`));
  lock.release();
});
