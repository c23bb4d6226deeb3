import type { Db } from "../db.ts";

export type IdempotencyKey = {
  accountId: string;
  mode: string;
  route: string;
  key: string;
};
export type IdempotencyRow = {
  fingerprint: string;
  state: "running" | "done";
  responseStatus: number | null;
  responseBody: string | null;
};

const PK = "account_id = $1 AND mode = $2 AND route = $3 AND key = $4";
const pk = (k: IdempotencyKey) => [k.accountId, k.mode, k.route, k.key];

/**
 * Takes the key for a new execution: inserts it as 'running', or takes over a row that is older
 * than the retention window or a 'running' row whose holder died (locked before staleBefore).
 * Returns false when another request owns the key.
 */
export async function claimKey(
  db: Db,
  k: IdempotencyKey,
  input: { fingerprint: string; now: Date; expiredBefore: Date; staleBefore: Date },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO idempotency_keys
       (account_id, mode, route, key, fingerprint, state, created_at, locked_at)
     VALUES ($1, $2, $3, $4, $5, 'running', $6, $6)
     ON CONFLICT (account_id, mode, route, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, state = 'running', created_at = EXCLUDED.created_at,
           locked_at = EXCLUDED.locked_at, response_status = NULL, response_body = NULL
       WHERE idempotency_keys.created_at < $7
          OR (idempotency_keys.state = 'running' AND idempotency_keys.locked_at < $8)
     RETURNING key`,
    [...pk(k), input.fingerprint, input.now, input.expiredBefore, input.staleBefore],
  );
  return rows.length === 1;
}

export async function findKey(db: Db, k: IdempotencyKey): Promise<IdempotencyRow | undefined> {
  const rows = await db.query<IdempotencyRow>(
    `SELECT fingerprint, state, response_status AS "responseStatus", response_body AS "responseBody"
     FROM idempotency_keys WHERE ${PK}`,
    pk(k),
  );
  return rows[0];
}

export async function completeKey(
  db: Db,
  k: IdempotencyKey,
  response: { status: number; body: string },
): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $5, response_body = $6
     WHERE ${PK} AND state = 'running'`,
    [...pk(k), response.status, response.body],
  );
}

export async function releaseKey(db: Db, k: IdempotencyKey): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE ${PK} AND state = 'running'`, pk(k));
}

export async function pruneKeys(db: Db, before: Date): Promise<number> {
  const rows = await db.query("DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING key", [
    before,
  ]);
  return rows.length;
}
