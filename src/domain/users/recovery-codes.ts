import type { Random } from "../../kernel/clock.ts";
import { sha256Hex } from "../sha256.ts";

// Recovery codes: ten single-use codes `xxxxx-xxxxx` made when TOTP is turned on, for the day
// the phone is lost. Ten characters of a 32-letter alphabet (lower-case letters and digits
// without i, l, o and u, which read as 1, 0 and v) carry 50 random bits, too many to guess
// through the sign-in throttle, so a plain SHA-256 stores them (the lookup is by hash, so no
// comparison leaks timing). Typed codes are read leniently: any case, spaces, with or without
// the dash.

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
export const RECOVERY_CODE_COUNT = 10;

function oneCode(random: Random): string {
  const bytes = random.bytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function newRecoveryCodes(random: Random): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(oneCode(random));
  return [...codes];
}

/** The code as stored: lower case, no spaces or dash. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/** Whether a typed code is a recovery code's shape rather than a 6-digit app code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[0-9a-z]{10}$/.test(normalizeRecoveryCode(code));
}

export function hashRecoveryCode(code: string): string {
  return sha256Hex(`recovery:${normalizeRecoveryCode(code)}`);
}
