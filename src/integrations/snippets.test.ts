// The generated snippets are run for real, one interpreter each, against a fake API on loopback:
// text comparisons could not tell whether the code parses, escapes the base URL or signs right.
// In CI (CI=true) a missing php or go makes their tests FAIL (.ci/run installs php-cli and
// golang-go); on a developer's machine without them those tests are skipped, saying what to install.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { TestContext } from "node:test";
import { after, before, describe, test } from "node:test";
import { runInNewContext } from "node:vm";
import { AppError } from "../domain/errors.ts";
import { signDelivery } from "../domain/webhooks/signature.ts";
import {
  doubleQuoted,
  EXAMPLE_WEBHOOK_SECRET,
  phpSingleQuoted,
  SAMPLE_WEBHOOK_BODY,
  shellSingleQuoted,
} from "./snippet-templates/shared.ts";
import {
  generateSnippet,
  SNIPPET_LANGUAGES,
  SNIPPET_OPERATIONS,
  type Snippet,
  SnippetError,
  type SnippetInput,
  type SnippetLanguage,
} from "./snippets.ts";

const TOKEN = "tok_test_0123456789";
const CHARGE_ID = "pix_test123";
// Every language's escape hazard at once; none may close its string literal and run the payload.
const HOSTILE =
  "\"); __import__('os').system('touch PWNED') #\n'$(touch PWNED)'`touch PWNED`" +
  "\"+(await import('node:fs')).writeFileSync('PWNED','')+\"'.touch('PWNED').'?>\r\t\\\u2028é😀" +
  `\${x}`;

type Seen = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders };
type FakeApi = {
  baseUrl: string;
  seen: (Seen & { body: string; at: number })[];
  /** Answers the next creates get instead of the charge (a busy or failing server), in order. */
  refuse: { status: number; retryAfter?: string }[];
  close(): Promise<void>;
};

/** Just enough of the API: bearer check, the envelope, create and status of one charge. */
async function startFakeApi(): Promise<FakeApi> {
  const seen: FakeApi["seen"] = [];
  const refuse: FakeApi["refuse"] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = Buffer.concat(chunks).toString("utf8");
      seen.push({
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        at: performance.now(),
      });
      const send = (status: number, payload: object) => {
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      };
      const charge = {
        chargeId: CHARGE_ID,
        status: "Pendente",
        statusCode: "pending",
        value: 10.5,
      };
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        send(401, { success: false, error: "invalid or missing API token" });
      } else if (req.method === "POST" && url.pathname === "/api/pix/charge/create") {
        if (!req.headers["content-type"]?.startsWith("application/json")) {
          send(415, { success: false, error: "body must be application/json" });
          return;
        }
        const refusal = refuse.shift();
        if (refusal) {
          const headers = refusal.retryAfter ? { "retry-after": refusal.retryAfter } : {};
          res
            .writeHead(refusal.status, { "content-type": "application/json", ...headers })
            .end(JSON.stringify({ success: false, error: `busy (${refusal.status})` }));
          return;
        }
        const created = { brCode: "00020126580014br.gov.bcb.pix6304ABCD", provider: "fake" };
        send(200, {
          success: true,
          data: { ...charge, ...created, qrCodeImage: "data:,", livemode: false },
        });
      } else if (req.method === "GET" && url.pathname === "/api/pix/charge/status") {
        if (url.searchParams.get("charge_id") === CHARGE_ID)
          send(200, { success: true, data: charge });
        else send(404, { success: false, error: "charge not found" });
      } else {
        send(404, { success: false, error: "no such route" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { baseUrl: `http://127.0.0.1:${port}`, seen, refuse, close };
}

let root = "";
before(() => {
  root = mkdtempSync(join(tmpdir(), "tostao-snippets-"));
});
after(() => rmSync(root, { recursive: true, force: true }));

// Where each language's tools come from, for the message when one is missing.
const TOOLS: Record<SnippetLanguage, [bin: string, debianPackage: string][]> = {
  python: [["python3", "python3"]],
  javascript: [["node", "nodejs"]],
  typescript: [["node", "nodejs"]],
  curl: [
    ["bash", "bash"],
    ["curl", "curl"],
    ["openssl", "openssl"],
  ],
  php: [["php", "php-cli"]],
  go: [["go", "golang-go"]],
};

function requireTools(language: SnippetLanguage, t: TestContext): boolean {
  const path = (process.env.PATH ?? "").split(delimiter);
  for (const [bin, pkg] of TOOLS[language]) {
    const found = path.some((dir) => {
      try {
        accessSync(join(dir, bin), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    const why = `${bin} is not installed: apt-get install -y ${pkg} (CI installs it)`;
    if (!found && process.env.CI !== "true") {
      t.skip(why);
      return false;
    }
    assert.ok(found, why);
  }
  return true;
}

type Run = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs a shell command in `cwd` without blocking this process (the fake API answers here). */
function sh(command: string, cwd: string, env: Record<string, string>, timeoutMs = 90_000) {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("TOSTAO_") && !k.startsWith("GO")),
  );
  // Go's first build can take a while; its cache lives in the temp dir, shared by the go tests.
  const go = {
    GOCACHE: join(root, "gocache"),
    GOPATH: join(root, "gopath"),
    GOPROXY: "off",
    GOTOOLCHAIN: "local",
  };
  const started = performance.now();
  return new Promise<Run>((resolve, reject) => {
    const child = spawn("bash", ["-c", command], { cwd, env: { ...base, ...go, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Math.round(performance.now() - started) });
    });
  });
}

const linkNodeModules = (dir: string) =>
  symlinkSync(join(import.meta.dirname, "../../node_modules"), join(dir, "node_modules"), "dir");

/** Writes the snippet into a fresh directory and runs its own `run` command there. */
function runSnippet(snippet: Snippet, env: Record<string, string>, args = "") {
  const dir = mkdtempSync(join(root, `${snippet.language}-${snippet.operation}-`));
  writeFileSync(join(dir, snippet.filename), snippet.code);
  // The TypeScript snippet imports @tostao/client and runs with tsx: this repository's, as a
  // user's own node_modules would hold them.
  if (snippet.language === "typescript") linkNodeModules(dir);
  return sh(`${snippet.run}${args}`, dir, env).then((r) => ({ ...r, dir }));
}

/** The header the service itself would send for the sample body (the snippets print theirs). */
const serviceSignature = (secret: string) =>
  signDelivery({ secret, eventId: "evt_example", timestamp: 0, body: SAMPLE_WEBHOOK_BODY })[
    "X-Service-Signature"
  ];

const ok = (r: Run) =>
  assert.equal(r.code, 0, `exit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
const calls = (api: FakeApi) => api.seen.map((s) => `${s.method} ${s.path}`);

for (const language of SNIPPET_LANGUAGES) {
  describe(`${language} snippet`, () => {
    let api: FakeApi;
    before(async () => {
      api = await startFakeApi();
    });
    after(() => api.close());
    const gen = (operation: SnippetInput["operation"], baseUrl = api.baseUrl) =>
      generateSnippet({ language, operation, baseUrl });

    test("a create answered 429, then 503 and 502, is tried again after increasing waits (Retry-After honoured) under one Idempotency-Key, and succeeds", async (t) => {
      if (!requireTools(language, t)) return;
      api.seen.length = 0;
      api.refuse.push({ status: 429, retryAfter: "1" }, { status: 503 }, { status: 502 });
      const r = await runSnippet(gen("create_charge"), { TOSTAO_API_TOKEN: TOKEN });
      ok(r);
      assert.match(r.stdout, /^chargeId=pix_test123$/m);
      const creates = api.seen.filter((x) => x.path === "/api/pix/charge/create");
      assert.equal(creates.length, 4, "three refusals, then the charge");
      const keys = new Set(creates.map((x) => x.headers["idempotency-key"]));
      assert.equal(keys.size, 1, "every try carries the same Idempotency-Key");
      const waits = creates.slice(1).map((x, i) => x.at - (creates[i]?.at ?? 0));
      assert.ok((waits[0] ?? 0) >= 900, `Retry-After: 1 waited ${waits[0]} ms`);
      // Without Retry-After the wait doubles: 0.5-1 s then 1-2 s for the typed client (its
      // backoff has jitter), 1 s then 2 s (or more) for the others.
      const [, second = 0, third = 0] = waits;
      const margin = language === "typescript" ? -100 : 300;
      assert.ok(third >= second + margin, `waits grow: ${waits.join(", ")} ms`);
    });

    test("'all' creates, reads the status and verifies a signature", async (t) => {
      if (!requireTools(language, t)) return;
      api.seen.length = 0;
      const r = await runSnippet(gen(undefined), { TOSTAO_API_TOKEN: TOKEN });
      t.diagnostic(`${language} 'all' run took ${r.ms} ms`);
      ok(r);
      assert.match(r.stdout, /^chargeId=pix_test123$/m);
      assert.match(r.stdout, /^brCode=00020126580014br\.gov\.bcb\.pix6304ABCD$/m);
      assert.match(r.stdout, /^statusCode=pending$/m);
      assert.match(r.stdout, /^signature ok$/m);
      const signature = `X-Service-Signature: ${serviceSignature(EXAMPLE_WEBHOOK_SECRET)}`;
      assert.ok(r.stdout.includes(`\n${signature}\n`), "signs like the service");
      assert.deepEqual(calls(api), ["POST /api/pix/charge/create", "GET /api/pix/charge/status"]);
      const [create, status] = api.seen;
      assert.deepEqual(JSON.parse(create?.body ?? ""), { value: 10.5, title: "Camiseta" });
      assert.equal(create?.headers.authorization, `Bearer ${TOKEN}`);
      assert.match(String(create?.headers["idempotency-key"]), /^[0-9a-f-]{32,36}$/);
      assert.equal(status?.query.get("charge_id"), CHARGE_ID);
      assert.equal(status?.headers.authorization, `Bearer ${TOKEN}`);
    });

    test("each single operation does only its part", async (t) => {
      if (!requireTools(language, t)) return;
      api.seen.length = 0;
      // A trailing slash on the base URL must not double the one the paths start with.
      const create = await runSnippet(gen("create_charge", `${api.baseUrl}/`), {
        TOSTAO_API_TOKEN: TOKEN,
      });
      ok(create);
      assert.match(create.stdout, /^chargeId=pix_test123$/m);
      assert.deepEqual(calls(api), ["POST /api/pix/charge/create"]);

      api.seen.length = 0;
      const status = await runSnippet(
        gen("charge_status"),
        { TOSTAO_API_TOKEN: TOKEN },
        ` ${CHARGE_ID}`,
      );
      ok(status);
      assert.match(status.stdout, /^chargeId=pix_test123\nstatus=Pendente\nstatusCode=pending$/m);
      const byEnv = await runSnippet(gen("charge_status"), {
        TOSTAO_API_TOKEN: TOKEN,
        TOSTAO_CHARGE_ID: CHARGE_ID,
      });
      ok(byEnv);
      assert.deepEqual(calls(api), ["GET /api/pix/charge/status", "GET /api/pix/charge/status"]);

      // No API call, so no token needed; a custom secret signs and verifies as well.
      api.seen.length = 0;
      const verify = await runSnippet(gen("verify_webhook"), {
        TOSTAO_WEBHOOK_SECRET: "whsec_b3RoZXI=",
      });
      ok(verify);
      const signature = serviceSignature("whsec_b3RoZXI=");
      assert.equal(verify.stdout, `X-Service-Signature: ${signature}\nsignature ok\n`);
      assert.deepEqual(api.seen, []);
    });

    test("a missing or rejected token fails with a clear message", async (t) => {
      if (!requireTools(language, t)) return;
      const missing = await runSnippet(gen("all"), {});
      assert.notEqual(missing.code, 0);
      assert.match(missing.stderr, /TOSTAO_API_TOKEN is not set/);
      const rejected = await runSnippet(gen("all"), { TOSTAO_API_TOKEN: "tok_wrong" });
      assert.notEqual(rejected.code, 0);
      assert.match(rejected.stderr, /invalid or missing API token/);
      assert.doesNotMatch(rejected.stdout, /signature ok/);
    });

    test("a hostile base URL stays inside its string literal", async (t) => {
      if (!requireTools(language, t)) return;
      const snippet = gen("all", `http://127.0.0.1:9/${HOSTILE}`);
      // TOSTAO_BASE_URL overrides the embedded one, so the run reaches the fake API.
      const r = await runSnippet(snippet, {
        TOSTAO_API_TOKEN: TOKEN,
        TOSTAO_BASE_URL: api.baseUrl,
      });
      ok(r);
      assert.match(r.stdout, /^chargeId=pix_test123$/m);
      assert.equal(existsSync(join(r.dir, "PWNED")), false);
      if (language === "python") {
        ok(await sh(`python3 -m py_compile ${snippet.filename}`, r.dir, {}));
      }
    });
  });
}

test("typescript snippets type-check against @tostao/client (tsc --strict)", async () => {
  const dir = mkdtempSync(join(root, "tsc-"));
  linkNodeModules(dir);
  const files = SNIPPET_OPERATIONS.map((operation) => {
    const snippet = generateSnippet({
      language: "typescript",
      operation,
      baseUrl: "https://x.example",
    });
    const name = `${operation}.mts`;
    writeFileSync(join(dir, name), snippet.code);
    return name;
  });
  const tsc = join(import.meta.dirname, "../../node_modules/.bin/tsc");
  const flags =
    "--noEmit --strict --target ES2022 --module NodeNext --allowImportingTsExtensions --types node";
  ok(await sh(`${tsc} ${flags} ${files.join(" ")}`, dir, {}));
});

test("go snippets are gofmt-formatted and pass go vet", async (t) => {
  if (!requireTools("go", t)) return;
  for (const operation of SNIPPET_OPERATIONS) {
    const snippet = generateSnippet({ language: "go", operation, baseUrl: "https://x.example" });
    const dir = mkdtempSync(join(root, `vet-${operation}-`));
    writeFileSync(join(dir, snippet.filename), snippet.code);
    const r = await sh(
      `test -z "$(gofmt -l ${snippet.filename})" && go vet ${snippet.filename}`,
      dir,
      {},
    );
    ok(r);
  }
});

describe("string literals round-trip through each language", () => {
  const value = `${HOSTILE}\u0001\u007f\u{10ffff}`;
  const file = (name: string, text: string) => {
    writeFileSync(join(root, name), text);
    return name;
  };
  const roundTrip = async (command: string) => {
    const r = await sh(command, root, {});
    ok(r);
    assert.equal(r.stdout, value);
  };

  test("javascript", () => assert.equal(runInNewContext(doubleQuoted(value, "javascript")), value));
  test("python", async (t) => {
    if (!requireTools("python", t)) return;
    const name = file(
      "lit.py",
      `import sys\nsys.stdout.buffer.write(${doubleQuoted(value, "python")}.encode())\n`,
    );
    await roundTrip(`python3 ${name}`);
  });
  test("shell", async (t) => {
    if (!requireTools("curl", t)) return;
    await roundTrip(`bash ${file("lit.sh", `printf '%s' ${shellSingleQuoted(value)}\n`)}`);
  });
  test("php", async (t) => {
    if (!requireTools("php", t)) return;
    await roundTrip(`php ${file("lit.php", `<?php echo ${phpSingleQuoted(value)};\n`)}`);
  });
  test("go", async (t) => {
    if (!requireTools("go", t)) return;
    const src = `package main\n\nimport "os"\n\nfunc main() { os.Stdout.WriteString(${doubleQuoted(value, "go")}) }\n`;
    await roundTrip(`go run ${file("lit.go", src)}`);
  });
});

describe("generateSnippet", () => {
  const baseUrl = "https://pay.example.com";
  const rejects = (input: unknown, reason: string) =>
    assert.throws(
      () => generateSnippet(input as SnippetInput),
      (e: unknown) => e instanceof SnippetError && e instanceof AppError && e.reason === reason,
    );

  test("defaults to 'all' and names the file and the command per language", () => {
    const got = SNIPPET_LANGUAGES.map((language) => {
      const { operation, filename, run } = generateSnippet({ language, baseUrl });
      return [language, operation, filename, run];
    });
    assert.deepEqual(got, [
      ["python", "all", "tostao_example.py", "python3 tostao_example.py"],
      ["javascript", "all", "tostao_example.mjs", "node tostao_example.mjs"],
      ["typescript", "all", "tostao_example.mts", "npx tsx tostao_example.mts"],
      ["curl", "all", "tostao_example.sh", "bash tostao_example.sh"],
      ["php", "all", "tostao_example.php", "php tostao_example.php"],
      ["go", "all", "main.go", "go run main.go"],
    ]);
  });

  test("rejects unknown languages and operations with a typed error", () => {
    rejects({ language: "ruby", baseUrl }, "unknown_language");
    rejects({ language: "toString", baseUrl }, "unknown_language");
    rejects({ language: "go", operation: "refund", baseUrl }, "unknown_operation");
    const e = new SnippetError("unknown_language", "x");
    assert.equal(e.code, "UNPROCESSABLE");
  });

  test("rejects base URLs no literal can hold or that are not http(s)", () => {
    for (const bad of [
      "pay.example.com",
      "ftp://x",
      "javascript:alert(1)",
      "http://a/\0",
      "http://a/\ud800",
      42,
    ]) {
      rejects({ language: "python", baseUrl: bad }, "invalid_base_url");
    }
  });

  test("the sample webhook can be pasted between quotes of any language", () => {
    for (const constant of [SAMPLE_WEBHOOK_BODY, EXAMPLE_WEBHOOK_SECRET]) {
      assert.match(constant, /^[\x20-\x7e]+$/);
      assert.doesNotMatch(constant, /['`\\$]/);
    }
  });
});
