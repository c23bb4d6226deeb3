import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";

/** An account's stored mail settings for a mode (domain/notifications/settings.ts reads them). */
export async function readNotificationSettings(
  db: Db,
  who: { accountId: string; mode: Mode },
): Promise<unknown> {
  const rows = await db.query<{ settings: unknown }>(
    "SELECT settings FROM notification_settings WHERE account_id = $1 AND mode = $2",
    [who.accountId, who.mode],
  );
  return rows[0]?.settings ?? null;
}

export async function writeNotificationSettings(
  db: Db,
  who: { accountId: string; mode: Mode },
  settings: object,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO notification_settings (account_id, mode, settings, updated_at)
     VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (account_id, mode) DO UPDATE SET settings = EXCLUDED.settings,
       updated_at = EXCLUDED.updated_at`,
    [who.accountId, who.mode, JSON.stringify(settings), at],
  );
}

/** Records an unsubscribe (lower case); true if the address was not already unsubscribed. */
export async function addUnsubscribe(
  db: Db,
  who: { accountId: string; mode: Mode },
  address: string,
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO mail_unsubscribes (account_id, mode, address, created_at)
     VALUES ($1, $2, lower($3), $4) ON CONFLICT DO NOTHING RETURNING 1`,
    [who.accountId, who.mode, address, at],
  );
  return rows.length > 0;
}

/** Whether an address unsubscribed from the account's reminders in this mode. */
export async function isUnsubscribed(
  db: Db,
  who: { accountId: string; mode: Mode },
  address: string,
): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM mail_unsubscribes WHERE account_id = $1 AND mode = $2 AND address = lower($3)",
    [who.accountId, who.mode, address],
  );
  return rows.length > 0;
}

/**
 * Takes one mail from the account's allowance for the day: true if it was under `cap` (and is
 * now one more), false if the cap is reached. One statement, so instances never overshoot.
 */
export async function takeDailyAllowance(
  db: Db,
  who: { accountId: string; mode: Mode },
  day: string,
  cap: number,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO mail_daily_counts AS m (account_id, mode, day, sent) VALUES ($1, $2, $3, 1)
     ON CONFLICT (account_id, mode, day) DO UPDATE SET sent = m.sent + 1 WHERE m.sent < $4
     RETURNING 1`,
    [who.accountId, who.mode, day, cap],
  );
  return rows.length > 0;
}
