import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// Webhook secrets are encrypted at rest with AES-256-GCM. The key comes from TOSTAO_SECRET_KEY
// (32 bytes as 64 hex characters or base64); on the embedded default it is generated once into
// the data directory (mode 0600), so a laptop install needs no setup. The webhook id is the
// additional authenticated data: a ciphertext copied onto another row does not decrypt.

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

/** The key file of an embedded install, created with mode 0600 on first use. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = join(dataDir, "secret.key");
  if (existsSync(file)) {
    const key = parseSecretKey(readFileSync(file, "utf8"));
    if (!key) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return loadOrCreateKeyFile(dataDir);
}
