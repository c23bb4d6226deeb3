import type { Mode } from "../../domain/mode.ts";
import type { Db } from "../db.ts";

export type WalletRow = {
  accountId: string;
  mode: Mode;
  network: "mainnet" | "testnet" | "signet";
  xpub: string;
  fingerprint: string;
  descriptor: string;
  generated: boolean;
  nextIndex: number;
  createdAt: Date;
};

const COLUMNS = `account_id AS "accountId", mode, network, xpub, fingerprint, descriptor, generated,
  next_index AS "nextIndex", created_at AS "createdAt"`;
type Owner = { accountId: string; mode: Mode };

export async function findWallet(db: Db, k: Owner): Promise<WalletRow | undefined> {
  const rows = await db.query<WalletRow>(
    `SELECT ${COLUMNS} FROM wallets WHERE account_id = $1 AND mode = $2`,
    [k.accountId, k.mode],
  );
  return rows[0];
}

/**
 * Sets the wallet of an account and mode. Submitting the same key again keeps its next index
 * (so no address is ever handed out twice); a different key starts at index 0.
 */
export async function upsertWallet(db: Db, w: Omit<WalletRow, "nextIndex">): Promise<WalletRow> {
  const rows = await db.query<WalletRow>(
    `INSERT INTO wallets (account_id, mode, network, xpub, fingerprint, descriptor, generated, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id, mode) DO UPDATE SET network = EXCLUDED.network, xpub = EXCLUDED.xpub,
       fingerprint = EXCLUDED.fingerprint, descriptor = EXCLUDED.descriptor,
       generated = EXCLUDED.generated, created_at = EXCLUDED.created_at,
       next_index = CASE WHEN wallets.xpub = EXCLUDED.xpub THEN wallets.next_index ELSE 0 END
     RETURNING ${COLUMNS}`,
    [w.accountId, w.mode, w.network, w.xpub, w.fingerprint, w.descriptor, w.generated, w.createdAt],
  );
  const row = rows[0];
  if (!row) throw new Error("wallet upsert returned no row");
  return row;
}

/** Creates the wallet only if none exists (the sandbox's generated wallet); returns the current one. */
export async function insertWalletIfAbsent(
  db: Db,
  w: Omit<WalletRow, "nextIndex">,
): Promise<WalletRow> {
  await db.query(
    `INSERT INTO wallets (account_id, mode, network, xpub, fingerprint, descriptor, generated, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (account_id, mode) DO NOTHING`,
    [w.accountId, w.mode, w.network, w.xpub, w.fingerprint, w.descriptor, w.generated, w.createdAt],
  );
  const row = await findWallet(db, w);
  if (!row) throw new Error("wallet insert returned no row");
  return row;
}

/**
 * Hands out the next receive index: one UPDATE ... RETURNING, which takes the row lock, so
 * concurrent charges get distinct indexes.
 */
export async function takeNextIndex(
  db: Db,
  k: Owner,
): Promise<{ index: number; wallet: WalletRow } | undefined> {
  const rows = await db.query<WalletRow>(
    `UPDATE wallets SET next_index = next_index + 1 WHERE account_id = $1 AND mode = $2
     RETURNING ${COLUMNS}`,
    [k.accountId, k.mode],
  );
  const w = rows[0];
  return w ? { index: w.nextIndex - 1, wallet: w } : undefined;
}

/** Addresses handed out since the last paid one (the wallet's gap). */
export async function unpaidTail(db: Db, k: Owner & { nextIndex: number }): Promise<number> {
  const rows = await db.query<{ last: number | null }>(
    `SELECT max((crypto->>'index')::int) AS last FROM charges
     WHERE account_id = $1 AND mode = $2 AND method = 'crypto' AND status IN ('approved', 'refunded')`,
    [k.accountId, k.mode],
  );
  const last = rows[0]?.last ?? -1;
  return k.nextIndex - (last + 1);
}

/** Whether a charge already uses this address (a wallet key activated again, for instance). */
export async function addressUsed(db: Db, address: string): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM charges WHERE method = 'crypto' AND crypto->>'address' = $1",
    [address],
  );
  return rows.length > 0;
}
