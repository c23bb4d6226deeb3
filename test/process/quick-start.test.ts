import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { spawnService } from "../helpers/spawn-service.ts";

// The README's quick start, as a user runs it: npm start on embedded PGlite with nothing set.

test("first start prints the URL and a sandbox token once; the token works; nothing logs it", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tostao-qs-"));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { TOSTAO_DATA_DIR: dataDir, LOG_LEVEL: "trace", TOSTAO_SECRET_KEY: "" };
  const first = await spawnService(env);
  const token = first.token ?? "";
  try {
    assert.match(token, /^svc_test_[0-9A-Za-z]{42}$/);
    const line =
      first
        .output()
        .split("\n")
        .find((l) => l.includes(token)) ?? "";
    assert.ok(line.includes("http://"), "the token's line also names the service URL");
    assert.match(
      first.output(),
      /^preparing the embedded database \(first start takes a few seconds\)…\n/,
      "a first start says why it is silent for a while, before anything else",
    );
    // Beside the token, the one-time link that creates the dashboard's first user.
    const setup = /(http:\/\/\S+\/dashboard\/setup\?code=[\w-]{43})/.exec(first.output())?.[1];
    assert.ok(setup, `a setup link is printed:\n${first.output()}`);
    const setupPage = await fetch(setup.replace(/^http:\/\/[^/]+/, first.url));
    assert.equal(setupPage.status, 200);
    assert.match(await setupPage.text(), /Criar o primeiro usuário/);
    const ok = await fetch(`${first.url}/api/auth/tokens`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await ok.json()) as { success: boolean; data: { tokens: unknown[] } };
    assert.equal(body.success, true);
    assert.equal(body.data.tokens.length, 1);
    // A few failures, which are logged at trace level, with the token in their requests.
    await fetch(`${first.url}/api/pix/charge/create`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{bad",
    });
    await fetch(`${first.url}/api/nope`, { headers: { authorization: `Bearer ${token}` } });
    await fetch(`${first.url}/api/auth/tokens`, { headers: { authorization: `Bearer ${token}x` } });
  } finally {
    await first.stop();
  }
  const lines = first
    .output()
    .split("\n")
    .filter((l) => l.includes(token.slice(9)));
  assert.equal(
    lines.length,
    1,
    `the token appears on the bootstrap line only:\n${lines.join("\n")}`,
  );

  const second = await spawnService(env);
  try {
    assert.equal(second.token, undefined, "a second start prints no token");
    assert.doesNotMatch(second.output(), /dashboard\/setup/, "nor a setup link");
    assert.doesNotMatch(second.output(), /preparing/, "only a new data directory is prepared");
    const again = await fetch(`${second.url}/api/auth/tokens`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(again.status, 200, "the data directory persisted the token");
  } finally {
    await second.stop();
  }
});
