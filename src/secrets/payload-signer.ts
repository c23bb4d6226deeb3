import {
  createECDH,
  createHash,
  createPrivateKey,
  hkdfSync,
  type KeyObject,
  sign,
} from "node:crypto";

// The key that signs the payloads of this service's Pix locations (a sandbox due-date charge's
// GET /cobv/{token}): a JWS with ES256, as a PSP signs its locations' payloads (BACEN's Manual de
// Segurança do Pix: JWS with the key published at the header's `jku`).
//
// The key is derived from the service's secret key (TOSTAO_SECRET_KEY or the data directory's
// secret.key) with HKDF under its own label, so it needs no storage, every instance signs with
// the same key, and it does not reveal the secret key (HKDF is one-way). The private scalar is
// 48 bytes of HKDF output reduced mod n - 1, plus 1 (FIPS 186-4 B.4.1: a bias below 2^-128).

/** The order of P-256's base point. */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

export type PublicJwk = {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  kid: string;
  alg: "ES256";
  use: "sig";
};

export type PayloadSigner = {
  /** The public key as a JWK (with its kid): what the JWKS publishes. */
  readonly jwk: PublicJwk;
  /** A compact JWS (ES256) of `payload` as JSON, its header with `kid` and `extraHeader`. */
  sign(payload: unknown, extraHeader?: Record<string, string>): string;
};

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");

export function makePayloadSigner(secretKey: Buffer): PayloadSigner {
  const okm = Buffer.from(
    hkdfSync("sha256", secretKey, "tostao", "pix location payload jws es256 v1", 48),
  );
  const d = (BigInt(`0x${okm.toString("hex")}`) % (P256_N - 1n)) + 1n;
  const dBytes = Buffer.from(d.toString(16).padStart(64, "0"), "hex");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(dBytes);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  const x = b64url(point.subarray(1, 33));
  const y = b64url(point.subarray(33, 65));
  const privateKey: KeyObject = createPrivateKey({
    key: { kty: "EC", crv: "P-256", d: b64url(dBytes), x, y },
    format: "jwk",
  });
  // RFC 7638 thumbprint: the kid changes only if the key does.
  const kid = b64url(
    createHash("sha256").update(`{"crv":"P-256","kty":"EC","x":"${x}","y":"${y}"}`).digest(),
  );
  const jwk: PublicJwk = { kty: "EC", crv: "P-256", x, y, kid, alg: "ES256", use: "sig" };
  return {
    jwk,
    sign(payload, extraHeader = {}) {
      const header = b64url(JSON.stringify({ alg: "ES256", typ: "JWS", kid, ...extraHeader }));
      const body = b64url(JSON.stringify(payload));
      const input = `${header}.${body}`;
      // JWS wants the raw r || s (64 bytes), not DER.
      const sig = sign("sha256", Buffer.from(input), {
        key: privateKey,
        dsaEncoding: "ieee-p1363",
      });
      return `${input}.${b64url(sig)}`;
    },
  };
}
