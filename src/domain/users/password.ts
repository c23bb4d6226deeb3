import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { unprocessable } from "../errors.ts";

// Passwords are hashed with scrypt from node:crypto (OpenSSL's implementation, so no package to
// trust beyond Node itself), at OWASP's recommended cost: N = 2^17, r = 8, p = 1 (128 MiB and
// a few hundred ms of one core per hash; TOSTAO_PASSWORD_SCRYPT_COST lowers N for small
// machines). It runs on libuv's thread pool, never on the event loop. The stored text carries
// its parameters and salt, so a later cost change still verifies older hashes.

export const MIN_PASSWORD = 10;
export const MAX_PASSWORD = 200;
const R = 8;
const P = 1;
const KEY_LEN = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number) {
  const N = 2 ** logN;
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_LEN,
      { N, r, p, maxmem: 256 * N * r },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** Refuses a password too short or too long to be a good one (422, naming the rule). */
export function checkPasswordRules(password: string): void {
  const n = [...password].length;
  if (n < MIN_PASSWORD)
    throw unprocessable(`password: must be at least ${MIN_PASSWORD} characters`);
  if (n > MAX_PASSWORD) throw unprocessable(`password: must be at most ${MAX_PASSWORD} characters`);
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url), for storing. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P);
  return ["scrypt", logN, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `password` is the one `stored` was made from (constant-time comparison). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const got = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(logN),
    Number(r),
    Number(p),
  );
  return got.length === expected.length && timingSafeEqual(got, expected);
}

const decoys = new Map<number, Promise<string>>();
/**
 * A hash of nothing anyone knows, at the given cost: checked against when the e-mail is
 * unknown, so that an unknown e-mail takes as long to refuse as a wrong password.
 */
export function decoyHash(logN: number): Promise<string> {
  let h = decoys.get(logN);
  if (!h) {
    h = hashPassword(randomBytes(18).toString("base64url"), logN);
    decoys.set(logN, h);
  }
  return h;
}
