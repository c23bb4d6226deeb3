import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

export type TokenRow = {
  id: string;
  accountId: string;
  mode: Mode;
  label: string;
  /** null: every scope (a key made without a list, or before scopes existed). */
  scopes: string[] | null;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const COLUMNS = `id, account_id AS "accountId", mode, label, scopes, prefix, created_at AS "createdAt",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

export async function insertToken(
  db: Db,
  t: Omit<TokenRow, "lastUsedAt" | "revokedAt"> & { tokenHash: string },
): Promise<TokenRow> {
  const rows = await db.query<TokenRow>(
    `INSERT INTO api_tokens (id, account_id, mode, label, token_hash, prefix, created_at, scopes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[]) RETURNING ${COLUMNS}`,
    [t.id, t.accountId, t.mode, t.label, t.tokenHash, t.prefix, t.createdAt, t.scopes],
  );
  return first(rows);
}

export async function countActiveTokens(db: Db, accountId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    "SELECT count(*) AS n FROM api_tokens WHERE account_id = $1 AND revoked_at IS NULL",
    [accountId],
  );
  return rows[0]?.n ?? 0;
}

/** Tokens of an account, newest first; `modes` limits which kinds are visible to the caller. */
export function listTokens(
  db: Db,
  accountId: string,
  modes: readonly Mode[],
  page: { limit: number; offset: number } = { limit: 1000, offset: 0 },
): Promise<TokenRow[]> {
  return db.query<TokenRow>(
    `SELECT ${COLUMNS} FROM api_tokens WHERE account_id = $1 AND mode = ANY($2::text[])
     ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [accountId, modes, page.limit, page.offset],
  );
}

export async function findTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<
  | { id: string; accountId: string; mode: Mode; scopes: string[] | null; revokedAt: Date | null }
  | undefined
> {
  const rows = await db.query<{
    id: string;
    accountId: string;
    mode: Mode;
    scopes: string[] | null;
    revokedAt: Date | null;
  }>(
    `SELECT id, account_id AS "accountId", mode, scopes, revoked_at AS "revokedAt"
     FROM api_tokens WHERE token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}

/** Revokes one token of the account whose mode is visible to the caller; idempotent. */
export async function revokeToken(
  db: Db,
  input: { accountId: string; id: string; modes: readonly Mode[]; at: Date },
): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow>(
    `UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, $4)
     WHERE id = $1 AND account_id = $2 AND mode = ANY($3::text[]) RETURNING ${COLUMNS}`,
    [input.id, input.accountId, input.modes, input.at],
  );
  return rows[0];
}

/** One statement for a batch of last-use times; never moves a time backwards. */
export async function touchTokens(db: Db, uses: ReadonlyMap<string, Date>): Promise<void> {
  if (uses.size === 0) return;
  const ids = [...uses.keys()];
  const times = ids.map((id) => uses.get(id)?.toISOString());
  await db.query(
    `UPDATE api_tokens t SET last_used_at = GREATEST(COALESCE(t.last_used_at, u.at), u.at)
     FROM (SELECT unnest($1::text[]) AS id, unnest($2::timestamptz[]) AS at) u WHERE t.id = u.id`,
    [ids, times],
  );
}

function first<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error("expected a row");
  return row;
}

export async function findTokenAccount(db: Db, id: string): Promise<string | undefined> {
  const rows = await db.query<{ accountId: string }>(
    `SELECT account_id AS "accountId" FROM api_tokens WHERE id = $1`,
    [id],
  );
  return rows[0]?.accountId;
}
