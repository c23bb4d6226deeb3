import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createSchema, dropSchema, schemaUrl, TEST_DATABASE_URL } from "../helpers/db.ts";
import { startPspPeer } from "../helpers/psp-peer/index.ts";

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/tostao.js", import.meta.url));

// The CLI is a black box here: the real bin, a real database (PGlite in a temp dir, or a fresh
// PostgreSQL schema), and its --json output.
let env: Record<string, string>;
let schema: string | undefined;
before(async () => {
  env = { PATH: process.env.PATH ?? "" };
  if (TEST_DATABASE_URL) {
    schema = await createSchema();
    env.DATABASE_URL = schemaUrl(schema);
  } else {
    env.TOSTAO_DATA_DIR = mkdtempSync(join(tmpdir(), "tostao-cli-"));
  }
});
after(async () => {
  if (schema) await dropSchema(schema);
});

const tostao = async (...args: string[]) => {
  const { stdout } = await run(process.execPath, [BIN, ...args], { env });
  return stdout;
};
const json = async (...args: string[]) => JSON.parse(await tostao(...args, "--json"));
type Run = { code: number | null; stdout: string; stderr: string };
/** Runs the CLI in `environment` with `input` on its standard input: exit code, stdout, stderr. */
const runIn = (environment: Record<string, string>, input: string, args: string[]) =>
  new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: environment });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
const withStdin = (input: string, ...args: string[]) => runIn(env, input, args);
const withEnv = (environment: Record<string, string>, ...args: string[]) =>
  runIn(environment, "", args);

/** Exit 1 with a single line on stderr and no stack frame: that line. */
function oneLine(r: Run): string {
  assert.equal(r.code, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /^\s+at /m, "no stack trace");
  const lines = r.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("preparing"));
  assert.equal(lines.length, 1, r.stderr);
  return lines[0] ?? "";
}

describe("tostao CLI", () => {
  test("migrate, account create, token create/list/revoke, all with --json", async () => {
    await tostao("migrate");
    assert.deepEqual((await json("migrate")).applied, []);
    const account = await json("account", "create", "--name", "Loja da Esquina");
    assert.match(account.id, /^acct_/);
    const created = await json(
      "token",
      "create",
      "--account",
      account.id,
      "--label",
      "deploy",
      "--mode",
      "live",
    );
    assert.match(created.token, /^svc_prod_/);
    const listed = await json("token", "list", "--account", account.id);
    assert.equal(listed.tokens.length, 1);
    assert.equal(listed.tokens[0].id, created.id);
    assert.ok(!JSON.stringify(listed).includes(created.token), "the list never shows a value");
    const revoked = await json("token", "revoke", created.id);
    assert.ok(revoked.revokedAt);
    assert.equal(created.scopes, null, "without --scopes, every scope");
    const agent = await json(
      ...["token", "create", "--account", account.id, "--label", "agent"],
      ...["--scopes", "charges:write,charges:read"],
    );
    assert.deepEqual(agent.scopes, ["charges:read", "charges:write"]);
  });

  test("account rename sets the name payers see, checked as the API checks it", async () => {
    const account = await json("account", "create", "--name", "Operador 7");
    assert.equal(account.displayName, "Operador 7", "payers see the name until it is changed");
    const renamed = await json(
      "account",
      "rename",
      "--account",
      account.id,
      "--display-name",
      "Padaria São João",
    );
    assert.equal(renamed.display_name, "Padaria São João");
    const bad = await withStdin(
      "",
      "account",
      "rename",
      "--account",
      account.id,
      "--display-name",
      "<b>",
    );
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /display_name/);
    const listed = await tostao("account", "list");
    assert.match(listed, /payers see: Padaria São João/);
  });

  test("pix-provider set/show/delete: a live PSP connection from files, checked at the PSP, shown without secrets", async () => {
    const peer = await startPspPeer({ profile: "efi" });
    try {
      const dir = mkdtempSync(join(tmpdir(), "tostao-cli-psp-"));
      const file = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      const account = await json("account", "create", "--name", "Loja PIX");
      const common = ["--account", account.id];
      // PostgreSQL needs the secret key in the environment (PGlite keeps a key file).
      const secretKey = "ab".repeat(32);
      env.TOSTAO_SECRET_KEY = secretKey;
      const pspEnv = {
        TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost",
        TOSTAO_BASE_URL: "http://localhost:3000",
      };
      const saved = JSON.parse(
        (
          await run(
            process.execPath,
            [
              BIN,
              "pix-provider",
              "set",
              ...common,
              "--profile",
              "efi",
              "--base-url",
              peer.baseUrl,
              "--token-url",
              peer.tokenUrl,
              "--client-id",
              peer.clientId,
              "--client-secret-file",
              file("secret.txt", `${peer.clientSecret ?? ""}\n`),
              "--cert",
              file("cert.pem", peer.certificatePem),
              "--key",
              file("key.pem", peer.privateKeyPem),
              "--ca",
              file("ca.pem", peer.caPem),
              "--pix-key",
              peer.pixKey,
              "--merchant-name",
              "Loja PIX",
              "--merchant-city",
              "Recife",
              "--json",
            ],
            { env: { ...env, ...pspEnv } },
          )
        ).stdout,
      );
      assert.equal(saved.profile, "efi");
      assert.equal(saved.webhook.state, "manual");
      const shown = await tostao("pix-provider", "show", ...common, "--json");
      assert.equal(JSON.parse(shown).clientId, peer.clientId);
      assert.ok(!shown.includes(peer.clientSecret ?? "-") && !shown.includes("PRIVATE KEY"));
      const deleted = await json("pix-provider", "delete", ...common);
      assert.equal(deleted.deleted, true);
      await assert.rejects(
        tostao("pix-provider", "show", ...common),
        (err: { code: number }) => err.code === 1,
      );
    } finally {
      await peer.close();
    }
  });

  test("user create and reset-password take the password on stdin, never as a flag; rules are checked", async () => {
    const account = await json("account", "create", "--name", "Loja com usuários");
    /** `tostao user create` for the account, its password on stdin. */
    const userCreate = (stdin: string, email: string, ...more: string[]) =>
      withStdin(stdin, "user", "create", "--account", account.id, "--email", email, ...more);
    const made = await userCreate(
      "a long enough password\n",
      "Dona@Loja.example",
      "--password-stdin",
      "--json",
    );
    assert.equal(made.code, 0, made.stderr);
    const user = JSON.parse(made.stdout);
    assert.match(user.id, /^usr_/);
    assert.equal(user.email, "dona@loja.example");
    assert.ok(!made.stdout.includes("a long enough password"));
    const twice = await userCreate(
      "a long enough password\n",
      "dona@loja.example",
      "--password-stdin",
    );
    assert.equal(twice.code, 1);
    assert.match(twice.stderr, /already has a user/);
    const short = await userCreate("short\n", "b@loja.example", "--password-stdin");
    assert.equal(short.code, 1);
    assert.match(short.stderr, /at least 10 characters/);
    const reset = await withStdin(
      "another long password\n",
      "user",
      "reset-password",
      "--email",
      "dona@loja.example",
      "--password-stdin",
    );
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /new password set for dona@loja.example/);
    const unknown = await withStdin(
      "another long password\n",
      "user",
      "reset-password",
      "--email",
      "x@loja.example",
      "--password-stdin",
    );
    assert.equal(unknown.code, 1);
    const noTty = await userCreate("", "c@loja.example");
    assert.equal(noTty.code, 1);
    assert.match(noTty.stderr, /--password-stdin/);
  });

  test("prune --dry-run says per table what a retention pass would delete, and deletes nothing", async () => {
    await tostao("migrate");
    const out = await json("prune", "--dry-run");
    assert.equal(out.retentionDays, 90);
    assert.equal(out.dryRun, true);
    assert.deepEqual(Object.keys(out.wouldDelete).sort(), [
      "dashboard_sessions",
      "deliveries",
      "delivery_attempts",
      "events",
      "idempotency_keys",
    ]);
    assert.match(
      await tostao("prune", "--dry-run"),
      /would delete\n {2}events: 0\n {2}deliveries: 0\n/,
    );
    const done = await json("prune");
    assert.equal(done.dryRun, false);
    assert.equal(done.deleted.events, 0);
  });

  test("a file, a database or a data directory that is not there: one line naming the flag or variable, no stack trace", async () => {
    const account = await json("account", "create", "--name", "Loja sem certificado");
    const dir = mkdtempSync(join(tmpdir(), "tostao-cli-fail-"));
    const noPfx = await withStdin(
      "",
      "pix-provider",
      "set",
      "--account",
      account.id,
      "--profile",
      "efi",
      "--client-id",
      "id",
      "--client-secret",
      "s",
      "--pfx",
      join(dir, "producao.p12"),
      "--pix-key",
      "k",
      "--merchant-name",
      "Loja",
      "--merchant-city",
      "Recife",
    );
    assert.deepEqual(
      oneLine(noPfx),
      `tostao: --pfx: cannot read ${join(dir, "producao.p12")} (no such file)`,
    );
    // The store's setting, whichever this run uses: PostgreSQL where nothing listens (its
    // password never shown), or a data directory under a file.
    const { DATABASE_URL: _, TOSTAO_DATA_DIR: __, ...bare } = env;
    const noServer = await withEnv(
      { ...bare, DATABASE_URL: "postgres://tostao:s3cret@127.0.0.1:1/tostao" },
      "account",
      "list",
    );
    const line = oneLine(noServer);
    assert.match(
      line,
      /cannot reach PostgreSQL at 127\.0\.0\.1:1\/tostao \(DATABASE_URL\): connection refused/,
    );
    assert.doesNotMatch(line, /s3cret/);
    writeFileSync(join(dir, "a-file"), "");
    const underAFile = await withEnv(
      { ...bare, TOSTAO_DATA_DIR: join(dir, "a-file", "data") },
      "account",
      "list",
    );
    assert.match(
      oneLine(underAFile),
      /cannot use the data directory .*a-file\/data \(TOSTAO_DATA_DIR\): a part of the path is not a directory/,
    );
    // A directory the file system refuses under a parent that is there: node's recursive mkdir
    // spun on it at full CPU, deaf to SIGTERM.
    if (existsSync("/proc/self")) {
      const t0 = Date.now();
      const inProc = await withEnv({ ...bare, TOSTAO_DATA_DIR: "/proc/nope" }, "account", "list");
      assert.match(
        oneLine(inProc),
        /cannot use the data directory \/proc\/nope \(TOSTAO_DATA_DIR\): a part of the path does not exist/,
      );
      assert.ok(Date.now() - t0 < 20_000, `${Date.now() - t0} ms`);
    }
  });

  test("bad usage (a required option missing, an unknown option or command) exits 2 with one line; a command that ran and failed exits 1", async () => {
    const usage = async (...args: string[]) => {
      const r = await withEnv(env, ...args);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      return r.stderr;
    };
    assert.match(
      await usage("token", "create", "--label", "x"),
      /^tostao: --account is required\n$/,
    );
    assert.match(
      await usage("token", "create", "--bogus"),
      /^tostao: unknown option --bogus; `npx tostao --help` lists each command's options\n$/,
    );
    assert.match(await usage("pix-provider", "show"), /--account is required/);
    assert.match(await usage("nonsense"), /^unknown command: nonsense/);
    // A value refused is the command's own failure, not usage.
    assert.equal(
      (await withEnv(env, "token", "create", "--account", "acc_x", "--mode", "x")).code,
      1,
    );
  });
});
