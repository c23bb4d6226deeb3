import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A throwaway PKI for the PSP peer's mutual TLS, made with openssl (EC P-256: a whole set takes
 * tens of milliseconds, RSA would take seconds): a test CA, the peer's server certificate for
 * localhost and 127.0.0.1, a client certificate the peer accepts, and a "rogue" client
 * certificate from a different CA that the peer must refuse. Make it once per test file.
 */
export type Pem = { certificatePem: string; privateKeyPem: string };
export type TestPki = {
  caPem: string;
  server: Pem;
  client: Pem;
  /** Signed by another CA: a well-formed certificate the peer does not trust. */
  rogue: Pem;
  /** PKCS#12 of the client certificate and key, base64, with this passphrase. */
  clientPfxBase64: string;
  clientPfxPassphrase: string;
};

export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), "tostao-psp-pki-"));
  try {
    const f = (name: string) => join(dir, name);
    const ssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
    const key = (name: string) =>
      ssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", f(name));
    const ca = (name: string, cn: string) => {
      key(`${name}.key`);
      ssl(
        "req",
        "-x509",
        "-new",
        "-key",
        f(`${name}.key`),
        "-subj",
        `/CN=${cn}`,
        "-days",
        "2",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign,cRLSign",
        "-out",
        f(`${name}.pem`),
      );
    };
    const leaf = (name: string, caName: string, cn: string, ext: string) => {
      key(`${name}.key`);
      ssl("req", "-new", "-key", f(`${name}.key`), "-subj", `/CN=${cn}`, "-out", f(`${name}.csr`));
      writeFileSync(f(`${name}.ext`), ext);
      ssl(
        "x509",
        "-req",
        "-in",
        f(`${name}.csr`),
        "-CA",
        f(`${caName}.pem`),
        "-CAkey",
        f(`${caName}.key`),
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        f(`${name}.ext`),
        "-out",
        f(`${name}.pem`),
      );
    };
    ca("ca", "Tostao Test PSP CA");
    ca("rogue-ca", "Rogue CA");
    leaf(
      "server",
      "ca",
      "localhost",
      "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n",
    );
    leaf("client", "ca", "tostao-test-merchant", "extendedKeyUsage=clientAuth\n");
    leaf("rogue", "rogue-ca", "tostao-test-merchant", "extendedKeyUsage=clientAuth\n");
    const clientPfxPassphrase = "test-pfx-pass";
    ssl(
      "pkcs12",
      "-export",
      "-inkey",
      f("client.key"),
      "-in",
      f("client.pem"),
      "-passout",
      `pass:${clientPfxPassphrase}`,
      "-out",
      f("client.p12"),
    );
    const read = (name: string) => readFileSync(f(name), "utf8");
    const pem = (name: string): Pem => ({
      certificatePem: read(`${name}.pem`),
      privateKeyPem: read(`${name}.key`),
    });
    return {
      caPem: read("ca.pem"),
      server: pem("server"),
      client: pem("client"),
      rogue: pem("rogue"),
      clientPfxBase64: readFileSync(f("client.p12")).toString("base64"),
      clientPfxPassphrase,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
