import type { ChargeStatus } from "../../kernel/charge-status.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

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
  /** The wallet key the address came from (walletKeyId); absent on charges made before it was kept. */
  keyId?: string;
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
  simulated: boolean;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  crypto: CryptoDetails | null;
  receivedSats: number;
  paidLate: boolean;
  /** A live PIX cob paid for less than the value: what was received (else 0). */
  receivedCents: number;
  /**
   * A charge with a due date (cobv, migration 0017): its terms as the domain wrote them
   * (domain/due-date DueDateTerms, read back by domain/due-date/due-charge.ts); null otherwise.
   */
  dueTerms?: object | null;
  /** When a due-date charge becomes overdue (midnight in Brazil after its moved due date). */
  overdueAt?: Date | null;
  /** A due-date charge's approval: the amount due on the payment date, in centavos. */
  amountPaidCents?: number | null;
  /** The subscription this charge belongs to (a period's charge; migration 0019). */
  subscriptionId?: string | null;
  /** How a Bitcoin charge was paid, when Lightning approved it (migration 0021); else null. */
  paidMethod?: "lightning" | "onchain" | null;
  /** The reusable QR code whose payment made this charge (migration 0033); else null. */
  qrCodeId?: string | null;
  /**
   * Live PIX: the end-to-end id of the payment that settled it (migration 0006, unique). Read
   * with every charge so a QR code's charge can show it (endToEndId); set at creation only by
   * a live payment to a QR code (domain/charges/qr-payment-charge.ts).
   */
  pspE2eid?: string | null;
  /** The counter link whose phone made this charge (migration 0037); else null. */
  counterLinkId?: string | null;
  /** Its refunds, oldest first (migration 0029; domain/charges/refund-ledger.ts). */
  refunds?: StoredRefund[];
};

/** One refund of a charge as its row keeps it (the `refunds` jsonb array, migration 0029). */
export type StoredRefund = {
  id: string;
  valueCents: number;
  reason?: string | null;
  status: "in_progress" | "done" | "refused";
  createdAt: string;
  doneAt?: string;
  /** Why the PSP did not make it (its motivo). */
  refusal?: string;
  /** Live: the devolução id at the PSP. */
  pspId?: string;
  /** Live: whether the PSP answered its PUT (an unanswered one is PUT again, same id). */
  sent?: boolean;
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
  ["simulated", "simulated"],
  ["expires_at", "expiresAt"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
  ["approved_at", "approvedAt"],
  ["crypto", "crypto"],
  ["received_sats", "receivedSats"],
  ["paid_late", "paidLate"],
  ["received_cents", "receivedCents"],
  ["due_terms", "dueTerms"],
  ["overdue_at", "overdueAt"],
  ["amount_paid_cents", "amountPaidCents"],
  ["subscription_id", "subscriptionId"],
  ["paid_method", "paidMethod"],
  ["qr_code_id", "qrCodeId"],
  ["psp_e2eid", "pspE2eid"],
  ["counter_link_id", "counterLinkId"],
  ["refunds", "refunds"],
];
export const chargeColumns = (alias = "") =>
  COLUMN_NAMES.map(([c, f]) => `${alias}${c} AS "${f}"`).join(", ");
const columns = chargeColumns;
export const CHARGE_COLUMNS = columns();

// A crypto charge whose full amount was already seen on the chain (even unconfirmed) before its
// expiry is waiting for confirmations, not expiring: it is never moved to expired.
export const NOT_FULLY_SEEN = `(method <> 'crypto' OR received_sats < (crypto->>'amountSats')::bigint)`;

// A live PIX charge expires only once its cob is removed at the PSP (the cob stays payable
// there otherwise): the live expiry pass (domain/live-pix/live-expire.ts) does that, so the
// generic expiry leaves these charges alone.
export const NOT_LIVE_PIX = `(mode <> 'live' OR method <> 'pix')`;

// findCharge, the hot read (every status request), returns its row as one JSON column: the
// driver then runs one JSON.parse instead of a type parser per column of 28, which measured about
// 12 µs less per read. Dates come back as ISO text and become Dates here. row_to_json of a
// subquery whose columns carry the row's field names costs PostgreSQL less than
// json_build_object of 28 key-value pairs over a materialised CTE (issue 39: 50-60 against
// 70 µs of backend CPU per lookup, one connection, same row).
const CHARGE_FIELDS = COLUMN_NAMES.map(([c, f]) => `${c} AS "${f}"`).join(", ");
type ChargeJson = Omit<
  ChargeRow,
  "expiresAt" | "createdAt" | "updatedAt" | "approvedAt" | "overdueAt"
> & {
  overdueAt?: string | null;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
};

export function findCharge(
  db: Db,
  k: { accountId: string; mode: Mode; id: string },
): Promise<ChargeRow | undefined> {
  return oneCharge(db, "id", [k.id, k.accountId, k.mode]);
}

/** A charge of an account and mode by its txid (the PSP's name for it). */
export function findChargeByTxid(
  db: Db,
  k: { accountId: string; mode: Mode; txid: string },
): Promise<ChargeRow | undefined> {
  return oneCharge(db, "txid", [k.txid, k.accountId, k.mode]);
}

/** A charge by id in any account (the public checkout's status lookup). */
export function findChargeById(db: Db, id: string): Promise<ChargeRow | undefined> {
  return oneCharge(db, "id", [id]);
}

/**
 * One charge by its id or txid, with the account and mode checked when given. The key alone is
 * in the scan (a subquery with OFFSET 0, which the planner neither flattens nor pushes the
 * account's condition into), so only its own index (the primary key, or charges_by_txid) can
 * serve it: charges has seven indexes led by (account_id, mode), and a generic plan cached under
 * statistics older than the rows once picked one of them and filtered the account's whole
 * history for one id (2-13 ms a status read in the bench; test/db/lookup-plans.test.ts).
 */
async function oneCharge(
  db: Db,
  key: "id" | "txid",
  params: [string] | [string, string, Mode],
): Promise<ChargeRow | undefined> {
  const scoped = params.length === 3 ? ` WHERE one."accountId" = $2 AND one.mode = $3` : "";
  const rows = await db.query<{ c: ChargeJson }>(
    `SELECT row_to_json(one) AS c
     FROM (SELECT ${CHARGE_FIELDS} FROM charges WHERE ${key} = $1 OFFSET 0) one${scoped}`,
    params,
  );
  const j = rows[0]?.c;
  if (j === undefined) return undefined;
  // As parseInt8 does for int8 columns: a count past 2^53 is refused, never rounded.
  if (!Number.isSafeInteger(j.valueCents) || !Number.isSafeInteger(j.receivedSats)) {
    throw new RangeError(`charge ${j.id}: an amount exceeds 2^53`);
  }
  return {
    ...j,
    expiresAt: new Date(j.expiresAt),
    createdAt: new Date(j.createdAt),
    updatedAt: new Date(j.updatedAt),
    approvedAt: j.approvedAt === null ? null : new Date(j.approvedAt),
    overdueAt: j.overdueAt ? new Date(j.overdueAt) : null,
  };
}

/**
 * Moves one charge to `to` if it is in one of `from` (and, for expiry, overdue): a conditional
 * UPDATE, so concurrent moves of the same charge cannot both succeed.
 */
export async function moveCharge(
  db: Db,
  k: { accountId: string; mode: Mode; id: string },
  move: {
    from: readonly ChargeStatus[];
    to: ChargeStatus;
    at: Date;
    simulated?: boolean;
    /** A due-date charge's approval: the amount due on the payment date (migration 0017). */
    amountPaidCents?: number;
  },
): Promise<ChargeRow | undefined> {
  const rows = await db.query<ChargeRow>(
    `UPDATE charges SET status = $4, updated_at = $5,
       approved_at = CASE WHEN $4 = 'approved' THEN $5 ELSE approved_at END,
       simulated = simulated OR $6,
       amount_paid_cents = coalesce($8, amount_paid_cents)
     WHERE id = $1 AND account_id = $2 AND mode = $3 AND status = ANY($7::text[])
       AND ($4 <> 'expired' OR (expires_at <= $5 AND ${NOT_FULLY_SEEN}))
     RETURNING ${CHARGE_COLUMNS}`,
    [
      k.id,
      k.accountId,
      k.mode,
      move.to,
      move.at,
      move.simulated ?? false,
      move.from,
      move.amountPaidCents ?? null,
    ],
  );
  return rows[0];
}

// The expiry claim. It reads the partial index charges_pending_by_expiry (status = 'pending',
// by expires_at) from its start and stops after `limit` rows: the WHERE implies the index's
// predicate and the ORDER BY is its order, so no other plan can stop early, and the plan does not
// depend on how many pending rows the statistics believe there are (a burst that autoanalyze has
// not seen yet). No method filter, which would make charges_crypto_watch (every pending AND
// expired Bitcoin charge) a candidate. The claimed rows reach the UPDATE as an array of their
// tuple ids (an InitPlan), which only a TID scan reads: matched by id instead, stale statistics
// made the planner walk the pending index again for the UPDATE and test every row against the
// whole array (0.6-0.8 s a batch of 1,000 in the test). A claimed row is locked (its status
// checked again under the lock), so neither its tuple id nor its status can change before the
// UPDATE reaches it; the UPDATE repeats no condition, which leaves the TID scan its only plan.
export const EXPIRE_DUE_SQL = `UPDATE charges SET status = 'expired', updated_at = $1
  WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM charges
      WHERE status = 'pending' AND expires_at <= $1 AND ${NOT_FULLY_SEEN} AND ${NOT_LIVE_PIX}
      ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED))
  RETURNING ${CHARGE_COLUMNS}`;

/**
 * Expires up to `limit` overdue pending charges, PIX (sandbox) and Bitcoin, oldest due first.
 * SKIP LOCKED lets any number of instances run this at once: each overdue charge is taken by
 * exactly one of them. Live PIX charges are not claimed here (their cob is removed at the PSP
 * first, by the live expiry job).
 */
export function expireDue(db: Db, input: { at: Date; limit: number }): Promise<ChargeRow[]> {
  return db.query<ChargeRow>(EXPIRE_DUE_SQL, [input.at, input.limit]);
}

/** Marks a charge paid by the sandbox's simulation (a simulated Lightning payment). */
export async function markChargeSimulated(
  db: Db,
  k: { accountId: string; mode: Mode; id: string },
): Promise<void> {
  await db.query(
    "UPDATE charges SET simulated = true WHERE id = $1 AND account_id = $2 AND mode = $3",
    [k.id, k.accountId, k.mode],
  );
}

/**
 * Writes why a charge is about to be declined into its details (`decline_reason`), which its
 * view shows. `whilePending`: only if the charge is still pending (a live PSP's verdict may
 * arrive after the charge moved on), as the move that follows requires anyway.
 */
export async function setDeclineReason(
  db: Db,
  k: { accountId: string; mode: Mode; id: string },
  reason: string,
  opts: { whilePending: boolean },
): Promise<void> {
  await db.query(
    `UPDATE charges SET details = details || jsonb_build_object('decline_reason', $4::text)
     WHERE id = $1 AND account_id = $2 AND mode = $3${opts.whilePending ? " AND status = 'pending'" : ""}`,
    [k.id, k.accountId, k.mode, reason],
  );
}
