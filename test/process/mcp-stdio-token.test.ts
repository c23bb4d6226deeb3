import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { useTestService } from "../helpers/service.ts";

// The stdio MCP server (bin/tostao-mcp.js) is given its token in SVC_API_TOKEN. A token pasted
// with a newline inside it could not go in a header, and fetch's refusal quoted the whole header,
// which the server printed in its error: no part of a token past the 12 characters the service
// shows as its prefix may be printed. A newline around it (an env file's) is just dropped.
// Issue 34: the service's style of names (TOSTAO_BASE_URL, TOSTAO_API_TOKEN) work as well.

const BIN = fileURLToPath(new URL("../../bin/tostao-mcp.js", import.meta.url));

const file = useTestService({ env: { TOSTAO_WORKERS: "false" }, listen: true });

async function stdio(apiToken: string, names = { url: "SVC_BASE_URL", token: "SVC_API_TOKEN" }) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { PATH: process.env.PATH ?? "", [names.url]: file.url, [names.token]: apiToken },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const client = new Client({ name: "token-leak-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** The server lists its tools and a tool call goes through: the service took its token. */
async function assertTokenAccepted(client: Client) {
  const tools = await client.listTools();
  assert.ok(tools.tools.some((t) => t.name === "list_api_tokens"));
  const called = await client.callTool({ name: "list_api_tokens", arguments: {} });
  assert.equal(called.isError ?? false, false, JSON.stringify(called));
}

test("a token with a newline inside is refused naming only its prefix, in tools/list, tools/call and stderr", async () => {
  const broken = `${file.token.slice(0, 20)}\n${file.token.slice(20)}`;
  const { client, stderr } = await stdio(broken);
  try {
    let listed = "";
    await client.listTools().catch((err: Error) => {
      listed = err.message;
    });
    const called = JSON.stringify(
      await client.callTool({ name: "list_api_tokens", arguments: {} }),
    );
    const printed = `${listed}\n${called}\n${stderr()}`;
    // Any 6 characters of the token past its prefix would be too many.
    for (let i = 12; i + 6 <= file.token.length; i++) {
      const piece = file.token.slice(i, i + 6);
      assert.ok(!printed.includes(piece), `printed part of the token: ${piece}`);
    }
    assert.match(
      listed,
      /SVC_API_TOKEN \(svc_test_\w{3}…\) holds a character an HTTP header cannot carry/,
    );
    assert.match(called, /SVC_API_TOKEN \(svc_test_\w{3}…\)/);
  } finally {
    await client.close();
  }
});

test("a token with a newline after it (an env file's) works", async () => {
  const { client } = await stdio(`${file.token}\n`);
  try {
    await assertTokenAccepted(client);
  } finally {
    await client.close();
  }
});

test("the service's style of names, TOSTAO_BASE_URL and TOSTAO_API_TOKEN, configure it when the SVC_ ones are unset", async () => {
  const { client } = await stdio(file.token, { url: "TOSTAO_BASE_URL", token: "TOSTAO_API_TOKEN" });
  try {
    await assertTokenAccepted(client);
  } finally {
    await client.close();
  }
  // A broken token is named by the variable it came from.
  const broken = await stdio(`${file.token.slice(0, 20)} ${file.token.slice(20)}`, {
    url: "TOSTAO_BASE_URL",
    token: "TOSTAO_API_TOKEN",
  });
  try {
    const called = JSON.stringify(
      await broken.client.callTool({ name: "list_api_tokens", arguments: {} }),
    );
    assert.match(called, /TOSTAO_API_TOKEN \(svc_test_\w{3}…\) holds a character/);
  } finally {
    await broken.client.close();
  }
});
