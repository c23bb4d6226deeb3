import type { Clock, Random } from "../kernel/clock.ts";

// Resource ids are a prefix plus 26 Crockford base32 characters: 10 for the creation time in
// milliseconds and 16 for 80 random bits (the ULID layout, lower-cased). They sort by creation
// time as plain strings, which keeps "newest first" lists on a primary-key index.

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export type IdKind =
  | "acct"
  | "tok"
  | "pix"
  | "prod"
  | "evt"
  | "wh"
  | "dlv"
  | "wal"
  | "usr"
  | "upm"
  | "sub"
  | "aud"
  | "qr"
  | "rfd"
  | "pk"
  | "ctr";

export function newId(kind: IdKind, deps: { clock: Clock; random: Random }): string {
  return `${kind}_${encodeTime(deps.clock.now().getTime())}${encodeRandom(deps.random.bytes(10))}`;
}

/**
 * The start of every id of `kind` made at `at`: each id made before it sorts below it, each made
 * at or after it above (retention walks events below the cut this way).
 */
export function idPrefixAt(kind: IdKind, at: Date): string {
  return `${kind}_${encodeTime(at.getTime())}`;
}

function encodeTime(ms: number): string {
  let out = "";
  let t = ms;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET.charAt(t % 32) + out;
    t = Math.floor(t / 32);
  }
  return out;
}

function encodeRandom(bytes: Buffer): string {
  // 80 bits -> 16 characters of 5 bits each.
  let out = "";
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET.charAt((acc >> bits) & 31);
    }
    acc &= (1 << bits) - 1;
  }
  return out;
}
