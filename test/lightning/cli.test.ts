import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createSchema, dropSchema, schemaUrl, TEST_DATABASE_URL } from "../helpers/db.ts";
import { type LndPeer, startLndPeer } from "../helpers/ln-peer/index.ts";

// `tostao lightning set|show|delete` as a black box: the real bin, a real database, the LND
// peer; the macaroon read from its binary file as LND writes it, never shown back.

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/tostao.js", import.meta.url));
let env: Record<string, string>;
let schema: string | undefined;
let lnd: LndPeer;
before(async () => {
  lnd = await startLndPeer({ network: "regtest" });
  env = {
    PATH: process.env.PATH ?? "",
    TOSTAO_SECRET_KEY: "cd".repeat(32),
    TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
  };
  if (TEST_DATABASE_URL) {
    schema = await createSchema();
    env.DATABASE_URL = schemaUrl(schema);
  } else {
    env.TOSTAO_DATA_DIR = mkdtempSync(join(tmpdir(), "tostao-cli-ln-"));
  }
});
after(async () => {
  await lnd.close();
  if (schema) await dropSchema(schema);
});

const tostao = async (...args: string[]) =>
  (await run(process.execPath, [BIN, ...args], { env })).stdout;

test("lightning set/show/delete: an LND node from its macaroon and tls.cert files, checked, shown without the macaroon", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tostao-cli-lnd-"));
  const macaroonFile = join(dir, "invoice.macaroon");
  const certFile = join(dir, "tls.cert");
  writeFileSync(macaroonFile, Buffer.from(lnd.macaroon, "hex"));
  writeFileSync(certFile, lnd.certificate);
  const account = JSON.parse(await tostao("account", "create", "--name", "Loja LN", "--json"));
  const common = ["--account", account.id, "--mode", "test"];
  // The node, as its operator has it: its URL, the invoice macaroon and the TLS certificate.
  const node = ["--backend", "lnd", "--url", lnd.url];
  node.push("--macaroon-file", macaroonFile, "--tls-cert", certFile);
  const saved = JSON.parse(await tostao("lightning", "set", ...common, ...node, "--json"));
  assert.equal(saved.network, "regtest");
  assert.equal(saved.hasTlsCertificate, true);
  const shown = await tostao("lightning", "show", ...common);
  assert.match(shown, /backend\s+lnd/);
  assert.ok(!shown.includes(lnd.macaroon));
  // Live mode takes mainnet only.
  await assert.rejects(
    tostao("lightning", "set", "--account", account.id, ...node),
    (err: { stderr: string }) => /regtest; live mode takes a mainnet node/.test(err.stderr),
  );
  assert.equal(JSON.parse(await tostao("lightning", "delete", ...common, "--json")).deleted, true);
  await assert.rejects(tostao("lightning", "show", ...common));
});
