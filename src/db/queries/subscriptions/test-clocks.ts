import type { Db } from "../../../kernel/db.ts";

// The sandbox's test clocks: how far each account's test mode runs ahead of real time.

/** How far an account's sandbox clock runs ahead of the real one (0: not moved). */
export async function testClockOffset(db: Db, accountId: string): Promise<number> {
  const rows = await db.query<{ ms: string | number }>(
    "SELECT advanced_ms AS ms FROM test_clocks WHERE account_id = $1",
    [accountId],
  );
  return Number(rows[0]?.ms ?? 0);
}

export async function advanceTestClock(
  db: Db,
  accountId: string,
  byMs: number,
  at: Date,
): Promise<number> {
  const rows = await db.query<{ ms: string | number }>(
    `INSERT INTO test_clocks (account_id, advanced_ms, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (account_id) DO UPDATE SET advanced_ms = test_clocks.advanced_ms + $2, updated_at = $3
     RETURNING advanced_ms AS ms`,
    [accountId, byMs, at],
  );
  return Number(rows[0]?.ms ?? 0);
}

/** Accounts whose sandbox clock has been moved (the scheduler runs each at its own time). */
export async function testClockAccounts(db: Db): Promise<Array<{ accountId: string; ms: number }>> {
  const rows = await db.query<{ accountId: string; ms: string | number }>(
    `SELECT account_id AS "accountId", advanced_ms AS ms FROM test_clocks WHERE advanced_ms > 0`,
  );
  return rows.map((r) => ({ accountId: r.accountId, ms: Number(r.ms) }));
}
