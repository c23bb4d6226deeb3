import type { Db } from "../../../kernel/db.ts";
import type { Mode } from "../../../kernel/mode.ts";
import type { AccountRow } from "../accounts.ts";
import { type ChargeRow, chargeColumns } from "../charges.ts";

// What a claimed batch of mails is prepared from, read for the whole batch at once
// (domain/notifications/mail-lookups.ts): one statement for the senders (the account, its mail
// settings for the mode, its test clock), one for the charges and one for the reminders'
// unsubscribes, where one per
// mail and kind of fact made five statements per mail, each its own round trip and commit
// (issue 39: most of a sandbox bill's cost on the database was those, not their execution).

export type Sender = { accountId: string; mode: Mode };
export type SenderFacts = {
  account: AccountRow | undefined;
  /** The stored settings (domain/notifications/settings.ts reads them), or null. */
  settings: unknown;
  /** How far the account's test clock runs ahead (0 in live mode, or never moved). */
  clockMs: number;
};

/** Each sender's facts, keyed by `senderKey`; every distinct sender of the batch is answered. */
export async function lookUpSenders(
  db: Db,
  senders: readonly Sender[],
): Promise<Map<string, SenderFacts>> {
  const out = new Map<string, SenderFacts>();
  if (senders.length === 0) return out;
  const rows = await db.query<{
    accountId: string;
    mode: Mode;
    id: string | null;
    name: string | null;
    displayName: string | null;
    createdAt: Date | null;
    settings: unknown;
    clockMs: string | number | null;
  }>(
    `SELECT k.account_id AS "accountId", k.mode, a.id, a.name, a.display_name AS "displayName",
       a.created_at AS "createdAt", s.settings,
       CASE WHEN k.mode = 'test' THEN c.advanced_ms END AS "clockMs"
     FROM unnest($1::text[], $2::text[]) AS k(account_id, mode)
     LEFT JOIN accounts a ON a.id = k.account_id
     LEFT JOIN notification_settings s ON s.account_id = k.account_id AND s.mode = k.mode
     LEFT JOIN test_clocks c ON c.account_id = k.account_id`,
    [senders.map((s) => s.accountId), senders.map((s) => s.mode)],
  );
  for (const r of rows) {
    out.set(senderKey(r), {
      account:
        r.id === null
          ? undefined
          : {
              id: r.id,
              name: r.name as string,
              displayName: r.displayName,
              createdAt: r.createdAt as Date,
            },
      settings: r.settings ?? null,
      clockMs: Number(r.clockMs ?? 0),
    });
  }
  return out;
}

export const senderKey = (s: Sender): string => `${s.accountId}\u0000${s.mode}`;
/** The asked address as given: the database lowers it, so no second lowering can disagree. */
export const unsubscribeKey = (s: Sender & { address: string }): string =>
  `${s.accountId}\u0000${s.mode}\u0000${s.address}`;

/** Which of these addresses unsubscribed from their account's reminders in their mode. */
export async function lookUpUnsubscribed(
  db: Db,
  asked: readonly (Sender & { address: string })[],
): Promise<Set<string>> {
  if (asked.length === 0) return new Set();
  const rows = await db.query<{ accountId: string; mode: Mode; address: string }>(
    `SELECT k.account_id AS "accountId", k.mode, k.address
     FROM unnest($1::text[], $2::text[], $3::text[]) AS k(account_id, mode, address)
     JOIN mail_unsubscribes u
       ON u.account_id = k.account_id AND u.mode = k.mode AND u.address = lower(k.address)`,
    [asked.map((a) => a.accountId), asked.map((a) => a.mode), asked.map((a) => a.address)],
  );
  return new Set(rows.map(unsubscribeKey));
}

/**
 * Charges by id, each only in the account and mode its key names (a key naming another's charge
 * finds nothing): the mail worker's batch of mails reads its charges in one statement.
 */
export function findChargesByKeys(
  db: Db,
  keys: readonly { accountId: string; mode: Mode; id: string }[],
): Promise<ChargeRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.query<ChargeRow>(
    `SELECT ${chargeColumns("c.")}
     FROM charges c
     JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(id, account_id, mode)
       ON k.id = c.id AND k.account_id = c.account_id AND k.mode = c.mode
     WHERE c.id = ANY ($1::text[])`,
    [keys.map((k) => k.id), keys.map((k) => k.accountId), keys.map((k) => k.mode)],
  );
}
