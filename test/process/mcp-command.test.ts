import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute } from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { TOOLS } from "../../src/mcp/registry.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// The stdio MCP command as the README writes it, run as written from the clone, and the client
// configuration it shows, run from another directory as a client would start it. The command
// the README once gave (`npx -p tostao tostao-mcp`) failed: the package is not on npm.

const ROOT = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/, "");
const README = readFileSync(`${ROOT}/README.md`, "utf8");
const MCP_DOC = readFileSync(`${ROOT}/docs/mcp.md`, "utf8");

/** The fenced blocks of a Markdown text in the given language. */
function blocks(markdown: string, lang: string): string[] {
  return [...markdown.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map(
    (m) => m[1] ?? "",
  );
}

/** The one shell line of the document that runs the stdio server. */
function commandLine(markdown: string): string {
  const lines = blocks(markdown, "sh")
    .flatMap((b) => b.split("\n"))
    .filter((l) => l.includes("tostao-mcp"));
  assert.equal(lines.length, 1, `one documented stdio command, found: ${lines.join(" | ")}`);
  return lines[0] ?? "";
}

type ClientConfig = { command: string; args: string[]; env: Record<string, string> };

function clientConfig(markdown: string): ClientConfig {
  const block = blocks(markdown, "json").find((b) => b.includes("tostao-mcp"));
  assert.ok(block, "a client configuration for the stdio server");
  return JSON.parse(block).mcpServers.tostao as ClientConfig;
}

let svc: TestService;
let url: string;
// What a test key is offered: every tool but the live-only ones.
const TEST_KEY_TOOLS = TOOLS.filter((t) => !t.liveOnly)
  .map((t) => t.name)
  .sort();
let token: string;
before(async () => {
  svc = await startTestService({ env: { TOSTAO_WORKERS: "false" } });
  url = await svc.app.listen({ port: 0, host: "127.0.0.1" });
  token = (await svc.newAccount()).test;
});
after(() => svc.close());

/** MCP over the child's stdio: newline-delimited JSON-RPC, answers matched by id. */
function rpc(child: ChildProcessWithoutNullStreams) {
  const waiting = new Map<number, (msg: any) => void>();
  createInterface({ input: child.stdout }).on("line", (line) => {
    const msg = JSON.parse(line);
    waiting.get(msg.id)?.(msg);
  });
  let exited: Error | undefined;
  const failures = new Set<(err: Error) => void>();
  child.on("exit", (code) => {
    exited = new Error(`the server exited (code ${code})`);
    for (const fail of failures) fail(exited);
  });
  let next = 1;
  return {
    request(method: string, params: unknown = {}): Promise<any> {
      const id = next++;
      const answer = new Promise((resolve, reject) => {
        if (exited) return reject(exited);
        waiting.set(id, resolve);
        failures.add(reject);
        setTimeout(() => reject(new Error(`no answer to ${method} in 20 s`)), 20_000).unref();
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      return answer;
    },
    notify(method: string) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
    },
  };
}

/** Initialize, list the tools and call one that needs the token; returns the tool names. */
async function speakMcp(child: ChildProcessWithoutNullStreams): Promise<string[]> {
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += String(d);
  });
  try {
    const s = rpc(child);
    const init = await s.request("initialize", {
      protocolVersion: "2025-03-26",
      capabilities: {},
      clientInfo: { name: "readme-test", version: "1.0.0" },
    });
    assert.equal(init.result?.serverInfo?.name, "tostao", JSON.stringify(init));
    s.notify("notifications/initialized");
    const listed = await s.request("tools/list");
    const called = await s.request("tools/call", { name: "list_pix_charges", arguments: {} });
    assert.equal(called.result?.isError, undefined, JSON.stringify(called));
    assert.deepEqual(
      called.result.structuredContent,
      { charges: [], hasMore: false, asOf: null },
      "reached the service",
    );
    return (listed.result.tools as Array<{ name: string }>).map((t) => t.name).sort();
  } catch (err) {
    throw new Error(`${(err as Error).message}\nstderr: ${stderr}`);
  } finally {
    child.stdin.end();
    child.kill();
  }
}

test("the README's stdio MCP command runs as written from the clone and lists every tool", async () => {
  const line = commandLine(README);
  assert.equal(commandLine(MCP_DOC), line, "docs/mcp.md shows the same command");
  // VAR=value ... command: the documented variables get this test's values, nothing else changes.
  const assignment = /^([A-Z_]+)=(\S+)\s+/;
  let rest = line;
  const vars: string[] = [];
  for (let m = assignment.exec(rest); m; m = assignment.exec(rest)) {
    vars.push(m[1] ?? "");
    rest = rest.slice(m[0].length);
  }
  assert.deepEqual(vars, ["SVC_BASE_URL", "SVC_API_TOKEN"]);
  assert.doesNotMatch(rest, /npx|npm exec/, "nothing fetched from a registry");
  const child = spawn("sh", ["-c", rest], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", SVC_BASE_URL: url, SVC_API_TOKEN: token },
  });
  assert.deepEqual(await speakMcp(child), TEST_KEY_TOOLS);
});

test("the README's client configuration starts the server by absolute path from any directory", async () => {
  const config = clientConfig(README);
  assert.deepEqual(clientConfig(MCP_DOC), config, "docs/mcp.md shows the same configuration");
  assert.equal(config.command, "node");
  const [script] = config.args;
  assert.ok(script && isAbsolute(script) && script.endsWith("/bin/tostao-mcp.js"), script);
  assert.deepEqual(Object.keys(config.env).sort(), ["SVC_API_TOKEN", "SVC_BASE_URL"]);
  // The placeholder stands for this clone; a client starts it in a directory of its own.
  const path = `${ROOT}/bin/tostao-mcp.js`;
  const child = spawn(config.command, [path], {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? "", SVC_BASE_URL: url, SVC_API_TOKEN: token },
  });
  assert.deepEqual(await speakMcp(child), TEST_KEY_TOOLS);
});
