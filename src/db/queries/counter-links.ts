import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

/** A counter link (migration 0037): its secret only as the SHA-256 hex of it. */
export type CounterLinkRow = {
  id: string;
  accountId: string;
  mode: Mode;
  label: string;
  secretHash: string;
  createdAt: Date;
  revokedAt: Date | null;
};

const COLUMNS = `id, account_id AS "accountId", mode, label, secret_hash AS "secretHash",
  created_at AS "createdAt", revoked_at AS "revokedAt"`;

export async function insertCounterLink(db: Db, r: CounterLinkRow): Promise<CounterLinkRow> {
  await db.query(
    `INSERT INTO counter_links (id, account_id, mode, label, secret_hash, created_at, revoked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.id, r.accountId, r.mode, r.label, r.secretHash, r.createdAt, r.revokedAt],
  );
  return r;
}

/** The link whose secret hashes to `secretHash`, in any account (the counter's pages). */
export async function findCounterLinkByHash(
  db: Db,
  secretHash: string,
): Promise<CounterLinkRow | undefined> {
  const rows = await db.query<CounterLinkRow>(
    `SELECT ${COLUMNS} FROM counter_links WHERE secret_hash = $1`,
    [secretHash],
  );
  return rows[0];
}

export function listCounterLinks(
  db: Db,
  k: { accountId: string; mode: Mode; limit: number; offset: number },
): Promise<CounterLinkRow[]> {
  return db.query<CounterLinkRow>(
    `SELECT ${COLUMNS} FROM counter_links WHERE account_id = $1 AND mode = $2
     ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [k.accountId, k.mode, k.limit, k.offset],
  );
}

/** Revokes a link (once: a second call keeps the first moment). */
export async function revokeCounterLink(
  db: Db,
  k: { accountId: string; mode: Mode; id: string; at: Date },
): Promise<CounterLinkRow | undefined> {
  const rows = await db.query<CounterLinkRow>(
    `UPDATE counter_links SET revoked_at = COALESCE(revoked_at, $4)
     WHERE id = $1 AND account_id = $2 AND mode = $3 RETURNING ${COLUMNS}`,
    [k.id, k.accountId, k.mode, k.at],
  );
  return rows[0];
}

/** A sale of the counter: a charge its link made. */
export type CounterSaleRow = {
  id: string;
  valueCents: number;
  status: string;
  brCode: string | null;
  expiresAt: Date;
  createdAt: Date;
};

const SALE_COLUMNS = `id, value_cents AS "valueCents", status, br_code AS "brCode",
  expires_at AS "expiresAt", created_at AS "createdAt"`;

/** One charge of the link (the counter reads no other). */
export async function findCounterSale(
  db: Db,
  k: { accountId: string; mode: Mode; counterLinkId: string; chargeId: string },
): Promise<CounterSaleRow | undefined> {
  const rows = await db.query<CounterSaleRow>(
    `SELECT ${SALE_COLUMNS} FROM charges
     WHERE id = $1 AND account_id = $2 AND mode = $3 AND counter_link_id = $4`,
    [k.chargeId, k.accountId, k.mode, k.counterLinkId],
  );
  return rows[0];
}

/**
 * The link's charges made since `from`, newest first. The range of creation times runs on the
 * owner's index (charges_by_owner_created): a day's charges of the account, the link's kept.
 */
export function listCounterSales(
  db: Db,
  k: { accountId: string; mode: Mode; counterLinkId: string; from: Date; limit: number },
): Promise<CounterSaleRow[]> {
  return db.query<CounterSaleRow>(
    `SELECT ${SALE_COLUMNS} FROM charges
     WHERE account_id = $1 AND mode = $2 AND created_at >= $3 AND counter_link_id = $4
     ORDER BY created_at DESC, id DESC LIMIT $5`,
    [k.accountId, k.mode, k.from, k.counterLinkId, k.limit],
  );
}
