import { crc32 } from "node:zlib";
import type { Random } from "../../kernel/clock.ts";
import type { Mode } from "../../kernel/mode.ts";
import { sha256Hex } from "../sha256.ts";

// A token is `svc_test_` or `svc_prod_`, 36 random base62 characters (about 214 bits), and a
// 6-character base62 CRC-32 of everything before it. The checksum lets secret scanners and our
// own auth reject look-alikes and typos without a database lookup; it is not a secret.

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 36;
const CHECKSUM_LENGTH = 6;
const PREFIX: Record<Mode, string> = { test: "svc_test_", live: "svc_prod_" };
const TOKEN_PATTERN = /^svc_(test|prod)_([0-9A-Za-z]{42})$/;

export function generateToken(mode: Mode, random: Random): string {
  let body = "";
  while (body.length < RANDOM_LENGTH) {
    for (const b of random.bytes(RANDOM_LENGTH)) {
      // 248 = 4 * 62: dropping bytes above it keeps every character equally likely.
      if (b < 248 && body.length < RANDOM_LENGTH) body += BASE62.charAt(b % 62);
    }
  }
  const head = PREFIX[mode] + body;
  return head + checksum(head);
}

/** The mode a well-formed token claims, or null for anything that is not one of ours. */
export function parseToken(value: string): { mode: Mode } | null {
  const m = TOKEN_PATTERN.exec(value);
  if (!m) return null;
  const head = value.slice(0, value.length - CHECKSUM_LENGTH);
  if (checksum(head) !== value.slice(-CHECKSUM_LENGTH)) return null;
  return { mode: m[1] === "prod" ? "live" : "test" };
}

export function hashToken(value: string): string {
  return sha256Hex(value);
}

/** The first 12 characters, kept so a person can tell tokens apart in a list. */
export function tokenPrefix(value: string): string {
  return value.slice(0, 12);
}

function checksum(head: string): string {
  let n = crc32(head);
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62.charAt(n % 62) + out;
    n = Math.floor(n / 62);
  }
  return out;
}
