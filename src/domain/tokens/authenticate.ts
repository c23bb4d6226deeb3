import { findTokenByHash, touchTokens } from "../../db/queries/tokens.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { hashToken, parseToken } from "./token-format.ts";

export type AuthFailure = "missing" | "scheme" | "malformed" | "unknown" | "revoked";
export type AuthOutcome = { ok: true; principal: Principal } | { ok: false; failure: AuthFailure };

export const AUTH_FAILURE_MESSAGES: Record<AuthFailure, string> = {
  missing: "authorization: missing header; send Authorization: Bearer <API token>",
  scheme: "authorization: use the Bearer scheme (Authorization: Bearer <API token>)",
  malformed: "authorization: not a valid API token",
  unknown: "authorization: not a valid API token",
  revoked: "authorization: this API token has been revoked",
};

export type Authenticator = {
  authenticate(header: string | undefined): Promise<AuthOutcome>;
  /** Drops cached answers so a revocation through this instance applies at once. */
  forgetAll(): void;
  /** Writes the batched last-use times. */
  flush(): Promise<void>;
  close(): Promise<void>;
};

type Cached = { outcome: AuthOutcome; until: number };

/**
 * Bearer authentication with a short cache. Looking a token up costs one indexed SELECT by its
 * SHA-256; the answer (found, revoked or unknown) is kept for cacheTtlMs, which bounds how long
 * another instance may keep honouring a token revoked elsewhere (the contract allows 1 s). The
 * lookup is by hash, so no comparison of secret bytes happens in this process.
 *
 * lastUsedAt is recorded in memory and written in one batched UPDATE every flushIntervalMs,
 * never as a write per request.
 */
export function makeAuthenticator(
  deps: { db: Db; clock: Clock },
  opts: { cacheTtlMs?: number; flushIntervalMs?: number; maxCached?: number } = {},
): Authenticator {
  const ttl = opts.cacheTtlMs ?? 500;
  const maxCached = opts.maxCached ?? 10_000;
  const cache = new Map<string, Cached>();
  let lastUse = new Map<string, Date>();

  const flush = async () => {
    if (lastUse.size === 0) return;
    const batch = lastUse;
    lastUse = new Map();
    await touchTokens(deps.db, batch).catch(() => {
      // A failed flush only loses precision of lastUsedAt; the next use records it again.
    });
  };
  const timer = setInterval(() => void flush(), opts.flushIntervalMs ?? 5_000);
  timer.unref();

  const lookup = async (value: string): Promise<AuthOutcome> => {
    const key = hashToken(value);
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.outcome;
    const row = await findTokenByHash(deps.db, key);
    const outcome: AuthOutcome = !row
      ? { ok: false, failure: "unknown" }
      : row.revokedAt
        ? { ok: false, failure: "revoked" }
        : {
            ok: true,
            // The scopes travel with the cached answer, so they cost nothing per request.
            principal: {
              accountId: row.accountId,
              mode: row.mode,
              tokenId: row.id,
              scopes: row.scopes,
            },
          };
    if (cache.size >= maxCached) cache.clear();
    cache.set(key, { outcome, until: now + ttl });
    return outcome;
  };

  return {
    async authenticate(header) {
      if (header === undefined || header === "") return { ok: false, failure: "missing" };
      const m = /^bearer\s+(\S+)\s*$/i.exec(header);
      if (!m?.[1]) return { ok: false, failure: "scheme" };
      const value = m[1];
      if (!parseToken(value)) return { ok: false, failure: "malformed" };
      const outcome = await lookup(value);
      if (outcome.ok) lastUse.set(outcome.principal.tokenId, deps.clock.now());
      return outcome;
    },
    forgetAll: () => cache.clear(),
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
