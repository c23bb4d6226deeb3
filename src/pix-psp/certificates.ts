import { createPrivateKey, X509Certificate } from "node:crypto";
import forge from "node-forge";

/**
 * What we show about a merchant's client certificate (never the key), and the checks made when
 * a connection is saved: the key belongs to the certificate, and a PKCS#12 bundle (how Efí and
 * Inter hand out credentials) opens with its passphrase. Node reads PEM and X.509 itself but has
 * no PKCS#12 parser, hence node-forge for that one job.
 */

export class CertificateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CertificateError";
  }
}

export type CertificateInfo = { subject: string; fingerprintSha256: string; expiresAt: Date };

/** The first certificate of a PEM (chain allowed). */
export function certificateInfo(pem: string): CertificateInfo {
  const cert = parseCert(pem);
  return {
    subject: cert.subject.split("\n").join(", "),
    fingerprintSha256: cert.fingerprint256,
    expiresAt: new Date(cert.validTo),
  };
}

export function checkKeyMatchesCert(certPem: string, keyPem: string): boolean {
  const cert = parseCert(certPem);
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new CertificateError("the private key is not a readable PEM key");
  }
  return cert.checkPrivateKey(key);
}

function parseCert(pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new CertificateError("the certificate is not a readable PEM certificate");
  }
}

// PKCS#12 bag types (RFC 7292 §4.2).
const KEY_BAG = "1.2.840.113549.1.12.10.1.1";
const SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const CERT_BAG = "1.2.840.113549.1.12.10.1.3";

type Bag = {
  cert?: forge.pki.Certificate | null;
  key?: forge.pki.PrivateKey | null;
  asn1?: forge.asn1.Asn1;
};

/** A base64 PKCS#12 (.p12/.pfx) bundle to PEM texts: the certificate chain and its key. */
export function pfxToPem(
  pfxBase64: string,
  passphrase = "",
): { certificatePem: string; privateKeyPem: string } {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const der = forge.util.decode64(pfxBase64.replace(/\s+/g, ""));
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), false, passphrase);
  } catch (err) {
    const text = err instanceof Error ? err.message : "";
    if (/password|mac|decrypt/i.test(text)) {
      throw new CertificateError("the PKCS#12 passphrase is wrong");
    }
    throw new CertificateError("the PKCS#12 bundle is not readable");
  }
  const bags = (type: string): Bag[] => (p12.getBags({ bagType: type })[type] ?? []) as Bag[];
  // forge decodes RSA itself; for other key types (EC) it hands back the ASN.1, which node reads.
  const certPems = bags(CERT_BAG).map((b) => {
    const asn1 = b.cert ? forge.pki.certificateToAsn1(b.cert) : b.asn1;
    if (!asn1) throw new CertificateError("the PKCS#12 bundle holds an unreadable certificate");
    return new X509Certificate(Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary")).toString();
  });
  const keyBag = [...bags(SHROUDED_KEY_BAG), ...bags(KEY_BAG)][0];
  if (certPems.length === 0 || !keyBag) {
    throw new CertificateError("the PKCS#12 bundle has no certificate or no private key");
  }
  const key = keyBag.key
    ? createPrivateKey(forge.pki.privateKeyToPem(keyBag.key))
    : keyBag.asn1
      ? createPrivateKey({
          key: Buffer.from(forge.asn1.toDer(keyBag.asn1).getBytes(), "binary"),
          format: "der",
          type: "pkcs8",
        })
      : undefined;
  if (!key) throw new CertificateError("the PKCS#12 bundle holds an unreadable key");
  const privateKeyPem = key.export({ type: "pkcs8", format: "pem" }).toString();
  // The certificate matching the key goes first; the rest of the chain follows.
  const matches = (pem: string) => new X509Certificate(pem).checkPrivateKey(key);
  const ordered = [...certPems.filter(matches), ...certPems.filter((p) => !matches(p))];
  return { certificatePem: ordered.join(""), privateKeyPem };
}
