import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { openDb } from "../../src/db/open-db.ts";
import { spawnService } from "../helpers/spawn-service.ts";

// A new user's first start when something is wrong: an older Node, a port already taken, a
// start that died before printing its token. Each says what to do in one line and loses nothing.

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const FLOOR = (JSON.parse(readFileSync("package.json", "utf8")).engines.node as string).slice(2);

/** Runs `src/main.ts` to its exit (it must not start), with `node`; its output and exit code. */
function runToExit(node: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(node, ["--import", "tsx", MAIN], {
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
    });
    child.stderr.on("data", (d) => {
      out += String(d);
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the start did not stop:\n${out}`));
    }, 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** A Node binary on this machine older than the engines floor (Debian's), if there is one. */
function olderNode(): string | undefined {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node", "/bin/node"]) {
    if (!existsSync(candidate)) continue;
    const v = execFileSync(candidate, ["-v"], { encoding: "utf8" }).trim().slice(1);
    const [a, b, c] = v.split(".").map(Number);
    const [x, y, z] = FLOOR.split(".").map(Number);
    if ((a ?? 0) * 1e6 + (b ?? 0) * 1e3 + (c ?? 0) < (x ?? 0) * 1e6 + (y ?? 0) * 1e3 + (z ?? 0)) {
      return candidate;
    }
  }
  return undefined;
}

const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), "tostao-fs-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, "data");
};

const older = olderNode();
test("an older Node stops the start with one line naming both versions, before the store is made", {
  skip: older ? false : "no Node older than the engines floor on this machine",
}, async () => {
  const dataDir = fresh();
  const { code, out } = await runToExit(older ?? "", { TOSTAO_DATA_DIR: dataDir, PORT: "0" });
  assert.equal(code, 1);
  const lines = out.trim().split("\n");
  assert.equal(lines.length, 1, `one line:\n${out}`);
  assert.match(lines[0] ?? "", new RegExp(`needs Node\\.js ${FLOOR.replace(/\.0$/, "")}`));
  assert.match(lines[0] ?? "", /this is Node\.js \d+\.\d+\.\d+/);
  assert.equal(existsSync(dataDir), false, "no data directory was made");
});

test("a first start on a taken port says so with PORT, no stack trace, and creates nothing; the next start prints the token and link", async () => {
  const dataDir = fresh();
  const holder: Server = createServer();
  await new Promise<void>((r) => holder.listen(0, "127.0.0.1", r));
  const port = (holder.address() as { port: number }).port;
  try {
    const { code, out } = await runToExit(process.execPath, {
      TOSTAO_DATA_DIR: dataDir,
      PORT: String(port),
    });
    assert.equal(code, 1);
    assert.equal(out.trim().split("\n").length, 1, `one line:\n${out}`);
    assert.match(out, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is taken`));
    assert.match(out, /PORT=\d+ npm start/);
    assert.doesNotMatch(out, /EADDRINUSE|\n\s+at /, "no stack trace");
    assert.equal(existsSync(dataDir), false, "nothing was created");
  } finally {
    await new Promise((r) => holder.close(r));
  }
  const next = await spawnService({ TOSTAO_DATA_DIR: dataDir });
  try {
    assert.match(next.token ?? "", /^svc_test_/);
    assert.match(next.output(), /dashboard\/setup\?code=/);
  } finally {
    await next.stop();
  }
});

test("a store whose first-start token was never printed gets a fresh token and setup link at the next start; the unseen one stops working", async () => {
  const dataDir = fresh();
  const first = await spawnService({ TOSTAO_DATA_DIR: dataDir });
  const unseen = first.token ?? "";
  await first.stop();
  // As if that start had died after making the pair and before printing it.
  const db = await openDb({ kind: "pglite", dataDir }, { holder: "test" });
  await db.query("UPDATE accounts SET first_start_unseen = true");
  await db.close();

  const second = await spawnService({ TOSTAO_DATA_DIR: dataDir });
  try {
    const token = second.token ?? "";
    assert.match(token, /^svc_test_/, `a token is printed:\n${second.output()}`);
    assert.notEqual(token, unseen);
    assert.match(second.output(), /dashboard\/setup\?code=/, "and a setup link");
    const auth = (t: string) =>
      fetch(`${second.url}/api/auth/tokens`, { headers: { authorization: `Bearer ${t}` } });
    assert.equal((await auth(token)).status, 200);
    assert.equal((await auth(unseen)).status, 401, "the pair nobody saw is revoked");
  } finally {
    await second.stop();
  }
  const third = await spawnService({ TOSTAO_DATA_DIR: dataDir });
  try {
    assert.equal(third.token, undefined, "once printed, a later start prints nothing");
  } finally {
    await third.stop();
  }
});

test("a store that cannot be opened stops the start with one line naming its variable, no stack trace", async () => {
  const dir = fresh();
  const closed = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
  const pg = await runToExit(process.execPath, {
    DATABASE_URL: `postgres://tostao:s3cret@127.0.0.1:${closed}/tostao`,
    TOSTAO_SECRET_KEY: "ab".repeat(32),
    PORT: "0",
  });
  assert.equal(pg.code, 1);
  assert.equal(pg.out.trim().split("\n").length, 1, `one line:\n${pg.out}`);
  assert.match(
    pg.out,
    new RegExp(
      `cannot reach PostgreSQL at 127\\.0\\.0\\.1:${closed}/tostao \\(DATABASE_URL\\): connection refused`,
    ),
  );
  assert.doesNotMatch(pg.out, /s3cret|\n\s+at /, "no password, no stack trace");
  // A data directory under a file: the key file and the store cannot be made.
  mkdirSync(join(dir, ".."), { recursive: true });
  writeFileSync(join(dir, "..", "a-file"), "");
  const embedded = await runToExit(process.execPath, {
    TOSTAO_DATA_DIR: join(dir, "..", "a-file", "data"),
    PORT: "0",
  });
  assert.equal(embedded.code, 1);
  assert.equal(embedded.out.trim().split("\n").length, 1, `one line:\n${embedded.out}`);
  assert.match(embedded.out, /cannot use the data directory .*a-file\/data \(TOSTAO_DATA_DIR\)/);
  // A directory refused under a parent that is there (/proc): node's recursive mkdir spun on it.
  if (existsSync("/proc/self")) {
    const inProc = await runToExit(process.execPath, { TOSTAO_DATA_DIR: "/proc/nope", PORT: "0" });
    assert.equal(inProc.code, 1);
    assert.match(inProc.out, /cannot use the data directory \/proc\/nope \(TOSTAO_DATA_DIR\)/);
  }
});
