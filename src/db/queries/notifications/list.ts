import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";

// The outbox as the API and the failure event show it: an account's mails in one mode, newest
// first. A charge's or a subscription's mails are read through their own partial indexes
// (migration 0028), the account's latest through notifications_by_owner; the owner is in every
// WHERE, so a charge id of another account finds nothing.

export type NotificationRow = {
  id: string;
  kind: string;
  recipient: string;
  subject: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  chargeId: string | null;
  subscriptionId: string | null;
  scheduledFor: Date;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
};

const COLUMNS = `id, kind, recipient, subject, status, attempts, last_error AS "lastError",
  charge_id AS "chargeId", subscription_id AS "subscriptionId", scheduled_for AS "scheduledFor",
  created_at AS "createdAt", updated_at AS "updatedAt", sent_at AS "sentAt"`;

export function listNotificationRows(
  db: Db,
  k: {
    accountId: string;
    mode: Mode;
    chargeId?: string;
    subscriptionId?: string;
    status?: string;
    kind?: string;
    limit: number;
    offset: number;
  },
): Promise<NotificationRow[]> {
  // Only the filters given are written into the text (at most 16 texts), so the planner sees
  // `charge_id = $n` and takes that index, instead of a generic plan over "$n IS NULL OR ...".
  const params: unknown[] = [k.accountId, k.mode, k.limit, k.offset];
  // Payer mail only: an owner's security alert (kind security_alert) is told by the audit log.
  const where = ["account_id = $1", "mode = $2", "kind <> 'security_alert'"];
  const filters: Array<[string, string | undefined]> = [
    ["charge_id", k.chargeId],
    ["subscription_id", k.subscriptionId],
    ["status", k.status],
    ["kind", k.kind],
  ];
  for (const [column, value] of filters) {
    if (value === undefined) continue;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  return db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications WHERE ${where.join(" AND ")}
     ORDER BY seq DESC LIMIT $3 OFFSET $4`,
    params,
  );
}

/** Notifications by id (any owner: the worker's failure hook names them by id alone). */
export function notificationsByIds(
  db: Db,
  ids: readonly string[],
): Promise<Array<NotificationRow & { accountId: string; mode: Mode }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query(
    `SELECT ${COLUMNS}, account_id AS "accountId", mode FROM notifications
     WHERE id = ANY ($1::text[]) ORDER BY seq`,
    [ids],
  );
}

/** One notification of an owner by its dedupe key (a resend's new row). */
export async function notificationByKey(
  db: Db,
  k: { accountId: string; mode: Mode; dedupeKey: string },
): Promise<NotificationRow | undefined> {
  const rows = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications WHERE account_id = $1 AND mode = $2 AND dedupe_key = $3`,
    [k.accountId, k.mode, k.dedupeKey],
  );
  return rows[0];
}
