import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { SNIPPET_LANGUAGES } from "../../src/integrations/snippets.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Each language's generated snippet, run for real against a listening service: it must create a
// charge that the service then holds. (src/integrations/snippets.test.ts covers the languages in
// depth against a fake API; this is the end-to-end proof.)

const run = promisify(execFile);
const INTERPRETER = {
  python: "python3",
  javascript: "node",
  typescript: "node",
  curl: "curl",
  php: "php",
  go: "go",
} as const;
let svc: TestService;
let url: string;
let token: string;

before(async () => {
  svc = await startTestService();
  url = await svc.app.listen({ port: 0, host: "127.0.0.1" });
  token = (await svc.newAccount()).test;
});
after(() => svc.close());

async function installed(bin: string): Promise<boolean> {
  try {
    await run("sh", ["-c", `command -v ${bin}`]);
    return true;
  } catch {
    return false;
  }
}

describe("generated snippets against the live service", () => {
  for (const language of SNIPPET_LANGUAGES) {
    test(`${language}: the snippet creates a charge the service holds`, {
      timeout: 120_000,
    }, async (t) => {
      const bin = INTERPRETER[language];
      if (!(await installed(bin))) {
        if (process.env.CI === "true")
          assert.fail(`${bin} is not installed (.ci/run installs php-cli and golang-go)`);
        t.skip(`${bin} is not installed`);
        return;
      }
      const res = await svc.call("POST", "/api/integrations/mcp/call", {
        body: { tool: "generate_integration_snippet", arguments: { language, base_url: url } },
      });
      assert.equal(res.statusCode, 200, res.body);
      const snippet = res.json().data as { filename: string; code: string; run: string };
      const dir = mkdtempSync(join(tmpdir(), `snippet-${language}-`));
      writeFileSync(join(dir, snippet.filename), snippet.code);
      // @tostao/client and tsx, as the user's own npm install would place them.
      if (language === "typescript") {
        symlinkSync(join(import.meta.dirname, "../../node_modules"), join(dir, "node_modules"));
      }
      const { stdout } = await run("bash", ["-c", snippet.run], {
        cwd: dir,
        timeout: 110_000,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: dir,
          TOSTAO_API_TOKEN: token,
          GOCACHE: join(dir, "gocache"),
          GOPATH: join(dir, "gopath"),
          GOFLAGS: "-mod=mod",
        },
      });
      const chargeId = /chargeId=(\S+)/.exec(stdout)?.[1];
      assert.ok(chargeId, stdout);
      const held = await svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, { token });
      assert.equal(held.statusCode, 200);
      assert.equal(held.json().data.value, 10.5);
      assert.match(stdout, /signature ok/);
    });
  }
});
