import type { Db } from "../../kernel/db.ts";

// What live PIX reconciliation keeps besides charges: each connection's GET /pix watermark,
// the payments that match no charge, and the MED devoluções (disputes) on charges' payments.

/**
 * Takes an account's reconciliation window: at most one instance every `minAgeMs` (a
 * conditional update on claimed_at), created at `initial` on first use. Returns the moment up to
 * which the PSP's list was already read, or undefined when another instance has it.
 */
export async function claimWatermark(
  db: Db,
  k: { accountId: string; at: Date; minAgeMs: number; initial: Date },
): Promise<Date | undefined> {
  await db.query(
    `INSERT INTO pix_reconcile_watermarks (account_id, mode, read_until) VALUES ($1, 'live', $2)
     ON CONFLICT (account_id, mode) DO NOTHING`,
    [k.accountId, k.initial],
  );
  const rows = await db.query<{ readUntil: Date }>(
    `UPDATE pix_reconcile_watermarks SET claimed_at = $2
     WHERE account_id = $1 AND mode = 'live'
       AND (claimed_at IS NULL OR claimed_at <= $2::timestamptz - $3 * interval '1 millisecond')
     RETURNING read_until AS "readUntil"`,
    [k.accountId, k.at, k.minAgeMs],
  );
  const r = rows[0]?.readUntil;
  return r === undefined ? undefined : new Date(r);
}

/** Moves the watermark forward (never back) once a window was read to its end. */
export async function advanceWatermark(
  db: Db,
  k: { accountId: string; readUntil: Date },
): Promise<void> {
  await db.query(
    `UPDATE pix_reconcile_watermarks SET read_until = greatest(read_until, $2)
     WHERE account_id = $1 AND mode = 'live'`,
    [k.accountId, k.readUntil],
  );
}

/** Where a first window starts: the oldest pending live charge's creation, else `at`. */
export async function initialWatermark(db: Db, k: { accountId: string; at: Date }): Promise<Date> {
  const rows = await db.query<{ t: Date | null }>(
    `SELECT min(created_at) AS t FROM charges
     WHERE account_id = $1 AND mode = 'live' AND method = 'pix' AND status = 'pending'`,
    [k.accountId],
  );
  const t = rows[0]?.t;
  return t ? new Date(Math.min(new Date(t).getTime(), k.at.getTime())) : k.at;
}

// ---- unmatched payments -------------------------------------------------------------------

export type UnmatchedPayment = {
  id: string;
  accountId: string;
  e2eid: string;
  txid: string | null;
  amountCents: number;
  paidAt: Date | null;
  source: "notification" | "reconciliation" | "sweep";
  createdAt: Date;
};

/**
 * Records a payment that matches no charge, once per end-to-end id. Returns whether it was new
 * (the caller writes its event in the same transaction).
 */
export async function recordUnmatched(db: Db, p: UnmatchedPayment): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO unmatched_payments (id, account_id, mode, e2eid, txid, amount_cents, paid_at,
       source, created_at)
     VALUES ($1, $2, 'live', $3, $4, $5, $6, $7, $8)
     ON CONFLICT (e2eid) DO NOTHING RETURNING 1`,
    [p.id, p.accountId, p.e2eid, p.txid, p.amountCents, p.paidAt, p.source, p.createdAt],
  );
  return rows.length === 1;
}

/** The end-to-end ids among `e2eids` already recorded as unmatched. */
export async function knownUnmatched(db: Db, e2eids: string[]): Promise<Set<string>> {
  if (e2eids.length === 0) return new Set();
  const rows = await db.query<{ e2eid: string }>(
    "SELECT e2eid FROM unmatched_payments WHERE e2eid = ANY($1::text[])",
    [e2eids],
  );
  return new Set(rows.map((r) => r.e2eid));
}

export async function listUnmatched(
  db: Db,
  k: { accountId: string; limit: number },
): Promise<UnmatchedPayment[]> {
  const rows = await db.query<UnmatchedPayment>(
    `SELECT id, account_id AS "accountId", e2eid, txid, amount_cents AS "amountCents",
       paid_at AS "paidAt", source, created_at AS "createdAt"
     FROM unmatched_payments WHERE account_id = $1 AND mode = 'live'
     ORDER BY created_at DESC, id LIMIT $2`,
    [k.accountId, k.limit],
  );
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}

// ---- MED devoluções (disputes) ------------------------------------------------------------

export type Dispute = {
  e2eid: string;
  devolucaoId: string;
  chargeId: string;
  nature: string;
  status: string;
  amountCents: number;
  reason: string | null;
  updatedAt: Date;
};

/** Records a MED devolução's state; returns whether this is news (new, or a new status). */
export async function upsertDispute(
  db: Db,
  d: Omit<Dispute, "updatedAt"> & { accountId: string; at: Date },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO pix_disputes (e2eid, devolucao_id, account_id, mode, charge_id, nature, status,
       amount_cents, reason, created_at, updated_at)
     VALUES ($1, $2, $3, 'live', $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (e2eid, devolucao_id) DO UPDATE SET status = EXCLUDED.status,
       reason = EXCLUDED.reason, amount_cents = EXCLUDED.amount_cents, updated_at = EXCLUDED.updated_at
     WHERE pix_disputes.status IS DISTINCT FROM EXCLUDED.status
        OR pix_disputes.reason IS DISTINCT FROM EXCLUDED.reason
     RETURNING 1`,
    [
      d.e2eid,
      d.devolucaoId,
      d.accountId,
      d.chargeId,
      d.nature,
      d.status,
      d.amountCents,
      d.reason,
      d.at,
    ],
  );
  return rows.length === 1;
}

export async function disputesOf(
  db: Db,
  k: { accountId: string; chargeId: string },
): Promise<Dispute[]> {
  const rows = await db.query<Dispute>(
    `SELECT e2eid, devolucao_id AS "devolucaoId", charge_id AS "chargeId", nature, status,
       amount_cents AS "amountCents", reason, updated_at AS "updatedAt"
     FROM pix_disputes WHERE account_id = $1 AND mode = 'live' AND charge_id = $2
     ORDER BY created_at`,
    [k.accountId, k.chargeId],
  );
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}
