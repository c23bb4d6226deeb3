import type { Db } from "../../kernel/db.ts";

export type IdempotencyKey = {
  accountId: string;
  mode: string;
  route: string;
  key: string;
};
export type IdempotencyRow = {
  fingerprint: string;
  /** The API token whose request stored the row (null: none, or a row from before 0024). */
  tokenId: string | null;
  responseStatus: number;
  responseBody: string;
};

/** How long a stored key lasts (the contract's 24 hours); an older row of a key has expired. */
export const KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** A key's row to store: its scope, the request's fingerprint and the response to replay. */
export type KeyToStore = IdempotencyKey & IdempotencyRow & { createdAt: Date };

const PK = "account_id = $1 AND mode = $2 AND route = $3 AND key = $4";
const pk = (k: IdempotencyKey) => [k.accountId, k.mode, k.route, k.key];

/**
 * The name of a key's advisory lock. Keys are printable ASCII, so a newline cannot occur inside
 * any part of it. Every path that stores a key locks this name, through `tryLockKey`.
 */
export const keyLockName = (k: IdempotencyKey) => `${k.accountId}\n${k.mode}\n${k.route}\n${k.key}`;

/**
 * SQL: takes the transaction-scoped advisory lock of the key whose keyLockName is `name` (an SQL
 * expression), without waiting. False: a request with this key is executing now. The lock is
 * re-entrant, so a transaction that took it before (runIdempotent) takes it again at no risk.
 */
const tryLockKey = (name: string) =>
  `pg_try_advisory_xact_lock(hashtextextended(${name}, 7261042003))`;

const COLUMNS =
  "account_id, mode, route, key, fingerprint, token_id, response_status, response_body, created_at";

/**
 * SQL: stores the keys `rows` yields (a relation with the columns of idempotency_keys and
 * `lock_name`), each only if this transaction holds or takes the key's lock, replacing only an
 * expired row of the key, and returns the keys stored. The one statement part by which both the
 * transactional path (storeKey) and the one-statement create (insert-charges.ts) store a key.
 */
export function storeKeysSql(rows: string): string {
  return `INSERT INTO idempotency_keys (${COLUMNS})
    SELECT ${COLUMNS} FROM ${rows} WHERE ${tryLockKey("lock_name")}
    ON CONFLICT (account_id, mode, route, key) DO UPDATE
      SET fingerprint = EXCLUDED.fingerprint, token_id = EXCLUDED.token_id,
          response_status = EXCLUDED.response_status,
          response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at
      WHERE idempotency_keys.created_at < EXCLUDED.created_at - interval '${KEY_RETENTION_MS} milliseconds'
    RETURNING account_id, mode, route, key`;
}

/**
 * Inside the caller's transaction, in one round trip: takes the key's advisory lock
 * (locked=false: a request with this key is executing now) and reads the stored response, if
 * any younger than notBefore. The read's snapshot may predate a commit that released the lock
 * just before we took it; storeKey's conflict check catches that case.
 */
export async function lockAndFindKey(
  db: Db,
  k: IdempotencyKey,
  notBefore: Date,
): Promise<{ locked: boolean; stored: IdempotencyRow | undefined }> {
  const rows = await db.query<{ locked: boolean } & Partial<IdempotencyRow>>(
    `SELECT l.locked, k.fingerprint, k.token_id AS "tokenId", k.response_status AS "responseStatus",
       k.response_body AS "responseBody"
     FROM (SELECT ${tryLockKey("$6")} AS locked) l
     LEFT JOIN idempotency_keys k ON ${PK.replace(/(\w+) = /g, "k.$1 = ")} AND k.created_at >= $5`,
    [...pk(k), notBefore, keyLockName(k)],
  );
  const row = rows[0];
  const stored =
    row?.fingerprint !== undefined && row.fingerprint !== null
      ? {
          fingerprint: row.fingerprint,
          tokenId: row.tokenId ?? null,
          responseStatus: row.responseStatus ?? 0,
          responseBody: row.responseBody ?? "",
        }
      : undefined;
  return { locked: row?.locked === true, stored };
}

const STORE_KEY = storeKeysSql(
  `(VALUES ($1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::integer, $8::text,
     $9::timestamptz, $10::text)) AS r(${COLUMNS}, lock_name)`,
);

/**
 * Stores the response of a key's first execution (under its lock, which runIdempotent holds),
 * replacing only an expired row. False means a live row exists: another request with this key
 * committed first.
 */
export async function storeKey(db: Db, k: KeyToStore): Promise<boolean> {
  const stored = await db.query(STORE_KEY, [
    ...pk(k),
    k.fingerprint,
    k.tokenId,
    k.responseStatus,
    k.responseBody,
    k.createdAt,
    keyLockName(k),
  ]);
  return stored.length === 1;
}

export async function findKey(
  db: Db,
  k: IdempotencyKey,
  notBefore: Date,
): Promise<IdempotencyRow | undefined> {
  const rows = await db.query<IdempotencyRow>(
    `SELECT fingerprint, token_id AS "tokenId", response_status AS "responseStatus",
       response_body AS "responseBody"
     FROM idempotency_keys WHERE ${PK} AND created_at >= $5`,
    [...pk(k), notBefore],
  );
  return rows[0];
}

export async function pruneKeys(db: Db, before: Date): Promise<number> {
  const rows = await db.query("DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING key", [
    before,
  ]);
  return rows.length;
}
