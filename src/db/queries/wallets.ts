import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

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
 * (so no address is ever handed out twice). A key replaced by another leaves its next index in
 * wallet_keys (by keyIdOf, a hash: the key itself is not kept), and a key activated again
 * resumes from what it left there (a new key starts at 0). Crypto charges that predate the
 * per-charge key id are stamped with the leaving key's, the key they were most likely made
 * with, so each key's figures stay its own.
 *
 * One transaction under a lock on the account and mode (an advisory lock, since before the
 * first activation there is no wallet row to lock), so neither another activation nor a
 * creation taking an index can slip between reading the old key's index and replacing it.
 */
export async function upsertWallet(
  db: Db,
  w: Omit<WalletRow, "nextIndex">,
  keyIdOf: (xpub: string) => string,
): Promise<WalletRow> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7261042004))", [
      `wallet:${w.accountId}:${w.mode}`,
    ]);
    const [previous] = await tx.query<{ xpub: string; nextIndex: number }>(
      `SELECT xpub, next_index AS "nextIndex" FROM wallets WHERE account_id = $1 AND mode = $2
       FOR UPDATE`,
      [w.accountId, w.mode],
    );
    if (previous && previous.xpub !== w.xpub) {
      const leaving = keyIdOf(previous.xpub);
      await tx.query(
        `INSERT INTO wallet_keys (account_id, mode, key_id, next_index) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, mode, key_id) DO UPDATE
           SET next_index = GREATEST(wallet_keys.next_index, EXCLUDED.next_index)`,
        [w.accountId, w.mode, leaving, previous.nextIndex],
      );
      await tx.query(
        `UPDATE charges SET crypto = crypto || jsonb_build_object('keyId', $3::text)
         WHERE account_id = $1 AND mode = $2 AND method = 'crypto' AND crypto->>'keyId' IS NULL`,
        [w.accountId, w.mode, leaving],
      );
    }
    const rows = await tx.query<WalletRow>(
      `INSERT INTO wallets (account_id, mode, network, xpub, fingerprint, descriptor, generated,
         created_at, next_index)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce((SELECT next_index FROM wallet_keys
         WHERE account_id = $1 AND mode = $2 AND key_id = $9), 0))
       ON CONFLICT (account_id, mode) DO UPDATE SET network = EXCLUDED.network,
         xpub = EXCLUDED.xpub, fingerprint = EXCLUDED.fingerprint,
         descriptor = EXCLUDED.descriptor, generated = EXCLUDED.generated,
         created_at = EXCLUDED.created_at,
         next_index = CASE WHEN wallets.xpub = EXCLUDED.xpub THEN wallets.next_index
           ELSE EXCLUDED.next_index END
       RETURNING ${COLUMNS}`,
      [
        w.accountId,
        w.mode,
        w.network,
        w.xpub,
        w.fingerprint,
        w.descriptor,
        w.generated,
        w.createdAt,
        keyIdOf(w.xpub),
      ],
    );
    const row = rows[0];
    if (!row) throw new Error("wallet upsert returned no row");
    return row;
  });
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

/**
 * Addresses of the current key handed out since its last paid one (the wallet's gap). Charges
 * carry their key's id (walletKeyId); those made before it was recorded count as the current
 * key's, as they always did.
 */
export async function unpaidTail(
  db: Db,
  k: Owner & { nextIndex: number; keyId: string },
): Promise<number> {
  const rows = await db.query<{ last: number | null }>(
    `SELECT max((crypto->>'index')::int) AS last FROM charges
     WHERE account_id = $1 AND mode = $2 AND method = 'crypto' AND status IN ('approved', 'refunded')
       AND coalesce(crypto->>'keyId', $3) = $3`,
    [k.accountId, k.mode, k.keyId],
  );
  const last = rows[0]?.last ?? -1;
  return Math.max(0, k.nextIndex - (last + 1));
}

/** Whether a charge already uses this address (a wallet key activated again, for instance). */
export async function addressUsed(db: Db, address: string): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM charges WHERE method = 'crypto' AND crypto->>'address' = $1",
    [address],
  );
  return rows.length > 0;
}
