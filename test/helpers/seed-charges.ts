import type { Db } from "../../src/kernel/db.ts";

/**
 * Inserts `count` charges of one account, mode and method in one statement (generate_series),
 * created `stepMs` apart from `start` going back in time (three share each millisecond when
 * stepMs is 1/3, so ties are ordered by id). Every 7th is approved, every 11th canceled; every
 * 5th has an external_id ord-<i>, every 4th a customer e-mail c<i % 50>@Example.com.
 */
export async function seedCharges(
  db: Db,
  o: {
    accountId: string;
    mode: "test" | "live";
    method: "pix" | "crypto";
    count: number;
    start: Date;
    stepMs: number;
    prefix: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO charges (id, account_id, mode, method, status, value_cents, title, external_id,
       details, provider, txid, expires_at, created_at, updated_at, crypto)
     SELECT $6 || lpad(i::text, 7, '0'), $1, $2, $3,
       CASE WHEN i % 7 = 0 THEN 'approved' WHEN i % 11 = 0 THEN 'canceled' ELSE 'pending' END,
       1000 + i, 'seed', CASE WHEN i % 5 = 0 THEN 'ord-' || i END,
       CASE WHEN i % 4 = 0 THEN jsonb_build_object('customer_email', 'c' || (i % 50) || '@Example.com')
            ELSE '{}'::jsonb END,
       CASE WHEN $3 = 'pix' THEN 'sandbox' ELSE 'crypto' END, $6 || i,
       $4::timestamptz + interval '1 hour',
       $4::timestamptz - make_interval(secs => floor(i * $5::float8 + 1e-9) / 1000.0),
       $4::timestamptz - make_interval(secs => floor(i * $5::float8 + 1e-9) / 1000.0),
       CASE WHEN $3 = 'crypto' THEN jsonb_build_object('address', $6 || 'addr' || i, 'index', i,
         'network', 'testnet', 'amountSats', 1000 + i, 'rateCents', 35000000,
         'payUri', 'bitcoin:' || $6 || 'addr' || i) END
     FROM generate_series(1, $7::int) AS i`,
    [o.accountId, o.mode, o.method, o.start, o.stepMs, o.prefix, o.count],
  );
}
