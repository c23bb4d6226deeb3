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
    [...pk(k), notBefore, lockName(k)],
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
  row: IdempotencyRow & { createdAt: Date; expiredBefore: Date },
): Promise<boolean> {
  const stored = await db.query(
    `INSERT INTO idempotency_keys
       (account_id, mode, route, key, fingerprint, response_status, response_body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id, mode, route, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, response_status = EXCLUDED.response_status,
           response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at
       WHERE idempotency_keys.created_at < $9
     RETURNING key`,
    [
      ...pk(k),
      row.fingerprint,
      row.responseStatus,
      row.responseBody,
      row.createdAt,
      row.expiredBefore,
    ],
  );
  return stored.length === 1;
}

/**
 * The key's store as a CTE named `k`, for an operation that writes in one statement: it stores
 * the response only if this statement takes the key's advisory lock (no request with the key is
 * executing) and no unexpired row of the key exists. The operation guards its own writes on
 * `EXISTS (SELECT 1 FROM k)`, so it happens exactly when its response is stored.
 */
export function keyCte(
  k: IdempotencyKey,
  row: IdempotencyRow & { createdAt: Date; expiredBefore: Date },
): { cte: (first: number) => { sql: string; params: unknown[] } } {
  return {
    cte: (f) => ({
      sql: `k AS (
        INSERT INTO idempotency_keys
          (account_id, mode, route, key, fingerprint, response_status, response_body, created_at)
        SELECT $${f}::text, $${f + 1}::text, $${f + 2}::text, $${f + 3}::text, $${f + 4}::text,
          $${f + 5}::integer, $${f + 6}::text, $${f + 7}::timestamptz
        WHERE pg_try_advisory_xact_lock(hashtextextended($${f + 9}::text, 7261042003))
        ON CONFLICT (account_id, mode, route, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, response_status = EXCLUDED.response_status,
              response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at
          WHERE idempotency_keys.created_at < $${f + 8}::timestamptz
        RETURNING 1 AS stored)`,
      params: [
        ...pk(k),
        row.fingerprint,
        row.responseStatus,
        row.responseBody,
        row.createdAt,
        row.expiredBefore,
        lockName(k),
      ],
    }),
  };
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

// Keys are printable ASCII, so a newline cannot occur inside any part of the lock name.
const lockName = (k: IdempotencyKey) => `${k.accountId}\n${k.mode}\n${k.route}\n${k.key}`;

export async function pruneKeys(db: Db, before: Date): Promise<number> {
  const rows = await db.query("DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING key", [
    before,
  ]);
  return rows.length;
}
