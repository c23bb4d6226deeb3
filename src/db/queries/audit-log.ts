import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

// The audit log's rows and its chain heads (migration 0032). Appends go through appendEntry's
// caller (domain/audit/record-audit.ts), which holds the head's row lock.

export type AuditRow = {
  accountId: string;
  seq: number;
  id: string;
  at: Date;
  mode: Mode | null;
  actorKind: "user" | "key" | "system";
  actor: string;
  ip: string | null;
  userAgent: string | null;
  action: string;
  target: string | null;
  /** JSON: field -> {before, after} (domain/audit/record-audit.ts: AuditChanges). */
  changes: unknown;
  prevHash: string;
  hash: string;
};

const COLUMNS = `account_id AS "accountId", seq, id, at, mode, actor_kind AS "actorKind", actor, ip,
  user_agent AS "userAgent", action, target, changes, prev_hash AS "prevHash", hash`;

/**
 * The account's chain head, locked for this transaction: made at seq 0 on the first append
 * (a concurrent first append waits on the insert, then finds the row).
 */
export async function lockChainHead(
  db: Db,
  accountId: string,
  genesis: string,
): Promise<{ seq: number; hash: string }> {
  await db.query(
    `INSERT INTO audit_chain_heads (account_id, seq, hash) VALUES ($1, 0, $2)
     ON CONFLICT (account_id) DO NOTHING`,
    [accountId, genesis],
  );
  const rows = await db.query<{ seq: number; hash: string }>(
    "SELECT seq, hash FROM audit_chain_heads WHERE account_id = $1 FOR UPDATE",
    [accountId],
  );
  const head = rows[0];
  if (!head) throw new Error(`audit chain head of ${accountId} vanished`);
  return head;
}

/** Stores an entry and moves its account's head to it (the head is locked by the caller). */
export async function appendEntry(db: Db, r: AuditRow): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (account_id, seq, id, at, mode, actor_kind, actor, ip, user_agent,
       action, target, changes, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14)`,
    [
      r.accountId,
      r.seq,
      r.id,
      r.at,
      r.mode,
      r.actorKind,
      r.actor,
      r.ip,
      r.userAgent,
      r.action,
      r.target,
      r.changes === null ? null : JSON.stringify(r.changes),
      r.prevHash,
      r.hash,
    ],
  );
  await db.query("UPDATE audit_chain_heads SET seq = $2, hash = $3 WHERE account_id = $1", [
    r.accountId,
    r.seq,
    r.hash,
  ]);
}

export type AuditFilter = {
  accountId: string;
  /** The modes whose entries are visible; `includeAccountWide`: also those of no mode. */
  modes: readonly Mode[];
  includeAccountWide: boolean;
  action?: string | undefined;
  actor?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** Entries newest first (by seq), filtered; a page of `limit` rows from `offset`. */
export function listEntries(
  db: Db,
  f: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT ${COLUMNS} FROM audit_log
     WHERE account_id = $1
       AND (mode = ANY($2::text[]) OR ($3::boolean AND mode IS NULL))
       AND ($4::text IS NULL OR action = $4)
       AND ($5::text IS NULL OR actor = $5)
       AND ($6::timestamptz IS NULL OR at >= $6)
       AND ($7::timestamptz IS NULL OR at < $7)
     ORDER BY seq DESC LIMIT $8 OFFSET $9`,
    [
      f.accountId,
      f.modes,
      f.includeAccountWide,
      f.action ?? null,
      f.actor ?? null,
      f.from ?? null,
      f.to ?? null,
      page.limit,
      page.offset,
    ],
  );
}

/** Accounts with a chain (a head or any entry), for the verifier. */
export async function chainedAccounts(db: Db): Promise<string[]> {
  const rows = await db.query<{ accountId: string }>(
    `SELECT account_id AS "accountId" FROM audit_chain_heads
     UNION SELECT DISTINCT account_id FROM audit_log ORDER BY 1`,
  );
  return rows.map((r) => r.accountId);
}

export async function chainHead(
  db: Db,
  accountId: string,
): Promise<{ seq: number; hash: string } | undefined> {
  const rows = await db.query<{ seq: number; hash: string }>(
    "SELECT seq, hash FROM audit_chain_heads WHERE account_id = $1",
    [accountId],
  );
  return rows[0];
}

/** One account's entries in chain order from `afterSeq`, `limit` at a time (the verifier's walk). */
export function entriesAfter(
  db: Db,
  accountId: string,
  afterSeq: number,
  limit: number,
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT ${COLUMNS} FROM audit_log WHERE account_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    [accountId, afterSeq, limit],
  );
}

/** One entry of the account by its id (a security alert's mail is rendered from it). */
export async function findEntry(
  db: Db,
  k: { accountId: string; id: string },
): Promise<AuditRow | undefined> {
  const rows = await db.query<AuditRow>(
    `SELECT ${COLUMNS} FROM audit_log WHERE account_id = $1 AND id = $2`,
    [k.accountId, k.id],
  );
  return rows[0];
}
