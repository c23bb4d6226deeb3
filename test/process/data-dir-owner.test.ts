import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createSchema, dropSchema, schemaUrl, TEST_DATABASE_URL } from "../helpers/db.ts";
import { type RunningService, spawnService } from "../helpers/spawn-service.ts";

// One process owns an embedded data directory: real service processes and the real CLI bin on
// one PGlite directory. On PostgreSQL the lock does not exist and they all run together.

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/tostao.js", import.meta.url));
type CliResult = { code: number; stdout: string; stderr: string };

const cli = async (env: Record<string, string>, ...args: string[]): Promise<CliResult> => {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

/** Every file and directory under dir with its size and modification time. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true })) {
    const s = statSync(join(dir, String(name)));
    out.set(String(name), `${s.size}:${s.mtimeMs}`);
  }
  return out;
}

const tokenLabels = async (service: RunningService, token: string): Promise<string[]> => {
  const res = await fetch(`${service.url}/api/auth/tokens`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 200);
  const body = (await res.json()) as { data: { tokens: { label: string }[] } };
  return body.data.tokens.map((t) => t.label);
};

describe("one owner per embedded data directory", {
  skip: TEST_DATABASE_URL ? "embedded PGlite only (PostgreSQL has no lock)" : false,
}, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tostao-owner-"));
  const env = { PATH: process.env.PATH ?? "", TOSTAO_DATA_DIR: dataDir };
  const lockFile = join(dataDir, "tostao.lock");
  const running: RunningService[] = [];
  const start = async () => {
    // No background jobs: the running service writes nothing unless asked, so any change to
    // the directory while it runs is the other process's.
    const s = await spawnService({ ...env, TOSTAO_WORKERS: "false" });
    running.push(s);
    return s;
  };
  after(async () => {
    await Promise.all(running.map((s) => s.stop("SIGKILL")));
    rmSync(dataDir, { recursive: true, force: true });
  });
  let accountId = "";
  let token = "";

  test("the CLI prepares a new directory with its notice on stderr, keeping --json clean", async () => {
    const made = await cli(env, "account", "create", "--name", "Loja", "--json");
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stderr, /preparing the embedded database/);
    accountId = JSON.parse(made.stdout).id;
    const issued = await cli(env, "token", "create", "--account", accountId, "--label", "before");
    assert.equal(issued.code, 0, issued.stderr);
    token = /svc_test_\w+/.exec(issued.stdout)?.[0] ?? "";
    assert.ok(token);
    assert.ok(!existsSync(lockFile), "the CLI released the directory when it was done");
  });

  test("while the service runs, a second service and the CLI are refused and change nothing", async () => {
    const owner = await start();
    const pid = owner.child.pid;
    const lock = readFileSync(lockFile, "utf8");
    assert.equal(JSON.parse(lock).pid, pid);
    assert.equal(JSON.parse(lock).what, "tostao server");
    const before = snapshot(dataDir);

    const second = await spawnService({ ...env, TOSTAO_WORKERS: "false" }).then(
      (s) => {
        running.push(s);
        return "";
      },
      (err: Error) => err.message,
    );
    assert.match(second, /service exited with 1/, "the second service does not start");
    assert.match(second, new RegExp(`in use by the tostao server \\(pid ${pid} on this machine`));
    assert.match(second, /DATABASE_URL/);
    assert.doesNotMatch(second, /listening|Sandbox token/);

    const refused = await cli(env, "token", "create", "--account", accountId, "--label", "during");
    assert.equal(refused.code, 1);
    assert.equal(refused.stdout, "", "no token is printed");
    assert.match(refused.stderr, new RegExp(`in use by the tostao server \\(pid ${pid}\\b`));
    assert.match(refused.stderr, /since \d{4}-\d\d-\d\dT/);
    assert.match(refused.stderr, /stop that process .*kill \d+/);
    assert.match(refused.stderr, /HTTP API with a token/);
    assert.match(refused.stderr, /PostgreSQL: set DATABASE_URL/);

    assert.equal(readFileSync(lockFile, "utf8"), lock, "the owner's lock is untouched");
    assert.deepEqual(snapshot(dataDir), before, "no file under the data directory changed");
    assert.deepEqual(await tokenLabels(owner, token), ["before"]);
    await owner.stop();
    assert.ok(!existsSync(lockFile), "a stopped service releases the directory");
  });

  test("after the service stops the CLI works, and the store never got the refused token", async () => {
    const issued = await cli(env, "token", "create", "--account", accountId, "--label", "after");
    assert.equal(issued.code, 0, issued.stderr);
    assert.match(issued.stdout, /svc_test_\w+/);
    const listed = await cli(env, "token", "list", "--json");
    const labels = JSON.parse(listed.stdout).tokens.map((t: { label: string }) => t.label);
    assert.deepEqual(labels.sort(), ["after", "before"]);
  });

  test("a service killed with SIGKILL leaves a lock that the next start recovers", async () => {
    const killed = await start();
    await killed.stop("SIGKILL");
    assert.equal(JSON.parse(readFileSync(lockFile, "utf8")).pid, killed.child.pid, "left behind");
    const next = await start();
    assert.equal(JSON.parse(readFileSync(lockFile, "utf8")).pid, next.child.pid);
    assert.deepEqual((await tokenLabels(next, token)).sort(), ["after", "before"]);
    await next.stop();
  });

  test("the data directory is private: 0700, and nothing in it group or other accessible", () => {
    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
    const loose = readdirSync(dataDir, { recursive: true })
      .map((name) => join(dataDir, String(name)))
      .filter((path) => (statSync(path).mode & 0o077) !== 0);
    assert.deepEqual(loose, []);
  });
});

describe("on PostgreSQL the service and the CLI run together", {
  skip: TEST_DATABASE_URL ? false : "needs DATABASE_URL (PostgreSQL)",
}, () => {
  let schema = "";
  let service: RunningService | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "tostao-owner-pg-"));
  after(async () => {
    await service?.stop();
    if (schema) await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a token the CLI creates while the service runs works at once, and no lock is taken", async () => {
    schema = await createSchema();
    const env = {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: schemaUrl(schema),
      TOSTAO_DATA_DIR: dataDir,
    };
    service = await spawnService(env);
    const accounts = await cli(env, "account", "list", "--json");
    assert.equal(accounts.code, 0, accounts.stderr);
    const accountId = JSON.parse(accounts.stdout).accounts[0].id;
    const issued = await cli(env, "token", "create", "--account", accountId, "--label", "cli");
    assert.equal(issued.code, 0, issued.stderr);
    const token = /svc_test_\w+/.exec(issued.stdout)?.[0] ?? "";
    assert.ok((await tokenLabels(service, token)).includes("cli"));
    assert.deepEqual(readdirSync(dataDir), [], "nothing is written to TOSTAO_DATA_DIR");
  });
});
