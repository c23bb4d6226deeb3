import type { Db } from "../db.ts";

export type IdempotencyKey = {
  accountId: string;
  mode: string;
  route: string;
  key: string;
};
export type IdempotencyRow = {
  fingerprint: string;
  responseStatus: number;
  responseBody: string;
};

/** How long a stored key lasts (the contract's 24 hours); an older row of a key has expired. */
export const KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * For `ON CONFLICT … DO UPDATE … WHERE`: the stored row of the key has expired, so the new
 * request may replace it. The one rule for every path that stores a key.
 */
export const STORED_KEY_EXPIRED = `idempotency_keys.created_at < EXCLUDED.created_at - interval '${KEY_RETENTION_MS} milliseconds'`;

const PK = "account_id = $1 AND mode = $2 AND route = $3 AND key = $4";
const pk = (k: IdempotencyKey) => [k.accountId, k.mode, k.route, k.key];

/**
 * Inside the caller's transaction, in one round trip: takes a transaction-scoped advisory lock
 * named by the key (locked=false: a request with this key is executing now) and reads the stored
 * response, if any younger than notBefore. The read's snapshot may predate a commit that released
 * the lock just before we took it; storeKey's conflict check catches that case.
 */
export async function lockAndFindKey(
  db: Db,
  k: IdempotencyKey,
  notBefore: Date,
): Promise<{ locked: boolean; stored: IdempotencyRow | undefined }> {
  const rows = await db.query<{ locked: boolean } & Partial<IdempotencyRow>>(
    `SELECT l.locked, k.fingerprint, k.response_status AS "responseStatus",
       k.response_body AS "responseBody"
     FROM (SELECT pg_try_advisory_xact_lock(hashtextextended($6, 7261042003)) AS locked) l
     LEFT JOIN idempotency_keys k ON ${PK.replace(/(\w+) = /g, "k.$1 = ")} AND k.created_at >= $5`,
    [...pk(k), notBefore, keyLockName(k)],
  );
  const row = rows[0];
  const stored =
    row?.fingerprint !== undefined && row.fingerprint !== null
      ? {
          fingerprint: row.fingerprint,
          responseStatus: row.responseStatus ?? 0,
          responseBody: row.responseBody ?? "",
        }
      : undefined;
  return { locked: row?.locked === true, stored };
}

/**
 * Stores the response of a key's first execution, replacing only an expired row of the key.
 * False means a live row exists: another request with this key committed first.
 */
export async function storeKey(
  db: Db,
  k: IdempotencyKey,
  row: IdempotencyRow & { createdAt: Date },
): Promise<boolean> {
  const stored = await db.query(
    `INSERT INTO idempotency_keys
       (account_id, mode, route, key, fingerprint, response_status, response_body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id, mode, route, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, response_status = EXCLUDED.response_status,
           response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at
       WHERE ${STORED_KEY_EXPIRED}
     RETURNING key`,
    [...pk(k), row.fingerprint, row.responseStatus, row.responseBody, row.createdAt],
  );
  return stored.length === 1;
}

export async function findKey(
  db: Db,
  k: IdempotencyKey,
  notBefore: Date,
): Promise<IdempotencyRow | undefined> {
  const rows = await db.query<IdempotencyRow>(
    `SELECT fingerprint, response_status AS "responseStatus", response_body AS "responseBody"
     FROM idempotency_keys WHERE ${PK} AND created_at >= $5`,
    [...pk(k), notBefore],
  );
  return rows[0];
}

/**
 * The name of a key's advisory lock. Keys are printable ASCII, so a newline cannot occur inside
 * any part of it. Every path that stores a key (here and insert-charges.ts) locks this name.
 */
export const keyLockName = (k: IdempotencyKey) => `${k.accountId}\n${k.mode}\n${k.route}\n${k.key}`;

export async function pruneKeys(db: Db, before: Date): Promise<number> {
  const rows = await db.query("DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING key", [
    before,
  ]);
  return rows.length;
}
