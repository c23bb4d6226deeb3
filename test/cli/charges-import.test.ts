import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { issueToken } from "../../src/domain/tokens/manage-tokens.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Issue 34, item 6: the first hour's `tostao charges import`. The real bin against a listening
// service: a token file missing, unreadable or empty, a token the service refuses, and a service
// not running each end the command with ONE line that names the fix, exit 1, no stack trace;
// a second import of the same file says that it created nothing.

const BIN = fileURLToPath(new URL("../../bin/tostao.js", import.meta.url));
// 2026-11-26, a Thursday, 12:00 in Brazil; the rows fall due on 2026-12-09.
const clock = manualClock(new Date("2026-11-26T15:00:00.000Z"));
let svc: TestService;
let base: string;
let dir: string;
let csv: string;
before(async () => {
  svc = await startTestService({ clock });
  base = await svc.app.listen({ port: 0, host: "127.0.0.1" });
  dir = mkdtempSync(join(tmpdir(), "tostao-import-cli-"));
  csv = join(dir, "billing.csv");
  // No external_id: only the chunks' Idempotency-Keys keep a second import from billing again.
  writeFileSync(
    csv,
    [
      "value;due_date;customer_name;customer_cpf",
      "101,00;2026-12-09;Aluno 1;529.982.247-25",
      "102,00;2026-12-09;Aluno 2;529.982.247-25",
      "103,00;2026-12-09;Aluno 3;529.982.247-25",
    ].join("\n"),
  );
});
after(() => svc.close());

type Run = { code: number; stdout: string; stderr: string };
const tostao = (...args: string[]) =>
  new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? "" } },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code) : 0, stdout, stderr });
      },
    );
  });
const importWith = (tokenFile: string, url = base, ...more: string[]) =>
  tostao("charges", "import", csv, "--url", url, "--token-file", tokenFile, ...more);
const tokenFile = (name: string, token: string) => {
  const path = join(dir, name);
  writeFileSync(path, `${token}\n`);
  return path;
};

/** Exit 1, no stack frame, and besides the progress bar a single line: the one returned. */
function oneLine(r: Run, code = 1): string {
  assert.equal(r.code, code, r.stderr);
  assert.doesNotMatch(r.stderr, /^\s+at /m, "no stack trace");
  const lines = r.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("["));
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0] ?? "", /^tostao: /);
  return lines[0] ?? "";
}

/** The ways to get a token, named whenever the token is the problem. */
const namesTheWaysToAToken = (line: string) => {
  assert.match(line, /\/dashboard\/keys/);
  assert.match(line, /tostao token create/);
  assert.match(line, /npm start/);
};

describe("tostao charges import, when it cannot go on", () => {
  test("a token file missing, unreadable or empty: one line naming --token-file and where tokens come from", async () => {
    const missing = oneLine(await importWith(join(dir, "no-such-token.txt")));
    assert.match(missing, /--token-file: cannot read .*no-such-token\.txt \(no such file\)/);
    namesTheWaysToAToken(missing);
    const folder = join(dir, "a-folder");
    mkdirSync(folder);
    const unreadable = oneLine(await importWith(folder));
    assert.match(unreadable, /--token-file: cannot read .*a-folder \(a directory, not a file\)/);
    namesTheWaysToAToken(unreadable);
    const empty = oneLine(await importWith(tokenFile("empty.txt", "")));
    assert.match(empty, /--token-file: .*empty\.txt is empty/);
    namesTheWaysToAToken(empty);
  });

  test("a token the service refuses (401) or that may not bill (403): one line naming the token file, no advice to run the import again", async () => {
    const { test: real, accountId } = await svc.newAccount();
    const wrong = tokenFile("wrong.txt", `${real.slice(0, -1)}${real.endsWith("a") ? "b" : "a"}`);
    const refused = oneLine(await importWith(wrong));
    assert.match(
      refused,
      /refused the token in .*wrong\.txt \(authorization: not a valid API token\)/,
    );
    namesTheWaysToAToken(refused);
    assert.doesNotMatch(refused, /again/);

    const readOnly = await issueToken(svc.deps, {
      accountId,
      label: "read only",
      mode: "test",
      scopes: ["charges:read"],
    });
    const forbidden = oneLine(await importWith(tokenFile("read-only.txt", readOnly.token)));
    assert.match(forbidden, /lacks the charges:write scope/);
    assert.match(forbidden, /use a token with the charges:write scope/);
    assert.doesNotMatch(forbidden, /again/);
  });

  test("a service not running: one line with its URL and how to start it", async () => {
    const { test: token } = await svc.newAccount();
    const closed = await freePort();
    const down = oneLine(
      await importWith(tokenFile("down.txt", token), `http://127.0.0.1:${closed}`),
    );
    assert.match(
      down,
      new RegExp(
        `cannot reach the service at http://127\\.0\\.0\\.1:${closed} \\(connection refused\\)`,
      ),
    );
    assert.match(down, /npm start/);
    assert.match(down, /nothing was billed/);
  });

  test("an unknown option: one line pointing at --help, exit 2 (bad usage)", async () => {
    const line = oneLine(await tostao("charges", "import", csv, "--tokenfile", "t.txt"), 2);
    assert.equal(
      line,
      "tostao: unknown option --tokenfile; `npx tostao --help` lists each command's options",
    );
  });
});

describe("tostao charges import, run twice", () => {
  test("the second import of the same file says it created nothing: its rows are already billed", async () => {
    const { test: token } = await svc.newAccount();
    const file = tokenFile("twice.txt", token);
    const first = await importWith(file);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stdout, "created 3, refused 0, already billed 0\n");
    const second = await importWith(file);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(
      second.stdout,
      "created 0, refused 0, already billed 3 (3 by an earlier import of this file)\n",
    );
    const third = JSON.parse((await importWith(file, base, "--json")).stdout);
    assert.equal(third.created, 0);
    assert.equal(third.earlierImport, 3);
    assert.equal(third.results[0].earlierImport, true);
    const listed = await svc.call("GET", "/api/pix/charges?limit=10", { token });
    assert.equal(listed.json().data.charges.length, 3, "three charges, not nine");
  });
});

/** A port nothing listens on: one the system just handed out and took back. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const addr = server.address();
      server.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}
