import type { Db } from "../../kernel/db.ts";

// The account's test data, deleted (POST /api/test-mode/reset). Every statement names the
// account and mode 'test': live rows are never touched. What the merchant configured stays
// (tokens, webhooks, products, the wallet, Lightning and PSP connections); what the sandbox made
// goes. Children first, so a row is never left pointing at a deleted one.

const count = async (db: Db, sql: string, params: unknown[]): Promise<number> => {
  const rows = await db.query<{ n: string | number }>(
    `WITH d AS (${sql} RETURNING 1) SELECT count(*) AS n FROM d`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
};

export type TestDataDeleted = {
  charges: number;
  events: number;
  deliveries: number;
  subscriptions: number;
  idempotencyKeys: number;
};

export async function deleteTestData(db: Db, accountId: string): Promise<TestDataDeleted> {
  const k = [accountId];
  const owned = "account_id = $1 AND mode = 'test'";
  await db.query(
    `DELETE FROM delivery_attempts WHERE delivery_id IN (SELECT id FROM deliveries WHERE ${owned})`,
    k,
  );
  const deliveries = await count(db, `DELETE FROM deliveries WHERE ${owned}`, k);
  const events = await count(db, `DELETE FROM events WHERE ${owned}`, k);
  await db.query(`DELETE FROM subscription_periods WHERE ${owned}`, k);
  const subscriptions = await count(db, `DELETE FROM subscriptions WHERE ${owned}`, k);
  for (const table of [
    "charge_extra_payments",
    "lightning_invoices",
    "bitcoin_address_payments",
    "bitcoin_address_pool",
  ]) {
    await db.query(`DELETE FROM ${table} WHERE ${owned}`, k);
  }
  const charges = await count(db, `DELETE FROM charges WHERE ${owned}`, k);
  const idempotencyKeys = await count(db, `DELETE FROM idempotency_keys WHERE ${owned}`, k);
  await db.query("DELETE FROM test_clocks WHERE account_id = $1", k);
  return { charges, events, deliveries, subscriptions, idempotencyKeys };
}
