import * as q from "../../db/queries/user-links.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { renameAccount } from "../accounts/display-name.ts";
import { type AuditActor, recordAudit } from "../audit/record-audit.ts";
import { unprocessable } from "../errors.ts";
import { sha256Hex } from "../sha256.ts";
import { asRole, type Role } from "./roles.ts";
import { createUser, type UserDeps, type UserView } from "./users.ts";

// One-time links to create a user: the setup link printed at the first start (the first user of
// the default account) and invitations made by a user of an account. The code is 32 random bytes
// shown once in the link; only its hash is stored. A link works once, for 24 hours.

export const LINK_LIFETIME_MS = 24 * 3_600_000;

export type LinkKind = q.UserLinkKind;

export async function createUserLink(
  deps: { db: Db; clock: Clock; random: Random },
  input: {
    kind: LinkKind;
    accountId: string;
    createdBy?: string;
    actor?: AuditActor;
    /** The role an invitation gives (the setup link's user is the owner). */
    role?: Role;
  },
): Promise<{ code: string; expiresAt: Date }> {
  const code = deps.random.bytes(32).toString("base64url");
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
  await q.insertUserLink(deps.db, {
    codeHash: sha256Hex(code),
    kind: input.kind,
    accountId: input.accountId,
    createdBy: input.createdBy ?? null,
    createdAt: now,
    expiresAt,
    usedAt: null,
    role: input.kind === "invite" ? (input.role ?? "viewer") : null,
  });
  // An invitation is a member on the way: logged with who made it (the code never).
  if (input.kind === "invite") {
    await recordAudit(deps, {
      accountId: input.accountId,
      actor: input.actor ?? { kind: "system", id: "operator" },
      action: "member.invited",
      target: input.createdBy ?? null,
      changes: {
        expires_at: { after: expiresAt.toISOString() },
        role: { after: input.role ?? "viewer" },
      },
    });
  }
  return { code, expiresAt };
}

/** The link's kind and account while it still works; undefined when unknown, used or expired. */
export async function usableLink(
  deps: { db: Db; clock: Clock },
  code: string,
): Promise<{ kind: LinkKind; accountId: string; role: Role } | undefined> {
  if (!code || code.length > 100) return undefined;
  const row = await q.findUsableLink(deps.db, { codeHash: sha256Hex(code), now: deps.clock.now() });
  // The setup link, and an invitation made before roles existed (when everyone could do
  // everything), give an owner.
  return row
    ? { kind: row.kind, accountId: row.accountId, role: row.role ? asRole(row.role) : "owner" }
    : undefined;
}

/**
 * Creates the user a link was made for and uses the link up, in one transaction: two people
 * opening the same link cannot both get a user. The setup link also names the account for its
 * payers (`displayName`, required for it), in the same transaction.
 */
export async function acceptUserLink(
  deps: UserDeps,
  input: {
    code: string;
    email: string;
    password: string;
    displayName?: string;
    ip?: string;
    userAgent?: string | undefined;
  },
): Promise<UserView & { accountId: string }> {
  return deps.db.transaction(async (db) => {
    const link = await usableLink({ ...deps, db }, input.code);
    if (
      !link ||
      !(await q.useLink(db, { codeHash: sha256Hex(input.code), now: deps.clock.now() }))
    ) {
      throw unprocessable("code: this link is unknown, used or expired; ask for a new one");
    }
    const actor: AuditActor = {
      kind: "user",
      id: input.email.trim().toLowerCase(),
      ip: input.ip,
      userAgent: input.userAgent,
    };
    if (link.kind === "setup") {
      await renameAccount(
        { ...deps, db },
        { accountId: link.accountId, displayName: input.displayName ?? "", actor },
      );
    }
    const { displayName: _name, ip: _ip, userAgent: _ua, ...user0 } = input;
    const user = await createUser(
      { ...deps, db },
      { ...user0, accountId: link.accountId, role: link.role },
    );
    await recordAudit(
      { ...deps, db },
      {
        accountId: link.accountId,
        actor,
        action: "member.joined",
        target: user.id,
        changes: {
          email: { after: user.email },
          link: { after: link.kind },
          role: { after: user.role },
        },
      },
    );
    return { ...user, accountId: link.accountId };
  });
}

export async function openInvites(
  deps: { db: Db; clock: Clock },
  accountId: string,
): Promise<Array<{ createdAt: Date; expiresAt: Date; role: string | null }>> {
  return q.listOpenInvites(deps.db, { accountId, now: deps.clock.now() });
}
