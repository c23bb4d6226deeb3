import type { Db } from "../../../kernel/db.ts";

// The cob attempts journal (pix_cob_attempts): a live cob's txid is written before its PUT is
// sent, so a cob whose charge was never stored is found and removed (reconciliation's sweep),
// and a retry under the same Idempotency-Key finds its txid again.

export type CobAttempt = {
  txid: string;
  accountId: string;
  keyHash: string | null;
  generation: number;
  state: "open" | "done" | "removed" | "paid_orphan";
  createdAt: Date;
};

/** How many candidate txids keyTxidState checks at once (live-create.ts asks for this many). */
export const TXID_CANDIDATES = 4;

/**
 * What choosing a key's txid needs, in one round trip: the newest attempt made under the
 * Idempotency-Key (its hash), if any, and which of the `candidates` txids (at most
 * TXID_CANDIDATES) a live charge of the account already holds. The candidates are found by txid
 * alone (a materialised CTE), so no index led by other columns can be picked for it (a plan
 * made while charges was nearly empty may still scan it, until autoanalyze replans). They
 * travel as four parameters, not one array: with `txid = ANY($3)` PostgreSQL cannot tell how
 * many values a generic plan will meet, and in the bench it planned the statement again on most
 * calls (3,610 plannings in 4,499 calls, ~0.4 ms each, for 40 µs of execution); a fixed list
 * gets the same estimate generic or custom, and its generic plan is kept. The account's live
 * connection revision comes along (one more index probe, not one more statement), so a cached
 * connection can be reused without a read of its own (clients.ts: forAccountAt).
 */
export async function keyTxidState(
  db: Db,
  k: { accountId: string; keyHash: string; candidates: string[] },
): Promise<{
  latest: CobAttempt | undefined;
  taken: Set<string>;
  /** The revision of the account's live PSP connection (undefined: none), read in passing. */
  connectionRevision: number | undefined;
}> {
  const first = k.candidates[0];
  if (first === undefined || k.candidates.length > TXID_CANDIDATES) {
    throw new RangeError(`keyTxidState takes 1 to ${TXID_CANDIDATES} candidates`);
  }
  // Short lists repeat their first txid: a repeated value finds nothing more.
  const four = Array.from({ length: TXID_CANDIDATES }, (_, i) => k.candidates[i] ?? first);
  const rows = await db.query<{
    latest: (CobAttempt & { createdAt: string }) | null;
    taken: string[];
    revision: number | null;
  }>(
    `WITH found AS MATERIALIZED (SELECT txid, account_id, mode FROM charges
       WHERE txid IN ($3, $4, $5, $6))
     SELECT (SELECT json_build_object('txid', txid, 'accountId', account_id, 'keyHash', key_hash,
               'generation', generation, 'state', state, 'createdAt', created_at)
             FROM pix_cob_attempts WHERE account_id = $1 AND key_hash = $2
             ORDER BY generation DESC LIMIT 1) AS latest,
       ARRAY(SELECT txid FROM found WHERE account_id = $1 AND mode = 'live') AS taken,
       (SELECT revision FROM pix_psp_connections WHERE account_id = $1 AND mode = 'live')
         AS revision`,
    [k.accountId, k.keyHash, ...four],
  );
  const row = rows[0];
  const latest = row?.latest
    ? { ...row.latest, createdAt: new Date(row.latest.createdAt) }
    : undefined;
  return {
    latest,
    taken: new Set(row?.taken ?? []),
    connectionRevision: row?.revision ?? undefined,
  };
}

/** A cob about to be PUT, for the journal (its txid is written before the PUT is sent). */
export type AttemptToOpen = {
  txid: string;
  accountId: string;
  keyHash: string | null;
  generation: number;
  at: Date;
};

/**
 * SQL, two CTEs: journals the cobs listed in `param` (a jsonb array, attemptsJson) as open, for
 * accounts whose live PSP connection is there; a retry of the same txid reopens nothing done, it
 * only moves an open attempt's time. One txid must not be listed twice (ON CONFLICT cannot touch
 * a row twice in one statement). `attempt_conn` holds those connections FOR KEY SHARE until the
 * commit: a connection delete locks its row FOR UPDATE before its guard looks for open attempts
 * (domain/live-pix/live-delete-guard.ts), so an attempt is either committed before the guard looks
 * (and refuses the delete) or waits for the delete and finds no connection (no row, and the
 * create stops before its PUT). The lock writes nothing but the row's lock marker, once per batch
 * per account. Part of the charge creations' batch (queries/insert-charges.ts) or a statement of
 * its own (openAttempts).
 */
export const openAttemptsCtes = (param: string) =>
  `attempt_conn AS (
     SELECT account_id FROM pix_psp_connections
     WHERE mode = 'live' AND account_id IN (
       SELECT account_id FROM jsonb_to_recordset(${param}::jsonb) AS t(account_id text))
     FOR KEY SHARE
   ), a AS (
     INSERT INTO pix_cob_attempts (txid, account_id, mode, key_hash, generation, state, created_at)
     SELECT txid, account_id, 'live', key_hash, generation, 'open', created_at
     FROM jsonb_to_recordset(${param}::jsonb) AS t(txid text, account_id text, key_hash text,
       generation integer, created_at timestamptz)
     WHERE account_id IN (SELECT account_id FROM attempt_conn)
     ON CONFLICT (txid) DO UPDATE SET created_at = EXCLUDED.created_at
       WHERE pix_cob_attempts.state = 'open'
   )`;

/** A column for the SELECT after openAttemptsCtes: the accounts journalled (connection there). */
export const CONNECTED_COLUMN = `(SELECT coalesce(json_agg(account_id), '[]') FROM attempt_conn)::text
    AS connected`;

/** The JSON parameter of openAttemptsCtes. */
export const attemptsJson = (attempts: AttemptToOpen[]) =>
  JSON.stringify(
    attempts.map((a) => ({
      txid: a.txid,
      account_id: a.accountId,
      key_hash: a.keyHash,
      generation: a.generation,
      created_at: a.at.toISOString(),
    })),
  );

/**
 * Journals cobs about to be PUT, in one statement (the service batches them: insert-charges.ts).
 * Returns the accounts whose attempts were journalled: one missing has no live connection (it
 * was deleted), and its cobs must not be PUT.
 */
export async function openAttempts(db: Db, attempts: AttemptToOpen[]): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const rows = await db.query<{ connected: string }>(
    `WITH ${openAttemptsCtes("$1")} SELECT ${CONNECTED_COLUMN}`,
    [attemptsJson(attempts)],
  );
  return new Set(JSON.parse(rows[0]?.connected ?? "[]") as string[]);
}

/**
 * Open attempts of the account whose charge was not stored: a live create between its journal
 * row and its charge, or a cob the reconciliation's sweep has yet to remove. Counted, and the
 * first `limit` listed, for the connection delete's guard.
 */
export async function unsettledAttempts(
  db: Db,
  k: { accountId: string; limit: number },
): Promise<{ txids: string[]; total: number }> {
  const rows = await db.query<{ txid: string; total: number }>(
    `SELECT a.txid, count(*) OVER ()::int AS total FROM pix_cob_attempts a
     WHERE a.account_id = $1 AND a.state = 'open'
       AND NOT EXISTS (SELECT 1 FROM charges c WHERE c.txid = a.txid)
     ORDER BY a.created_at LIMIT $2`,
    [k.accountId, k.limit],
  );
  return { txids: rows.map((r) => r.txid), total: rows[0]?.total ?? 0 };
}

export async function closeAttempt(
  db: Db,
  k: { txid: string; state: "done" | "removed" | "paid_orphan"; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE pix_cob_attempts SET state = $2, checked_at = $3 WHERE txid = $1 AND state = 'open'`,
    [k.txid, k.state, k.at],
  );
}

/**
 * Claims open attempts older than `before` (their cob's fate is unknown): attempts whose charge
 * was stored are closed as done on the way; the rest come back for a look at the PSP.
 */
export async function claimStaleAttempts(
  db: Db,
  k: { accountId: string; before: Date; at: Date; limit: number },
): Promise<CobAttempt[]> {
  // The charges are found by txid alone (a materialised CTE), so charges_by_txid serves the lookup
  // whatever the statistics; an owner-led index would read the account's whole history.
  await db.query(
    `WITH found AS MATERIALIZED (
       SELECT txid, account_id, mode FROM charges
       WHERE txid = ANY (ARRAY(SELECT txid FROM pix_cob_attempts
         WHERE account_id = $1 AND state = 'open')))
     UPDATE pix_cob_attempts a SET state = 'done', checked_at = $2
     FROM found f
     WHERE a.txid = f.txid AND a.state = 'open' AND f.account_id = $1 AND f.mode = 'live'`,
    [k.accountId, k.at],
  );
  return db.query<CobAttempt>(
    `WITH due AS (
       SELECT txid FROM pix_cob_attempts
       WHERE account_id = $1 AND state = 'open' AND created_at <= $2
         AND (checked_at IS NULL OR checked_at <= $2)
       ORDER BY created_at LIMIT $4 FOR UPDATE SKIP LOCKED
     )
     UPDATE pix_cob_attempts a SET checked_at = $3 FROM due WHERE a.txid = due.txid
     RETURNING a.txid, a.account_id AS "accountId", a.key_hash AS "keyHash", a.generation,
       a.state, a.created_at AS "createdAt"`,
    [k.accountId, k.before, k.at, k.limit],
  );
}

/**
 * Forgets settled attempts older than `before` (past the Idempotency-Key retention, no retry can
 * ask for their txid again). Open and paid-orphan attempts stay.
 */
export async function pruneAttempts(db: Db, before: Date): Promise<void> {
  await db.query(
    `DELETE FROM pix_cob_attempts WHERE state IN ('done', 'removed') AND created_at < $1`,
    [before],
  );
}
