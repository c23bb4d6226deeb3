import * as q from "../../db/queries/idempotency.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { AppError, badRequest } from "../errors.ts";
import type { IdempotencyScope } from "./request-identity.ts";

// Idempotency-Key, as the contract fixes it. Scope: account + mode + route, and a stored answer
// belongs to the API token whose request made it: another token of the account sending the same
// key gets a 422, never that answer (it may hold a secret, such as a new token's value, that the
// other token's scopes would not let it create). Everything happens in one transaction: an
// advisory lock on the key (held by a request still executing, so a second one gets 409), the
// lookup of a stored response (replayed byte for byte, or 422 if the body differs), and otherwise
// the operation itself together with the row that stores its response. A crash therefore cannot
// leave an operation without its stored response or the reverse, and it costs one commit per
// request. Errors are not stored: a failed operation rolled back, changed nothing, and may run
// again with the same key. What makes two requests the same request is in request-identity.ts.

const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export type IdempotentResponse = { status: number; body: string };
/**
 * For responses that carry a secret (a new token's value, a webhook's signing secret): the stored
 * copy is sealed (AES-256-GCM) so the database never holds the secret in plaintext, and opened
 * for a replay.
 */
export type ResponseSeal = { seal(body: string): string; open(stored: string): string };
export type { IdempotencyScope } from "./request-identity.ts";

export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header) || !KEY_PATTERN.test(header)) {
    throw badRequest("Idempotency-Key: must be one header of 1 to 255 printable ASCII characters");
  }
  return header;
}

type RunDeps = { db: Db; clock: Clock; sleep?: (ms: number) => Promise<void> };

/**
 * Work done outside the database before the key's write (a live create's cobs at the PSP), to be
 * undone when the key turns out to answer another request (422): then nothing will ever store
 * it, and a cob must not stay payable without a charge. Never called for a replay of the same
 * request, whose work is the owner's own (the same seed, so the same cobs).
 */
export type Abandon = () => Promise<void>;

/**
 * How long a request that did work outside the database waits for a twin holding its key (a
 * 409) to finish, so as to learn whether to undo that work: a twin's write is one statement or
 * one short transaction, so it is normally over in milliseconds.
 */
const TWIN_WAIT_MS = 5_000;

export async function runIdempotent(
  deps: RunDeps,
  scope: IdempotencyScope | undefined,
  op: (db: Db) => Promise<IdempotentResponse>,
  seal?: ResponseSeal,
  abandon?: Abandon,
): Promise<IdempotentResponse & { replayed: boolean }> {
  if (!scope) return { ...(await op(deps.db)), replayed: false };
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(deps, scope, op, seal);
    } catch (err) {
      // Another request with the key committed between our read and our write: our work was
      // rolled back, and the next attempt replays theirs.
      if (err instanceof LostRace && attempt < 2) continue;
      if (err instanceof KeyOfAnotherRequest) await abandon?.();
      if (err instanceof KeyInProgress && abandon && waited < TWIN_WAIT_MS) {
        waited += await pause(deps, waited);
        continue;
      }
      throw err;
    }
  }
}

class LostRace extends Error {}
/** The key's stored answer is another request's (another body or another token): 422. */
class KeyOfAnotherRequest extends AppError {}
/** A request with the key is executing now: 409. */
class KeyInProgress extends AppError {}

/** Sleeps a step that grows with the time already waited (50 ms, then up to 250 ms). */
async function pause(deps: RunDeps, waited: number): Promise<number> {
  const step = Math.min(250, 50 + waited / 4);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  await sleep(step);
  return step;
}

async function attemptOnce(
  deps: RunDeps,
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
  deps: RunDeps,
  scope: IdempotencyScope | undefined,
  prepare: (scope: IdempotencyScope | undefined) => Promise<PreparedWrite>,
  opts: { precheck: boolean },
): Promise<IdempotentResponse & { replayed: boolean }> {
  const now = deps.clock.now();
  const expiredBefore = new Date(now.getTime() - q.KEY_RETENTION_MS);
  if (!scope) {
    const p = await prepare(undefined);
    await p.write();
    return { ...p.response, replayed: false };
  }
  if (opts.precheck) {
    const found = await q.findKey(deps.db, scope, expiredBefore);
    if (found) return replay(found, scope);
  }
  const p = await prepare(scope);
  const key = keyToStore(scope, p.response, now);
  // Not written: the key is another request's (its row is there, or comes once its statement
  // commits). Work done at the PSP waits a moment to learn which: the same request's is shared
  // (replay), another's is undone before the 422; a twin that failed leaves the key free, and
  // the write is tried again.
  for (let waited = 0; ; ) {
    if (await p.write(key)) return { ...p.response, replayed: false };
    const found = await q.findKey(deps.db, scope, expiredBefore);
    if (found) {
      if (refusalOf(found, scope)) await p.abandon?.();
      return replay(found, scope);
    }
    if (!p.abandon || waited >= TWIN_WAIT_MS) throw inProgress();
    waited += await pause(deps, waited);
  }
}

export type PreparedWrite = {
  response: IdempotentResponse;
  /** Writes the operation; with a key, only if the key is stored with it. Returns whether it wrote. */
  write(key?: q.KeyToStore): Promise<boolean>;
  /** Undoes what preparing did outside the database (see Abandon), when there is such work. */
  abandon?: Abandon;
};

/**
 * The stored answer of the key, looked up before work that must not run for a replay (a PSP
 * call, a node's invoice, DNS): the replay, a 422 for another request, or undefined.
 */
export async function storedResponse(
  deps: RunDeps,
  scope: IdempotencyScope,
  seal?: ResponseSeal,
): Promise<(IdempotentResponse & { replayed: true }) | undefined> {
  const expiredBefore = new Date(deps.clock.now().getTime() - q.KEY_RETENTION_MS);
  const found = await q.findKey(deps.db, scope, expiredBefore);
  return found ? replay(found, scope, seal) : undefined;
}

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
  const refusal = refusalOf(stored, scope);
  if (refusal) throw refusal;
  const body = seal ? seal.open(stored.responseBody) : stored.responseBody;
  return { status: stored.responseStatus, body, replayed: true as const };
}

/** Why a stored answer is not this request's to replay, if it is not. */
function refusalOf(stored: q.IdempotencyRow, scope: IdempotencyScope): AppError | undefined {
  // A row without an owner was stored before migration 0024 (or by the previous release beside
  // this one): its body alone decides, as it did then.
  if (stored.tokenId !== null && stored.tokenId !== scope.tokenId) {
    return new KeyOfAnotherRequest(
      "UNPROCESSABLE",
      "Idempotency-Key: this key was already used by another API key of this account; use a new key",
    );
  }
  if (stored.fingerprint !== scope.fingerprint) {
    return new KeyOfAnotherRequest(
      "UNPROCESSABLE",
      "Idempotency-Key: this key was already used with a different request; use a new key",
    );
  }
  return undefined;
}

function inProgress() {
  return new KeyInProgress(
    "CONFLICT",
    "Idempotency-Key: a request with this key is still in progress; retry shortly",
  );
}
