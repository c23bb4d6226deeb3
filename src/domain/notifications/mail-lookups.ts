import type { AccountRow } from "../../db/queries/accounts.ts";
import type { ChargeRow } from "../../db/queries/charges.ts";
import {
  findChargesByKeys,
  lookUpSenders,
  lookUpUnsubscribed,
  senderKey,
  unsubscribeKey,
} from "../../db/queries/notifications/mail-lookups.ts";
import type { ClaimedNotification } from "../../db/queries/notifications/queue.ts";
import type { Db } from "../../kernel/db.ts";
import { isReminder } from "./kinds.ts";

// The facts every mail of a claimed batch is prepared from (mail-context-of.ts), read for the
// batch in three statements at most (its senders, its charges, its reminders' unsubscribes)
// instead of five per mail. They are read when the batch is claimed, a few milliseconds before
// each mail is prepared: what the mail would have read itself, as fresh as a read at its own
// moment could be under concurrent writes. A batch whose lookups fail goes without them, and
// each mail reads its own facts as before, so a lookup's error never holds a claim.

export type MailLookups = {
  account: AccountRow | undefined;
  settings: unknown;
  /** The account's test clock's lead for the mail's mode (0 in live mode: lookUpSenders). */
  clockMs: number;
  /** Reminders only; false for other kinds, which never ask. */
  unsubscribed: boolean;
  /** The mail's charge in its account and mode; undefined when it has none or it is gone. */
  charge: ChargeRow | undefined;
};

export type ClaimedMail = ClaimedNotification & { lookups?: MailLookups };

export async function withMailLookups(
  db: Db,
  batch: readonly ClaimedNotification[],
  onError: (err: unknown) => void,
): Promise<ClaimedMail[]> {
  if (batch.length === 0) return [];
  try {
    const senders = new Map(batch.map((n) => [senderKey(n), n] as const));
    const withCharge = batch.filter((n) => n.chargeId !== null);
    const reminders = batch.filter((n) => isReminder(n.kind));
    const [facts, charges, unsubscribed] = await Promise.all([
      lookUpSenders(db, [...senders.values()]),
      findChargesByKeys(
        db,
        withCharge.map((n) => ({ accountId: n.accountId, mode: n.mode, id: n.chargeId as string })),
      ),
      lookUpUnsubscribed(
        db,
        reminders.map((n) => ({ accountId: n.accountId, mode: n.mode, address: n.recipient })),
      ),
    ]);
    const chargeOf = new Map(charges.map((c) => [`${senderKey(c)}\u0000${c.id}`, c]));
    return batch.map((n) => {
      const f = facts.get(senderKey(n));
      if (!f) return n;
      const lookups: MailLookups = {
        account: f.account,
        settings: f.settings,
        clockMs: f.clockMs,
        unsubscribed: unsubscribed.has(
          unsubscribeKey({ accountId: n.accountId, mode: n.mode, address: n.recipient }),
        ),
        charge: n.chargeId ? chargeOf.get(`${senderKey(n)}\u0000${n.chargeId}`) : undefined,
      };
      return { ...n, lookups };
    });
  } catch (err) {
    onError(err);
    return [...batch];
  }
}
