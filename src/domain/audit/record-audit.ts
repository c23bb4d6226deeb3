import { appendEntry, lockChainHead } from "../../db/queries/audit-log.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import type { EventPayloadDeps } from "../event-payload.ts";
import { newId } from "../ids.ts";
import type { AuditAction } from "./actions.ts";
import { entryHash, GENESIS_HASH, type Json } from "./audit-hash.ts";
import { raiseSecurityAlert } from "./security-alert.ts";

// Appending to an account's audit log. Call it with the transaction that makes the change, so
// the entry exists exactly when the change does. The chain head's row lock serialises appends
// per account: two concurrent appends queue on it, each links to the other's hash, and the chain
// never forks (test/domain/audit-chain.test.ts runs them concurrently on PostgreSQL).

/** Who acted, and from where: handed explicitly from the front door to the use case. */
export type AuditActor = {
  kind: "user" | "key" | "system";
  /** The user's e-mail, the key's id, or the system's part ("cli"). */
  id: string;
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
};

/** A field's value before and after the change; a secret field is never named here. */
export type AuditChanges = Record<string, { before?: Json; after?: Json }>;

export type AuditEntry = {
  accountId: string;
  /** The mode the action concerned; absent for the account as a whole. */
  mode?: Mode | null | undefined;
  actor: AuditActor;
  action: AuditAction;
  target?: string | null | undefined;
  changes?: AuditChanges | null | undefined;
};

export type AuditDeps = { db: Db; clock: Clock; random: Random } & EventPayloadDeps;

/** The operator's CLI, for changes made from the command line. */
export const CLI_ACTOR: AuditActor = { kind: "system", id: "cli" };

// A developer's slip, refused loudly: a secret's name in `changes` would write its value into a
// log kept for 400 days and shown on the dashboard.
const SECRET_NAME = /secret|password|passphrase|private|macaroon|token_value|cookie/i;

/** Whether a user agent is worth keeping at all, cut to a bounded length. */
const clip = (v: string | null | undefined, n: number): string | null => (v ? v.slice(0, n) : null);

export async function recordAudit(deps: AuditDeps, entry: AuditEntry): Promise<void> {
  const changes = entry.changes ?? null;
  for (const name of Object.keys(changes ?? {})) {
    if (SECRET_NAME.test(name)) throw new Error(`audit: ${name} looks like a secret; never log it`);
  }
  await deps.db.transaction(async (db) => {
    const head = await lockChainHead(db, entry.accountId, GENESIS_HASH);
    const fields = {
      accountId: entry.accountId,
      seq: head.seq + 1,
      id: newId("aud", deps),
      at: deps.clock.now(),
      mode: entry.mode ?? null,
      actorKind: entry.actor.kind,
      actor: entry.actor.id.slice(0, 320),
      ip: clip(entry.actor.ip, 64),
      userAgent: clip(entry.actor.userAgent, 300),
      action: entry.action,
      target: entry.target ?? null,
      changes: changes as Json | null,
      prevHash: head.hash,
    };
    const row = { ...fields, hash: entryHash(fields) };
    await appendEntry(db, row);
    // A money-routing change or a new key: its alert, in this same transaction.
    await raiseSecurityAlert(deps, db, row);
  });
}
