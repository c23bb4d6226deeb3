import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import {
  CertificateError,
  certificateInfo,
  checkKeyMatchesCert,
  pfxToPem,
} from "../../src/pix-psp/certificates.ts";
import { makeTestPki, type TestPki } from "../helpers/psp-peer/index.ts";

let pki: TestPki;
before(() => {
  pki = makeTestPki();
});

describe("merchant certificates", () => {
  test("certificateInfo: subject, SHA-256 fingerprint, expiry", () => {
    const info = certificateInfo(pki.client.certificatePem);
    assert.equal(info.subject, "CN=tostao-test-merchant");
    const der = new X509Certificate(pki.client.certificatePem).raw;
    const hex = createHash("sha256").update(der).digest("hex").toUpperCase();
    assert.equal(info.fingerprintSha256.replace(/:/g, ""), hex);
    const days = (info.expiresAt.getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 1 && days <= 2, String(days));
  });

  test("a key matches its certificate and not another", () => {
    assert.equal(checkKeyMatchesCert(pki.client.certificatePem, pki.client.privateKeyPem), true);
    assert.equal(checkKeyMatchesCert(pki.client.certificatePem, pki.rogue.privateKeyPem), false);
    assert.throws(
      () => checkKeyMatchesCert("not a cert", pki.client.privateKeyPem),
      CertificateError,
    );
    assert.throws(
      () => checkKeyMatchesCert(pki.client.certificatePem, "not a key"),
      CertificateError,
    );
  });

  test("a PKCS#12 bundle opens to the same certificate and a matching key", () => {
    const out = pfxToPem(pki.clientPfxBase64, pki.clientPfxPassphrase);
    assert.equal(
      new X509Certificate(out.certificatePem).fingerprint256,
      new X509Certificate(pki.client.certificatePem).fingerprint256,
    );
    assert.equal(checkKeyMatchesCert(out.certificatePem, out.privateKeyPem), true);
    assert.match(out.privateKeyPem, /^-----BEGIN PRIVATE KEY-----/);
  });

  test("an RSA bundle in the legacy format PSPs hand out (3DES, SHA-1 MAC) opens too", () => {
    const dir = mkdtempSync(join(tmpdir(), "tostao-p12-"));
    try {
      const ssl = (...a: string[]) => execFileSync("openssl", a, { stdio: "pipe", cwd: dir });
      ssl(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "k.pem",
        "-out",
        "c.pem",
        "-subj",
        "/CN=rsa-merchant",
        "-days",
        "1",
      );
      ssl(
        "pkcs12",
        "-export",
        "-legacy",
        "-inkey",
        "k.pem",
        "-in",
        "c.pem",
        "-passout",
        "pass:abc",
        "-out",
        "b.p12",
      );
      const out = pfxToPem(readFileSync(join(dir, "b.p12")).toString("base64"), "abc");
      assert.equal(certificateInfo(out.certificatePem).subject, "CN=rsa-merchant");
      assert.equal(checkKeyMatchesCert(out.certificatePem, out.privateKeyPem), true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a wrong passphrase or a non-PKCS#12 text is a clear error without the passphrase", () => {
    assert.throws(
      () => pfxToPem(pki.clientPfxBase64, "wrong-pass-phrase"),
      (err) =>
        err instanceof CertificateError &&
        /passphrase is wrong/.test(err.message) &&
        !err.message.includes("wrong-pass-phrase"),
    );
    assert.throws(() => pfxToPem(Buffer.from("hello").toString("base64")), /not readable/);
  });
});
