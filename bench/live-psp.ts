import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type PspPeer, startPspPeer } from "../test/helpers/psp-peer/index.ts";

const run = promisify(execFile);

/**
 * The live row's setup: a local PSP peer (mTLS, OAuth2, every request validated against the
 * BACEN OpenAPI file) and, through the operator CLI as a merchant would do it, a live token and
 * the account's PSP connection pointed at the peer. The peer runs in the bench process, so its
 * TLS and validation work is counted with the load generator's, not the service's.
 */
export async function setUpLivePsp(env: Record<string, string>): Promise<{
  liveToken: string;
  peer: PspPeer;
  close(): Promise<void>;
}> {
  const peer = await startPspPeer({ profile: "efi" });
  const dir = mkdtempSync(join(tmpdir(), "tostao-bench-psp-"));
  const files = { cert: "cert.pem", key: "key.pem", ca: "ca.pem", secret: "secret.txt" };
  writeFileSync(join(dir, files.cert), peer.certificatePem);
  writeFileSync(join(dir, files.key), peer.privateKeyPem);
  writeFileSync(join(dir, files.ca), peer.caPem);
  writeFileSync(join(dir, files.secret), peer.clientSecret ?? "");
  const cli = async (...args: string[]) => {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", fileURLToPath(new URL("../src/cli/main.ts", import.meta.url)), ...args],
      { env: { PATH: process.env.PATH ?? "", ...env } },
    );
    return JSON.parse(stdout);
  };
  try {
    const accounts = await cli("account", "list", "--json");
    const accountId = (accounts.accounts ?? accounts)[0].id as string;
    const made = await cli(
      "token",
      "create",
      "--account",
      accountId,
      "--mode",
      "live",
      "--label",
      "bench",
      "--json",
    );
    const liveToken = (made as { token?: string }).token;
    if (!liveToken) throw new Error(`no live token in ${JSON.stringify(made)}`);
    await cli(
      "pix-provider",
      "set",
      "--account",
      accountId,
      "--profile",
      "efi",
      "--base-url",
      peer.baseUrl,
      "--token-url",
      peer.tokenUrl,
      "--client-id",
      peer.clientId,
      "--client-secret-file",
      join(dir, files.secret),
      "--cert",
      join(dir, files.cert),
      "--key",
      join(dir, files.key),
      "--ca",
      join(dir, files.ca),
      "--pix-key",
      peer.pixKey,
      "--merchant-name",
      "Loja Bench",
      "--merchant-city",
      "Recife",
      "--json",
    );
    return { liveToken, peer, close: () => peer.close() };
  } catch (e) {
    await peer.close();
    throw e;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
