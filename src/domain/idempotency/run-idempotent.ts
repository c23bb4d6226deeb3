import { createHash } from "node:crypto";
import type { Db } from "../../db/db.ts";
import * as q from "../../db/queries/idempotency.ts";
import type { Clock } from "../deps.ts";
import { AppError, badRequest, unprocessable } from "../errors.ts";

// Idempotency-Key, as the contract fixes it. Scope: account + mode + route. The first request
// with a key claims it ('running'); its operation and the stored response commit together in
// one transaction, so a crash can never leave a charge made without its stored response (the
// claim is then released or taken over after STALE_MS). The same key with the same body replays
// the stored bytes; with another body it is 422; while the first still runs it is 409. Errors are
// not stored: every operation is one transaction, so a failed one changed nothing and may run again.

export const RETENTION_MS = 24 * 60 * 60 * 1000;
const STALE_MS = 60_000;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export type IdempotentResponse = { status: number; body: string };
export type IdempotencyScope = q.IdempotencyKey & { fingerprint: string };

export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header) || !KEY_PATTERN.test(header)) {
    throw badRequest("Idempotency-Key: must be one header of 1 to 255 printable ASCII characters");
  }
  return header;
}

/** A digest of the request body that ignores key order and whitespace. */
export function fingerprintBody(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

export async function runIdempotent(
  deps: { db: Db; clock: Clock },
  scope: IdempotencyScope | undefined,
  op: (db: Db) => Promise<IdempotentResponse>,
): Promise<IdempotentResponse & { replayed: boolean }> {
  if (!scope) return { ...(await op(deps.db)), replayed: false };

  for (let attempt = 0; attempt < 3; attempt++) {
    const now = deps.clock.now();
    const claimed = await q.claimKey(deps.db, scope, {
      fingerprint: scope.fingerprint,
      now,
      expiredBefore: new Date(now.getTime() - RETENTION_MS),
      staleBefore: new Date(now.getTime() - STALE_MS),
    });
    if (claimed) return { ...(await execute(deps.db, scope, op)), replayed: false };

    const row = await q.findKey(deps.db, scope);
    if (!row) continue; // released between our insert and our read: try to claim again
    if (row.fingerprint !== scope.fingerprint) {
      throw unprocessable(
        "Idempotency-Key: this key was already used with a different request; use a new key",
      );
    }
    if (row.state === "running" || row.responseStatus === null || row.responseBody === null) {
      throw new AppError(
        "CONFLICT",
        "Idempotency-Key: a request with this key is still in progress; retry shortly",
      );
    }
    return { status: row.responseStatus, body: row.responseBody, replayed: true };
  }
  throw new AppError("CONFLICT", "Idempotency-Key: the key is contended; retry shortly");
}

async function execute(
  db: Db,
  scope: IdempotencyScope,
  op: (db: Db) => Promise<IdempotentResponse>,
): Promise<IdempotentResponse> {
  try {
    return await db.transaction(async (tx) => {
      const response = await op(tx);
      await q.completeKey(tx, scope, response);
      return response;
    });
  } catch (err) {
    await q.releaseKey(db, scope).catch(() => {});
    throw err;
  }
}

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}
