import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { CHARGE_COLUMNS, type ChargeRow } from "./charges.ts";

// Bitcoin addresses handed out again (docs/decisions/0005-bitcoin-address-reuse.md): the pool of
// addresses whose charge expired unpaid and whose chain history was empty, and the record of
// every payment seen on an address that more than one charge has held.

type Owner = { accountId: string; mode: Mode };

export type PooledAddress = { address: string; index: number };

/**
 * Takes the lowest free address of a wallet key, marking it held by `chargeId`: one UPDATE on a
 * row picked with SKIP LOCKED, so concurrent creations never get the same address. Lowest first,
 * so the addresses that end up paid stay at the start of the wallet, where its app scans.
 */
export async function takePooledAddress(
  db: Db,
  k: Owner & { keyId: string; network: string; chargeId: string; at: Date },
): Promise<PooledAddress | undefined> {
  const rows = await db.query<PooledAddress>(
    `UPDATE bitcoin_address_pool p SET state = 'held', last_charge_id = $5, reuses = p.reuses + 1,
       updated_at = $6
     WHERE (p.account_id, p.mode, p.address) = (
       SELECT account_id, mode, address FROM bitcoin_address_pool
       WHERE account_id = $1 AND mode = $2 AND key_id = $3 AND network = $4 AND state = 'free'
       ORDER BY idx LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING p.address, p.idx AS "index"`,
    [k.accountId, k.mode, k.keyId, k.network, k.chargeId, k.at],
  );
  return rows[0];
}

/** Every charge that has held an address, oldest first. */
export function chargesAtAddress(db: Db, k: Owner & { address: string }): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(
    `SELECT ${CHARGE_COLUMNS} FROM charges
     WHERE account_id = $1 AND mode = $2 AND method = 'crypto' AND crypto->>'address' = $3
     ORDER BY created_at, id`,
    [k.accountId, k.mode, k.address],
  );
}

export type ReleaseCandidate = Owner & {
  chargeId: string;
  address: string;
  index: number;
  keyId: string;
  network: "mainnet" | "testnet" | "signet";
};

/**
 * Charges whose address may go back to the pool: expired with nothing received, past the
 * quarantine, the address's latest holder, and not examined yet (no pool row, or the row holds
 * it for this very charge).
 */
export function releaseCandidates(
  db: Db,
  input: { expiredBefore: Date; limit: number },
): Promise<ReleaseCandidate[]> {
  return db.query<ReleaseCandidate>(
    `SELECT c.id AS "chargeId", c.account_id AS "accountId", c.mode, c.crypto->>'address' AS address,
       (c.crypto->>'index')::int AS "index", c.crypto->>'keyId' AS "keyId",
       c.crypto->>'network' AS network
     FROM charges c
     LEFT JOIN bitcoin_address_pool p ON p.account_id = c.account_id AND p.mode = c.mode
       AND p.address = c.crypto->>'address'
     WHERE c.method = 'crypto' AND c.status = 'expired' AND c.received_sats = 0
       AND c.expires_at < $1 AND c.crypto->>'keyId' IS NOT NULL
       AND (p.address IS NULL OR (p.state = 'held' AND p.last_charge_id = c.id))
     ORDER BY c.expires_at LIMIT $2`,
    [input.expiredBefore, input.limit],
  );
}

/** Records what examining a candidate found: the address is free again, or retired for good. */
export async function settleCandidate(
  db: Db,
  c: ReleaseCandidate,
  input: { state: "free" | "retired"; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO bitcoin_address_pool (account_id, mode, address, key_id, network, idx, state,
       last_charge_id, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (account_id, mode, address) DO UPDATE SET state = EXCLUDED.state,
       updated_at = EXCLUDED.updated_at
     WHERE bitcoin_address_pool.state = 'held'
       AND bitcoin_address_pool.last_charge_id = EXCLUDED.last_charge_id`,
    [
      c.accountId,
      c.mode,
      c.address,
      c.keyId,
      c.network,
      c.index,
      input.state,
      c.chargeId,
      input.at,
    ],
  );
}

export type AddressPayment = { txid: string; chargeId: string | null };

/**
 * The payments already recorded on an address, under a lock on the address for the rest of the
 * transaction, so two watchers looking at the same address attribute each payment once.
 */
export async function lockAddressPayments(db: Db, address: string): Promise<AddressPayment[]> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7261042015))", [
    `btc-address:${address}`,
  ]);
  return db.query<AddressPayment>(
    `SELECT txid, charge_id AS "chargeId" FROM bitcoin_address_payments WHERE address = $1`,
    [address],
  );
}

export async function recordAddressPayment(
  db: Db,
  p: Owner & {
    address: string;
    txid: string;
    valueSats: number;
    chargeId: string | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO bitcoin_address_payments (account_id, mode, address, txid, value_sats, charge_id,
       seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (address, txid) DO NOTHING RETURNING txid`,
    [p.accountId, p.mode, p.address, p.txid, p.valueSats, p.chargeId, p.at],
  );
  return rows.length === 1;
}

/** A wallet key's reuse figures for the wallet view. */
export async function reuseFigures(
  db: Db,
  k: Owner & { keyId: string },
): Promise<{ reused: number; pooled: number; unmatched: number }> {
  const rows = await db.query<{ reused: number; pooled: number; unmatched: number }>(
    `SELECT
       (SELECT coalesce(sum(reuses), 0)::int FROM bitcoin_address_pool
         WHERE account_id = $1 AND mode = $2 AND key_id = $3) AS reused,
       (SELECT count(*)::int FROM bitcoin_address_pool
         WHERE account_id = $1 AND mode = $2 AND key_id = $3 AND state = 'free') AS pooled,
       (SELECT count(*)::int FROM bitcoin_address_payments
         WHERE account_id = $1 AND mode = $2 AND charge_id IS NULL) AS unmatched`,
    [k.accountId, k.mode, k.keyId],
  );
  return rows[0] ?? { reused: 0, pooled: 0, unmatched: 0 };
}
