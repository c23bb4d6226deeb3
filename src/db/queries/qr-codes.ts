import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

/** A reusable (static) QR code (migration 0033). `valueCents` null: the payer types the amount. */
export type QrCodeRow = {
  id: string;
  accountId: string;
  mode: Mode;
  title: string;
  description: string | null;
  valueCents: number | null;
  txid: string;
  brCode: string;
  createdAt: Date;
  disabledAt: Date | null;
};

const COLUMNS = `id, account_id AS "accountId", mode, title, description,
  value_cents AS "valueCents", txid, br_code AS "brCode", created_at AS "createdAt",
  disabled_at AS "disabledAt"`;

export async function insertQrCode(db: Db, r: QrCodeRow): Promise<QrCodeRow> {
  await db.query(
    `INSERT INTO qr_codes (id, account_id, mode, title, description, value_cents, txid, br_code,
       created_at, disabled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      r.id,
      r.accountId,
      r.mode,
      r.title,
      r.description,
      r.valueCents,
      r.txid,
      r.brCode,
      r.createdAt,
      r.disabledAt,
    ],
  );
  return r;
}

export async function findQrCode(
  db: Db,
  k: { accountId: string; mode: Mode; id: string },
): Promise<QrCodeRow | undefined> {
  const rows = await db.query<QrCodeRow>(
    `SELECT ${COLUMNS} FROM qr_codes WHERE id = $1 AND account_id = $2 AND mode = $3`,
    [k.id, k.accountId, k.mode],
  );
  return rows[0];
}

/** A code by id in any account (its public poster page). */
export async function findQrCodeById(db: Db, id: string): Promise<QrCodeRow | undefined> {
  const rows = await db.query<QrCodeRow>(`SELECT ${COLUMNS} FROM qr_codes WHERE id = $1`, [id]);
  return rows[0];
}

/** The code of an account and mode whose txid a payment carried (live payments). */
export async function findQrCodeByTxid(
  db: Db,
  k: { accountId: string; mode: Mode; txid: string },
): Promise<QrCodeRow | undefined> {
  const rows = await db.query<QrCodeRow>(
    `SELECT ${COLUMNS} FROM qr_codes WHERE account_id = $1 AND mode = $2 AND txid = $3`,
    [k.accountId, k.mode, k.txid],
  );
  return rows[0];
}

export function listQrCodes(
  db: Db,
  k: { accountId: string; mode: Mode; includeDisabled: boolean; limit: number; offset: number },
): Promise<QrCodeRow[]> {
  return db.query<QrCodeRow>(
    `SELECT ${COLUMNS} FROM qr_codes WHERE account_id = $1 AND mode = $2
       AND ($3 OR disabled_at IS NULL)
     ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
    [k.accountId, k.mode, k.includeDisabled, k.limit, k.offset],
  );
}

/** Disables a code (once: a second call keeps the first moment). */
export async function disableQrCode(
  db: Db,
  k: { accountId: string; mode: Mode; id: string; at: Date },
): Promise<QrCodeRow | undefined> {
  const rows = await db.query<QrCodeRow>(
    `UPDATE qr_codes SET disabled_at = COALESCE(disabled_at, $4)
     WHERE id = $1 AND account_id = $2 AND mode = $3 RETURNING ${COLUMNS}`,
    [k.id, k.accountId, k.mode, k.at],
  );
  return rows[0];
}

/**
 * An account's live codes among `txids` (a notification's or a page of received Pix), disabled
 * ones too: the caller tells them apart (a payment to a disabled code is unmatched).
 */
export async function liveQrCodesByTxids(
  db: Db,
  k: { accountId: string; txids: string[] },
): Promise<QrCodeRow[]> {
  if (k.txids.length === 0) return [];
  return db.query<QrCodeRow>(
    `SELECT ${COLUMNS} FROM qr_codes
     WHERE account_id = $1 AND mode = 'live' AND txid = ANY($2::text[])`,
    [k.accountId, k.txids],
  );
}

/** Which of these end-to-end ids already made a charge (charges_psp_e2eid, migration 0006). */
export async function e2eidsWithCharges(db: Db, e2eids: string[]): Promise<Set<string>> {
  if (e2eids.length === 0) return new Set();
  const rows = await db.query<{ e2eid: string }>(
    "SELECT psp_e2eid AS e2eid FROM charges WHERE psp_e2eid = ANY($1::text[])",
    [e2eids],
  );
  return new Set(rows.map((r) => r.e2eid));
}
