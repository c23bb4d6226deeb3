import { PROFILES } from "../../pix-psp/profiles.ts";
import type { ProfileId } from "../../pix-psp/types.ts";
import { unprocessable } from "../errors.ts";

/**
 * Headers a merchant's PSP requires on every API call beyond the standard (Inter's
 * x-conta-corrente names the account when one application serves several). They are checked
 * here once, when the connection is saved: a name is an HTTP token, never one the client sets
 * itself (Authorization, the profile's client-id headers, content headers) nor a hop-by-hop or
 * framing header a proxy or our HTTP stack owns; a value is printable text without CR, LF or
 * NUL. Values are sealed at rest and never logged; only the names are shown.
 */
const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
const VALUE = /^[\x20-\x7e\t]{1,500}$/;
const MAX_HEADERS = 10;
const RESERVED = new Set([
  "authorization",
  "proxy-authorization",
  "proxy-authenticate",
  "connection",
  "keep-alive",
  "te",
  "trailer",
  "trailers",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  "content-type",
  "content-encoding",
  "accept",
  "expect",
  "cookie",
]);

export function validateExtraHeaders(
  profile: ProfileId,
  given: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!given) return out;
  const entries = Object.entries(given);
  if (entries.length > MAX_HEADERS) {
    throw unprocessable(`extra_headers: at most ${MAX_HEADERS} headers`);
  }
  const own = new Set((PROFILES[profile].clientIdHeaders ?? []).map((h) => h.toLowerCase()));
  for (const [rawName, rawValue] of entries) {
    const name = rawName.trim().toLowerCase();
    if (!TOKEN.test(name)) {
      throw unprocessable(`extra_headers: "${rawName.slice(0, 64)}" is not a header name`);
    }
    if (RESERVED.has(name) || name.startsWith("proxy-") || own.has(name)) {
      throw unprocessable(`extra_headers: ${name} is set by Tostão itself and cannot be given`);
    }
    if (name in out) throw unprocessable(`extra_headers: ${name} is given twice`);
    const value = String(rawValue).trim();
    if (!VALUE.test(value)) {
      throw unprocessable(
        `extra_headers: the value of ${name} must be 1-500 printable characters, without line breaks`,
      );
    }
    out[name] = value;
  }
  return out;
}
