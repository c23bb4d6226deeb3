import type * as q from "../../db/queries/idempotency.ts";
import { sha256Hex } from "../sha256.ts";

// What makes two requests under one Idempotency-Key the same request: their scope (account,
// mode, route, key), the API token that sent them, and their body's fingerprint. Stored
// fingerprints are compared with new ones for 24 h, across restarts and upgrades, so the
// fingerprint's text must never change (fingerprint.test.ts pins it).

/** A request's Idempotency-Key in its scope, with what identifies the request itself. */
export type IdempotencyScope = q.IdempotencyKey & {
  fingerprint: string;
  /** The caller's API token (Principal.tokenId); null for a request without one. */
  tokenId: string | null;
};

/** A digest of the request body that ignores key order and whitespace. */
export function fingerprintBody(body: unknown): string {
  return sha256Hex(canonicalJson(body));
}

/**
 * What work done before the key's write (a live create's PUT at the PSP) derives its ids from:
 * the key bound to the request it came with (route, key, token, body fingerprint). The same
 * request sent again has the same seed, so a retry after a PSP outage PUTs the same cob; another
 * request under the key (another body, another token) has another seed, so it can never PUT over
 * the cob of the request that owns the key, whatever the order the two arrive in.
 */
export function idempotencySeed(scope: IdempotencyScope): string {
  return `${scope.route}\n${scope.key}\n${scope.tokenId ?? ""}\n${scope.fingerprint}`;
}

// Keys sorted by UTF-16 code units (the default sort), undefined members left out, no
// whitespace. The text must never change: stored fingerprints are compared with new ones.
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) {
    let out = "[";
    for (let i = 0; i < v.length; i++) out += (i > 0 ? "," : "") + canonicalJson(v[i]);
    return `${out}]`;
  }
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    let out = "{";
    for (const k of Object.keys(o).sort()) {
      const x = o[k];
      if (x === undefined) continue;
      out += `${out.length > 1 ? "," : ""}${JSON.stringify(k)}:${canonicalJson(x)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(v) ?? "null";
}
