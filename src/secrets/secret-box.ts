import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Secrets at rest (webhook secrets, and stored idempotent responses that carry a secret) are
// sealed with AES-256-GCM. The key comes from TOSTAO_SECRET_KEY (32 bytes as 64 hex characters
// or base64), or on the embedded default from a key file (key-file.ts). What a sealed value
// belongs to (a webhook id, an Idempotency-Key's scope) is the additional authenticated data:
// a ciphertext copied onto another row does not decrypt.

export type SecretBox = {
  seal(plaintext: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
};

const VERSION = "v1";

export function makeSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the secret key must be 32 bytes");
  return {
    seal(plaintext, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64")}`;
    },
    open(sealed, boundTo) {
      const [version, b64] = sealed.split(":");
      if (version !== VERSION || !b64) throw new Error("unknown secret format");
      const raw = Buffer.from(b64, "base64");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}

/** Parses TOSTAO_SECRET_KEY: 64 hex characters or base64 of 32 bytes; undefined if malformed. */
export function parseSecretKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  const b = Buffer.from(t, "base64");
  return b.length === 32 ? b : undefined;
}
