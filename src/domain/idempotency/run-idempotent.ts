import * as q from "../../db/queries/idempotency.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { AppError, badRequest, unprocessable } from "../errors.ts";
import { sha256Hex } from "../sha256.ts";

// Idempotency-Key, as the contract fixes it. Scope: account + mode + route, and a stored answer
// belongs to the API token whose request made it: another token of the account sending the same
// key gets a 422, never that answer (it may hold a secret, such as a new token's value, that the
// other token's scopes would not let it create). Everything happens in
// one transaction: an advisory lock on the key (held by a request still executing, so a second
// one gets 409), the lookup of a stored response (replayed byte for byte, or 422 if the body
// differs), and otherwise the operation itself together with the row that stores its response.
// A crash therefore cannot leave an operation without its stored response or the reverse, and it
// costs one commit per request. Errors are not stored: a failed operation rolled back, changed
// nothing, and may run again with the same key.

const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export type IdempotentResponse = { status: number; body: string };
/**
 * For responses that carry a secret (a new token's value, a webhook's signing secret): the stored
 * copy is sealed (AES-256-GCM) so the database never holds the secret in plaintext, and opened
 * for a replay.
 */
export type ResponseSeal = { seal(body: string): string; open(stored: string): string };
export type IdempotencyScope = q.IdempotencyKey & {
  fingerprint: string;
  /** The caller's API token (Principal.tokenId); null for a request without one. */
  tokenId: string | null;
};

export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header) || !KEY_PATTERN.test(header)) {
    throw badRequest("Idempotency-Key: must be one header of 1 to 255 printable ASCII characters");
  }
  return header;
}

/** A digest of the request body that ignores key order and whitespace. */
export function fingerprintBody(body: unknown): string {
  return sha256Hex(canonicalJson(body));
}

export async function runIdempotent(
  deps: { db: Db; clock: Clock },
  scope: IdempotencyScope | undefined,
  op: (db: Db) => Promise<IdempotentResponse>,
  seal?: ResponseSeal,
): Promise<IdempotentResponse & { replayed: boolean }> {
  if (!scope) return { ...(await op(deps.db)), replayed: false };
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(deps, scope, op, seal);
    } catch (err) {
      // Another request with the key committed between our read and our write: our work was
      // rolled back, and the next attempt replays theirs.
      if (err instanceof LostRace && attempt < 2) continue;
      throw err;
    }
  }
}

class LostRace extends Error {}

async function attemptOnce(
  deps: { db: Db; clock: Clock },
  scope: IdempotencyScope,
  op: (db: Db) => Promise<IdempotentResponse>,
  seal: ResponseSeal | undefined,
): Promise<IdempotentResponse & { replayed: boolean }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const expiredBefore = new Date(now.getTime() - q.KEY_RETENTION_MS);
    const { locked, stored } = await q.lockAndFindKey(tx, scope, expiredBefore);
    if (!locked) throw inProgress();
    if (stored) return replay(stored, scope, seal);
    const response = await op(tx);
    const body = seal ? seal.seal(response.body) : response.body;
    const fresh = await q.storeKey(tx, keyToStore(scope, { ...response, body }, now));
    if (!fresh) throw new LostRace("idempotency key taken by a concurrent request");
    return { ...response, replayed: false };
  });
}

/**
 * The same mechanism for a hot create whose writes fit in one statement: the operation is
 * prepared first (its response is known before anything is written), then written together
 * with the key's row in one statement that also takes the key's lock (queries/insert-charges.ts).
 * A new key costs no extra round trip at all. If the statement did not store the key,
 * the key was either stored by someone else (replay, or 422) or is held by a request still
 * executing (409). `precheck` looks for a stored response before preparing, for operations whose
 * preparation has effects outside the database (a live PSP call) and must not run for a replay.
 */
export async function runIdempotentWrite(
  deps: { db: Db; clock: Clock },
  scope: IdempotencyScope | undefined,
  prepare: () => Promise<PreparedWrite>,
  opts: { precheck: boolean },
): Promise<IdempotentResponse & { replayed: boolean }> {
  const now = deps.clock.now();
  const expiredBefore = new Date(now.getTime() - q.KEY_RETENTION_MS);
  if (!scope) {
    const p = await prepare();
    await p.write();
    return { ...p.response, replayed: false };
  }
  if (opts.precheck) {
    const found = await q.findKey(deps.db, scope, expiredBefore);
    if (found) return replay(found, scope);
  }
  const p = await prepare();
  if (await p.write(keyToStore(scope, p.response, now))) return { ...p.response, replayed: false };
  const found = await q.findKey(deps.db, scope, expiredBefore);
  if (found) return replay(found, scope);
  throw inProgress();
}

export type PreparedWrite = {
  response: IdempotentResponse;
  /** Writes the operation; with a key, only if the key is stored with it. Returns whether it wrote. */
  write(key?: q.KeyToStore): Promise<boolean>;
};

/** The row both paths store for a key: the same scope, fingerprint and response, either way. */
function keyToStore(
  scope: IdempotencyScope,
  response: IdempotentResponse,
  now: Date,
): q.KeyToStore {
  return {
    accountId: scope.accountId,
    mode: scope.mode,
    route: scope.route,
    key: scope.key,
    fingerprint: scope.fingerprint,
    tokenId: scope.tokenId,
    responseStatus: response.status,
    responseBody: response.body,
    createdAt: now,
  };
}

function replay(stored: q.IdempotencyRow, scope: IdempotencyScope, seal?: ResponseSeal) {
  // A row without an owner was stored before migration 0024 (or by the previous release beside
  // this one): its body alone decides, as it did then.
  if (stored.tokenId !== null && stored.tokenId !== scope.tokenId) {
    throw unprocessable(
      "Idempotency-Key: this key was already used by another API key of this account; use a new key",
    );
  }
  if (stored.fingerprint !== scope.fingerprint) {
    throw unprocessable(
      "Idempotency-Key: this key was already used with a different request; use a new key",
    );
  }
  const body = seal ? seal.open(stored.responseBody) : stored.responseBody;
  return { status: stored.responseStatus, body, replayed: true };
}

function inProgress() {
  return new AppError(
    "CONFLICT",
    "Idempotency-Key: a request with this key is still in progress; retry shortly",
  );
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
