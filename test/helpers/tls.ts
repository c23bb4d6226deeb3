import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A throwaway self-signed certificate for localhost (plus `names`) and 127.0.0.1, made with
 * openssl. Its files (callers pass certFile to child processes) are removed when the test
 * process exits.
 */
export function makeSelfSignedCert(names: string[] = []): {
  key: string;
  cert: string;
  certFile: string;
} {
  const dir = mkdtempSync(join(tmpdir(), "tostao-tls-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const keyFile = join(dir, "key.pem");
  const certFile = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-subj",
      "/CN=localhost",
      "-addext",
      `subjectAltName=${["localhost", ...names].map((n) => `DNS:${n}`).join(",")},IP:127.0.0.1`,
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8"), certFile };
}
