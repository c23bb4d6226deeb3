import { hash } from "node:crypto";

/**
 * SHA-256 of a text, as hex. The one-shot `crypto.hash` (Node >= 20.12) costs about a third of
 * createHash().update().digest() for short inputs, and the request path hashes a few per request
 * (the bearer token, the Idempotency-Key's body fingerprint, the sandbox receiver's key).
 */
export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}
