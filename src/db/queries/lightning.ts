import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { type ChargeRow, findCharge } from "./charges.ts";

// Lightning connections, invoices and second payments (migration 0021). Every query is scoped by
// account and mode.

type Who = { accountId: string; mode: Mode };

export type LightningConnectionRow = {
  accountId: string;
  mode: Mode;
  backend: "lnd" | "phoenixd";
  url: string;
  secretBox: string;
  tlsCertificate: string | null;
  network: "mainnet" | "testnet" | "signet" | "regtest";
  nodeId: string | null;
  /** The Lightning address's name (live only, migration 0035), or null. */
  addressName: string | null;
  settleIndex: string;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
};

export const CONNECTION = `account_id AS "accountId", mode, backend, url, secret_box AS "secretBox",
  tls_certificate AS "tlsCertificate", network, node_id AS "nodeId",
  address_name AS "addressName", settle_index AS "settleIndex",
  revision, created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function findLightningConnection(db: Db, who: Who) {
  const rows = await db.query<LightningConnectionRow>(
    `SELECT ${CONNECTION} FROM lightning_connections WHERE account_id = $1 AND mode = $2`,
    [who.accountId, who.mode],
  );
  return rows[0];
}

export async function allLightningConnections(db: Db) {
  return db.query<LightningConnectionRow>(`SELECT ${CONNECTION} FROM lightning_connections`);
}

/** Creates or replaces; a replacement starts its stream again from the new node's start. */
export async function upsertLightningConnection(
  db: Db,
  r: Omit<LightningConnectionRow, "settleIndex" | "revision" | "createdAt" | "addressName">,
) {
  const rows = await db.query<LightningConnectionRow>(
    `INSERT INTO lightning_connections (account_id, mode, backend, url, secret_box, tls_certificate,
       network, node_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (account_id, mode) DO UPDATE SET backend = $3, url = $4, secret_box = $5,
       tls_certificate = $6, network = $7, node_id = $8, updated_at = $9, settle_index = '0',
       revision = lightning_connections.revision + 1
     RETURNING ${CONNECTION}`,
    [
      r.accountId,
      r.mode,
      r.backend,
      r.url,
      r.secretBox,
      r.tlsCertificate,
      r.network,
      r.nodeId,
      r.updatedAt,
    ],
  );
  return rows[0] as LightningConnectionRow;
}

export async function deleteLightningConnection(db: Db, who: Who) {
  const rows = await db.query<LightningConnectionRow>(
    `DELETE FROM lightning_connections WHERE account_id = $1 AND mode = $2 RETURNING ${CONNECTION}`,
    [who.accountId, who.mode],
  );
  return rows[0];
}

/** Moves the stream's resume point forward only (instances may report out of order). */
export async function advanceSettleIndex(
  db: Db,
  who: Who & { revision: number },
  index: string,
): Promise<void> {
  await db.query(
    `UPDATE lightning_connections SET settle_index = $4
     WHERE account_id = $1 AND mode = $2 AND revision = $3
       AND settle_index::numeric < $4::numeric`,
    [who.accountId, who.mode, who.revision, index],
  );
}

export type LightningInvoiceRow = {
  accountId: string;
  mode: Mode;
  chargeId: string;
  paymentHash: string;
  invoice: string;
  amountMsat: number;
  expiresAt: Date;
  state: "open" | "settled" | "closed";
  outcome: "approved" | "overpaid" | null;
  paidMsat: number | null;
  simulated: boolean;
};

const invoiceColumns = (a = "") => `${a}account_id AS "accountId", ${a}mode,
  ${a}charge_id AS "chargeId", ${a}payment_hash AS "paymentHash", ${a}invoice,
  ${a}amount_msat::float8 AS "amountMsat", ${a}expires_at AS "expiresAt", ${a}state, ${a}outcome,
  ${a}paid_msat::float8 AS "paidMsat", ${a}simulated`;
const INVOICE = invoiceColumns();

export async function insertLightningInvoice(
  db: Db,
  r: Omit<LightningInvoiceRow, "state" | "outcome" | "paidMsat"> & { createdAt: Date },
) {
  await db.query(
    `INSERT INTO lightning_invoices (account_id, mode, charge_id, payment_hash, invoice,
       amount_msat, expires_at, simulated, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      r.accountId,
      r.mode,
      r.chargeId,
      r.paymentHash,
      r.invoice,
      r.amountMsat,
      r.expiresAt,
      r.simulated,
      r.createdAt,
    ],
  );
}

export async function invoiceOfCharge(db: Db, who: Who & { chargeId: string }) {
  const rows = await db.query<LightningInvoiceRow>(
    `SELECT ${INVOICE} FROM lightning_invoices WHERE account_id = $1 AND mode = $2 AND charge_id = $3`,
    [who.accountId, who.mode, who.chargeId],
  );
  return rows[0];
}

export async function invoiceByHash(db: Db, who: Who & { paymentHash: string }) {
  const rows = await db.query<LightningInvoiceRow>(
    `SELECT ${INVOICE} FROM lightning_invoices
     WHERE account_id = $1 AND mode = $2 AND payment_hash = $3`,
    [who.accountId, who.mode, who.paymentHash],
  );
  return rows[0];
}

/**
 * Marks the invoice settled, once: true for the one caller that moved it (instances and the
 * stream and the periodic check may see the same settlement together).
 */
export async function markInvoiceSettled(
  db: Db,
  who: Who & { paymentHash: string; paidMsat: number; at: Date },
): Promise<LightningInvoiceRow | undefined> {
  const rows = await db.query<LightningInvoiceRow>(
    `UPDATE lightning_invoices SET state = 'settled', paid_msat = $4, settled_at = $5
     WHERE account_id = $1 AND mode = $2 AND payment_hash = $3 AND state <> 'settled'
     RETURNING ${INVOICE}`,
    [who.accountId, who.mode, who.paymentHash, who.paidMsat, who.at],
  );
  return rows[0];
}

export async function setInvoiceOutcome(
  db: Db,
  who: Who & { paymentHash: string; outcome: "approved" | "overpaid" },
) {
  await db.query(
    `UPDATE lightning_invoices SET outcome = $4
     WHERE account_id = $1 AND mode = $2 AND payment_hash = $3`,
    [who.accountId, who.mode, who.paymentHash, who.outcome],
  );
}

/**
 * Approves a charge paid over Lightning: only from pending (or expired within the late window,
 * as a late on-chain payment may), so of two instances or two paths one approves.
 */
export async function approveByLightning(
  db: Db,
  k: Who & { id: string; at: Date; lateFrom: Date },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<{ id: string }>(
    `UPDATE charges SET status = 'approved', approved_at = $4, updated_at = $4,
       paid_method = 'lightning', paid_late = (status = 'expired')
     WHERE id = $1 AND account_id = $2 AND mode = $3 AND method = 'crypto'
       AND (status = 'pending' OR (status = 'expired' AND expires_at > $5))
     RETURNING id`,
    [k.id, k.accountId, k.mode, k.at, k.lateFrom],
  );
  return rows[0] ? findCharge(db, k) : undefined;
}

export async function paidMethodOf(db: Db, k: Who & { id: string }) {
  const rows = await db.query<{ paidMethod: string | null }>(
    `SELECT paid_method AS "paidMethod" FROM charges WHERE id = $1 AND account_id = $2 AND mode = $3`,
    [k.id, k.accountId, k.mode],
  );
  return rows[0]?.paidMethod ?? null;
}

export async function setPaidMethod(db: Db, k: Who & { id: string }, method: string) {
  await db.query(
    `UPDATE charges SET paid_method = $4
     WHERE id = $1 AND account_id = $2 AND mode = $3 AND paid_method IS NULL`,
    [k.id, k.accountId, k.mode, method],
  );
}

/** Records a second payment once (its reference: payment hash or txid). True when new. */
export async function recordExtraPayment(
  db: Db,
  r: Who & {
    chargeId: string;
    method: "lightning" | "onchain";
    reference: string;
    amountSats: number;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO charge_extra_payments (account_id, mode, charge_id, method, reference, amount_sats, seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING charge_id`,
    [r.accountId, r.mode, r.chargeId, r.method, r.reference, r.amountSats, r.at],
  );
  return rows.length === 1;
}

export async function extraPaymentsOf(db: Db, k: Who & { chargeId: string }) {
  return db.query<{ method: string; reference: string; amountSats: number; seenAt: Date }>(
    `SELECT method, reference, amount_sats::float8 AS "amountSats", seen_at AS "seenAt"
     FROM charge_extra_payments WHERE account_id = $1 AND mode = $2 AND charge_id = $3
     ORDER BY seen_at`,
    [k.accountId, k.mode, k.chargeId],
  );
}

/**
 * Open invoices due for a look at their node (not checked since `checkedBefore`), claimed under
 * SKIP LOCKED so instances share them; invoices past expiry plus the late window are closed.
 */
export async function claimOpenInvoices(
  db: Db,
  input: { now: Date; checkedBefore: Date; lateFrom: Date; limit: number },
): Promise<LightningInvoiceRow[]> {
  await db.query(
    `UPDATE lightning_invoices SET state = 'closed' WHERE state = 'open' AND expires_at < $1`,
    [input.lateFrom],
  );
  return db.query<LightningInvoiceRow>(
    `WITH due AS (
       SELECT account_id, mode, payment_hash FROM lightning_invoices
       WHERE state = 'open' AND NOT simulated AND (checked_at IS NULL OR checked_at < $2)
       ORDER BY checked_at NULLS FIRST LIMIT $3
       FOR UPDATE SKIP LOCKED
     )
     UPDATE lightning_invoices i SET checked_at = $1 FROM due
     WHERE i.account_id = due.account_id AND i.mode = due.mode AND i.payment_hash = due.payment_hash
     RETURNING ${invoiceColumns("i.")}`,
    [input.now, input.checkedBefore, input.limit],
  );
}

/**
 * Approved invoices whose charge's on-chain address is still worth a look (a second payment
 * after a Lightning one): not expired before `expiredAfter`, not looked at since `checkedBefore`,
 * least recently looked at first, at most 50.
 */
export function approvedInvoicesToRecheck(
  db: Db,
  input: { expiredAfter: Date; checkedBefore: Date },
): Promise<Array<Who & { chargeId: string }>> {
  return db.query<Who & { chargeId: string }>(
    `SELECT i.account_id AS "accountId", i.mode, i.charge_id AS "chargeId"
     FROM lightning_invoices i
     WHERE i.outcome = 'approved' AND i.expires_at > $1
       AND (i.checked_at IS NULL OR i.checked_at < $2)
     ORDER BY i.checked_at NULLS FIRST LIMIT 50`,
    [input.expiredAfter, input.checkedBefore],
  );
}

/** Records when a charge's invoice was last looked at (approvedInvoicesToRecheck's order). */
export async function markInvoiceChecked(
  db: Db,
  k: Who & { chargeId: string },
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE lightning_invoices SET checked_at = $4
     WHERE account_id = $1 AND mode = $2 AND charge_id = $3`,
    [k.accountId, k.mode, k.chargeId, at],
  );
}
