import type { Db } from "../../src/kernel/db.ts";

// Loads charges (and their two creation events) straight into the tables with one
// INSERT … SELECT generate_series per chunk: the growth tests and the growth bench need 10^5-10^6
// rows, which the API would take minutes to create. The rows look like the service's own: a
// sandbox BR Code of the usual length, creation events without payload (drawn from the charge
// when read, as the create path stores them), and ids that increase with creation time (a
// zero-padded number; the events' begin with the time), so indexes grow as in service.

export type BulkCharges = {
  accountId: string;
  /** Makes ids unique across calls (a few letters). */
  tag: string;
  count: number;
  mode?: "test" | "live";
  method?: "pix" | "crypto";
  status?: "pending" | "approved" | "expired" | "canceled";
  /** The first row's creation time; each next row is `stepMs` later. */
  createdAt: Date;
  stepMs?: number;
  /** expires_at = created_at + this. */
  expiresInMs?: number;
  /** Write each charge's charge.created and charge.pending (default true). */
  events?: boolean;
};

const BR_CODE_HEAD =
  "00020101021226580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-42665544000052040000530398654";

export async function bulkCharges(db: Db, o: BulkCharges): Promise<void> {
  const chunk = 50_000;
  for (let from = 0; from < o.count; from += chunk) {
    const to = Math.min(o.count, from + chunk) - 1;
    await db.query(SQL, [
      o.accountId,
      o.mode ?? "test",
      o.method ?? "pix",
      o.status ?? "pending",
      o.createdAt,
      o.stepMs ?? 1,
      o.expiresInMs ?? 3_600_000,
      o.tag,
      from,
      to,
      o.events ?? true,
    ]);
  }
}

// $1 account, $2 mode, $3 method, $4 status, $5 first created_at, $6 step ms, $7 expires in ms,
// $8 tag, $9..$10 the series, $11 with events.
const SQL = `WITH c AS (
    INSERT INTO charges (id, account_id, mode, method, status, value_cents, title, details,
      provider, txid, br_code, expires_at, created_at, updated_at, approved_at, crypto)
    SELECT
      CASE WHEN $3::text = 'pix' THEN 'pix_' ELSE 'BTC-' END
        || $8::text || lpad(g::text, 26 - length($8::text), '0'),
      $1, $2, $3, $4, 100 + g % 9900, NULL, '{}'::jsonb,
      CASE WHEN $3::text = 'pix' THEN 'sandbox' ELSE 'crypto' END,
      rpad($8::text || g::text, 25, 'x'),
      CASE WHEN $3::text = 'pix'
        THEN '${BR_CODE_HEAD}' || to_char(1 + g % 9900, 'FM00.00') || '5802BR5913Loja Exemplo6009SAO PAULO62290525'
          || rpad($8::text || g::text, 25, 'x') || '6304ABCD' END,
      ts + make_interval(secs => $7::bigint / 1000.0), ts, ts,
      CASE WHEN $4::text = 'approved' THEN ts END,
      CASE WHEN $3::text = 'crypto' THEN jsonb_build_object('address', 'tb1q' || $8::text || g,
        'index', g, 'network', 'testnet', 'amountSats', 1000 + g, 'rateCents', 35000000,
        'payUri', 'bitcoin:tb1q' || $8::text || g) END
    FROM generate_series($9::int, $10::int) g,
      LATERAL (SELECT $5::timestamptz + make_interval(secs => g * $6::bigint / 1000.0) AS ts) t
    RETURNING id, account_id, mode, value_cents, created_at, provider
  )
  INSERT INTO events (id, account_id, mode, type, charge_id, payload, created_at)
  SELECT 'evt_' || lpad(to_hex((extract(epoch FROM c.created_at) * 1000)::bigint), 12, '0')
      || substr(md5(c.id || k.type), 1, 14), c.account_id, c.mode, k.type, c.id,
NULL, c.created_at
  FROM c CROSS JOIN (VALUES (1, 'charge.created'), (2, 'charge.pending')) AS k(n, type)
  WHERE $11::boolean
  ORDER BY c.created_at, k.n`;
