import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { openPostgres } from "../../src/db/pg.ts";
import { openPglite } from "../../src/db/pglite.ts";
import type { Db } from "../../src/kernel/db.ts";
import { createSchema, dropSchema, schemaUrl, TEST_DATABASE_URL } from "../helpers/db.ts";

// `tostao audit verify` (docs/cli.md): exit 0 and a count while every chain is intact; after an
// UPDATE of one entry in the database, exit 1 naming that entry by id and seq. The real bin on
// a real store (a PGlite data directory, or a fresh PostgreSQL schema).

const BIN = fileURLToPath(new URL("../../bin/tostao.js", import.meta.url));
let env: Record<string, string>;
let schema: string | undefined;
before(async () => {
  env = { PATH: process.env.PATH ?? "" };
  if (TEST_DATABASE_URL) {
    schema = await createSchema();
    env.DATABASE_URL = schemaUrl(schema);
  } else {
    env.TOSTAO_DATA_DIR = mkdtempSync(join(tmpdir(), "tostao-audit-cli-"));
  }
});
after(async () => {
  if (schema) await dropSchema(schema);
});

type Run = { code: number; stdout: string; stderr: string };
const tostao = (...args: string[]) =>
  new Promise<Run>((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code) : 0, stdout, stderr });
    });
  });

/** The store, opened by the test between two commands (the CLI holds PGlite's directory while it runs). */
async function withStore<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, 2)
    : await openPglite(env.TOSTAO_DATA_DIR, { holder: "audit test" });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

test("audit verify: exit 0 with a count, then exit 1 naming the entry an UPDATE changed", async () => {
  const account = JSON.parse(
    (await tostao("account", "create", "--name", "Loja", "--json")).stdout,
  );
  for (const label of ["a", "b", "c"]) {
    const made = await tostao("token", "create", "--account", account.id, "--label", label);
    assert.equal(made.code, 0, made.stderr);
  }
  const ok = await tostao("audit", "verify");
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /audit log intact: 3 entries in 1 accounts/);

  const second = await withStore(async (db) => {
    const rows = await db.query<{ id: string }>(
      "SELECT id FROM audit_log WHERE account_id = $1 AND seq = 2",
      [account.id],
    );
    await db.query("UPDATE audit_log SET ip = '10.6.6.6' WHERE account_id = $1 AND seq = 2", [
      account.id,
    ]);
    return rows[0]?.id;
  });
  assert.match(String(second), /^aud_/);
  const broken = await tostao("audit", "verify");
  assert.equal(broken.code, 1);
  assert.ok(broken.stdout.includes(`at seq 2 (entry ${second})`), broken.stdout);
  const json = JSON.parse((await tostao("audit", "verify", "--json")).stdout);
  assert.deepEqual([json.broken.id, json.broken.seq], [second, 2]);
});
