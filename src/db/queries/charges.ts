import type { ChargeStatus } from "../../domain/charges/charge-status.ts";
import type { Mode } from "../../domain/mode.ts";
import type { Db } from "../db.ts";
import { eventCtes, type NewEvent } from "./events.ts";

export type ChargeDetails = Record<string, string | Record<string, string>>;
/** What a crypto charge fixes at creation. */
export type CryptoDetails = {
  address: string;
  index: number;
  network: "mainnet" | "testnet" | "signet";
  amountSats: number;
  /** The BTC/BRL rate locked at creation, in centavos per BTC. */
  rateCents: number;
  payUri: string;
};
export type ChargeRow = {
  id: string;
  accountId: string;
  mode: Mode;
  method: "pix" | "crypto";
  status: ChargeStatus;
  valueCents: number;
  title: string | null;
  description: string | null;
  productId: string | null;
  externalId: string | null;
  details: ChargeDetails;
  provider: string;
  txid: string;
  brCode: string | null;
  qrCodeImage: string | null;
  simulated: boolean;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  crypto: CryptoDetails | null;
  receivedSats: number;
  paidLate: boolean;
};

const COLUMN_NAMES: Array<[column: string, field: keyof ChargeRow]> = [
  ["id", "id"],
  ["account_id", "accountId"],
  ["mode", "mode"],
  ["method", "method"],
  ["status", "status"],
  ["value_cents", "valueCents"],
  ["title", "title"],
  ["description", "description"],
  ["product_id", "productId"],
  ["external_id", "externalId"],
  ["details", "details"],
  ["provider", "provider"],
  ["txid", "txid"],
  ["br_code", "brCode"],
  ["qr_code_image", "qrCodeImage"],
  ["simulated", "simulated"],
  ["expires_at", "expiresAt"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
  ["approved_at", "approvedAt"],
  ["crypto", "crypto"],
  ["received_sats", "receivedSats"],
  ["paid_late", "paidLate"],
];
const columns = (alias = "") => COLUMN_NAMES.map(([c, f]) => `${alias}${c} AS "${f}"`).join(", ");
const CHARGE_COLUMNS = columns();

// A crypto charge whose full amount was already seen on the chain (even unconfirmed) before its
// expiry is waiting for confirmations, not expiring: it is never moved to expired.
const NOT_FULLY_SEEN = `(method <> 'crypto' OR received_sats < (crypto->>'amountSats')::bigint)`;

/**
 * Inserts a charge and its creation events in one statement (data-modifying CTEs run
 * atomically), so a charge never exists without its events, at the cost of one round trip.
 * With `guard` (an idempotency key's CTE named `k`, see queries/idempotency.ts) the charge and
 * events are written only if the key was stored by this same statement; returns whether they were.
 */
export async function insertChargeWithEvents(
  db: Db,
  c: ChargeRow,
  events: NewEvent[],
  guard?: { cte: (first: number) => { sql: string; params: unknown[] } },
): Promise<boolean> {
  const params: unknown[] = [
    c.id,
    c.accountId,
    c.mode,
    c.method,
    c.status,
    c.valueCents,
    c.title,
    c.description,
    c.productId,
    c.externalId,
    JSON.stringify(c.details),
    c.provider,
    c.txid,
    c.brCode,
    c.qrCodeImage,
    c.simulated,
    c.expiresAt,
    c.createdAt,
    c.updatedAt,
    c.approvedAt,
    c.crypto === null ? null : JSON.stringify(c.crypto),
  ];
  const onlyIf = guard ? "EXISTS (SELECT 1 FROM k)" : "true";
  const ev = eventCtes(events, params.length + 1, onlyIf);
  const k = guard?.cte(params.length + ev.params.length + 1);
  const rows = await db.query<{ inserted: boolean }>(
    `WITH ${k ? `${k.sql},` : ""} c AS (
       INSERT INTO charges (id, account_id, mode, method, status, value_cents, title, description,
         product_id, external_id, details, provider, txid, br_code, qr_code_image, simulated,
         expires_at, created_at, updated_at, approved_at, crypto)
       SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::bigint, $7::text, $8::text,
         $9::text, $10::text, $11::jsonb, $12::text, $13::text, $14::text, $15::text,
         $16::boolean, $17::timestamptz, $18::timestamptz, $19::timestamptz, $20::timestamptz, $21::jsonb
       WHERE ${onlyIf}
       RETURNING 1
     ), ${ev.sql}
     SELECT EXISTS (SELECT 1 FROM c) AS inserted, ${ev.notify} AS notified`,
    [...params, ...ev.params, ...(k?.params ?? [])],
  );
  return rows[0]?.inserted === true;
}

export async function findCharge(
  db: Db,
  k: { accountId: string; mode: Mode; id: string },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<ChargeRow>(
    `SELECT ${CHARGE_COLUMNS} FROM charges WHERE id = $1 AND account_id = $2 AND mode = $3`,
    [k.id, k.accountId, k.mode],
  );
  return rows[0];
}

export function listCharges(
  db: Db,
  k: { accountId: string; mode: Mode; method: "pix" | "crypto"; limit: number },
): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(
    `SELECT ${CHARGE_COLUMNS} FROM charges WHERE account_id = $1 AND mode = $2 AND method = $3
     ORDER BY id DESC LIMIT $4`,
    [k.accountId, k.mode, k.method, k.limit],
  );
}

/**
 * Moves one charge to `to` if it is in one of `from` (and, for expiry, overdue): a conditional
 * UPDATE, so concurrent moves of the same charge cannot both succeed.
 */
export async function moveCharge(
  db: Db,
  k: { accountId: string; mode: Mode; id: string },
  move: { from: readonly ChargeStatus[]; to: ChargeStatus; at: Date; simulated?: boolean },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<ChargeRow>(
    `UPDATE charges SET status = $4, updated_at = $5,
       approved_at = CASE WHEN $4 = 'approved' THEN $5 ELSE approved_at END,
       simulated = simulated OR $6
     WHERE id = $1 AND account_id = $2 AND mode = $3 AND status = ANY($7::text[])
       AND ($4 <> 'expired' OR (expires_at <= $5 AND ${NOT_FULLY_SEEN}))
     RETURNING ${CHARGE_COLUMNS}`,
    [k.id, k.accountId, k.mode, move.to, move.at, move.simulated ?? false, move.from],
  );
  return rows[0];
}

/**
 * Expires up to `limit` overdue pending charges of a method. SKIP LOCKED lets any number of
 * instances run this at once: each overdue charge is taken by exactly one of them.
 */
export function expireDue(
  db: Db,
  input: { method: "pix" | "crypto"; at: Date; limit: number },
): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(
    `WITH due AS (
       SELECT id FROM charges
       WHERE status = 'pending' AND expires_at <= $1 AND method = $2 AND ${NOT_FULLY_SEEN}
       ORDER BY expires_at LIMIT $3 FOR UPDATE SKIP LOCKED
     )
     UPDATE charges c SET status = 'expired', updated_at = $1 FROM due
     WHERE c.id = due.id AND c.status = 'pending'
     RETURNING ${columns("c.")}`,
    [input.at, input.method, input.limit],
  );
}
