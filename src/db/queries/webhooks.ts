import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

export type WebhookRow = {
  id: string;
  accountId: string;
  mode: Mode;
  url: string;
  events: string[];
  secretBox: string;
  createdAt: Date;
  disabledAt: Date | null;
  disabledReason: string | null;
};

const COLUMNS = `id, account_id AS "accountId", mode, url, events, secret_box AS "secretBox",
  created_at AS "createdAt", disabled_at AS "disabledAt", disabled_reason AS "disabledReason"`;

type Owner = { accountId: string; mode: Mode };

export async function insertWebhook(db: Db, w: WebhookRow): Promise<void> {
  await db.query(
    `INSERT INTO webhooks (id, account_id, mode, url, events, secret_box, created_at)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7)`,
    [w.id, w.accountId, w.mode, w.url, w.events, w.secretBox, w.createdAt],
  );
}

export function listWebhooks(
  db: Db,
  k: Owner & { limit: number; offset: number },
): Promise<WebhookRow[]> {
  return db.query<WebhookRow>(
    `SELECT ${COLUMNS} FROM webhooks WHERE account_id = $1 AND mode = $2 AND deleted_at IS NULL
     ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [k.accountId, k.mode, k.limit, k.offset],
  );
}

export async function findWebhook(
  db: Db,
  k: Owner & { id: string },
): Promise<WebhookRow | undefined> {
  const rows = await db.query<WebhookRow>(
    `SELECT ${COLUMNS} FROM webhooks
     WHERE id = $1 AND account_id = $2 AND mode = $3 AND deleted_at IS NULL`,
    [k.id, k.accountId, k.mode],
  );
  return rows[0];
}

/** Whether the owner has or had (deleted: its delivery log stays) a webhook of this id. */
export async function webhookKnown(db: Db, k: Owner & { id: string }): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM webhooks WHERE id = $1 AND account_id = $2 AND mode = $3",
    [k.id, k.accountId, k.mode],
  );
  return rows.length === 1;
}

export async function countWebhooks(db: Db, k: Owner): Promise<number> {
  const rows = await db.query<{ n: number }>(
    "SELECT count(*) AS n FROM webhooks WHERE account_id = $1 AND mode = $2 AND deleted_at IS NULL",
    [k.accountId, k.mode],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Deletes a webhook (kept as a row so its delivery log stays readable) and fails its pending
 * deliveries, in one statement.
 */
export async function deleteWebhook(
  db: Db,
  k: Owner & { id: string; at: Date },
): Promise<WebhookRow | undefined> {
  const rows = await db.query<WebhookRow>(
    `WITH w AS (
       UPDATE webhooks SET deleted_at = $4
       WHERE id = $1 AND account_id = $2 AND mode = $3 AND deleted_at IS NULL
       RETURNING ${COLUMNS}
     ), f AS (
       UPDATE deliveries SET status = 'failed', last_error = 'webhook deleted', completed_at = $4,
         locked_until = NULL
       WHERE webhook_id IN (SELECT id FROM w) AND status = 'pending'
     )
     SELECT * FROM w`,
    [k.id, k.accountId, k.mode, k.at],
  );
  return rows[0];
}

/** Disables a webhook (a 410 from its receiver) and fails its other pending deliveries. */
export async function disableWebhook(db: Db, id: string, reason: string, at: Date): Promise<void> {
  await db.query(
    `WITH w AS (
       UPDATE webhooks SET disabled_at = COALESCE(disabled_at, $2), disabled_reason = COALESCE(disabled_reason, $3)
       WHERE id = $1 RETURNING id
     )
     UPDATE deliveries SET status = 'failed', last_error = 'webhook disabled: ' || $3,
       completed_at = $2, locked_until = NULL
     WHERE webhook_id IN (SELECT id FROM w) AND status = 'pending'`,
    [id, at, reason],
  );
}
