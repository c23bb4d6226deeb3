import * as q from "../../db/queries/users.ts";
import type { Db } from "../../kernel/db.ts";
import { type AuditActor, type AuditDeps, recordAudit } from "../audit/record-audit.ts";
import { forbidden, notFound, unprocessable } from "../errors.ts";
import { asRole, canManageRoles, type Role } from "./roles.ts";

// The members of an account and their roles (roles.ts): removing one and changing one's role.
// Only owners change roles or touch an owner, and an account always keeps one owner: the last
// one can be neither demoted nor removed (the owners' rows are locked while that is checked, so
// two owners demoting each other at once leave one). Each change is in the audit log.

/** Who acts: the signed-in member. */
export type Acting = { accountId: string; userId: string; role: Role };

const LAST_OWNER =
  "role: the account must keep at least one owner; make another member an owner first";

/** Removes another member of the account; their sessions end with them. */
export async function removeMember(
  deps: AuditDeps,
  who: Acting,
  id: string,
  actor: AuditActor,
): Promise<void> {
  if (id === who.userId) throw unprocessable("id: you cannot remove yourself; ask another user");
  await deps.db.transaction(async (db) => {
    const target = await memberOf(db, who, id);
    if (target.role === "owner") {
      if (!canManageRoles(who.role)) throw forbidden("role: only an owner can remove an owner");
      if ((await q.lockOwners(db, who.accountId)).length <= 1) throw unprocessable(LAST_OWNER);
    }
    await q.deleteUser(db, { accountId: who.accountId, id });
    await recordAudit(
      { ...deps, db },
      {
        accountId: who.accountId,
        actor,
        action: "member.removed",
        target: id,
        changes: { email: { before: target.email }, role: { before: target.role } },
      },
    );
  });
}

/** Gives a member another role (owners only); demoting the last owner is refused. */
export async function changeRole(
  deps: AuditDeps,
  who: Acting,
  input: { id: string; role: Role },
  actor: AuditActor,
): Promise<{ email: string; before: Role; after: Role }> {
  if (!canManageRoles(who.role)) throw forbidden("role: only an owner can change members' roles");
  return deps.db.transaction(async (db) => {
    const owners = await q.lockOwners(db, who.accountId);
    const target = await memberOf(db, who, input.id);
    const before = target.role;
    if (before === input.role) return { email: target.email, before, after: before };
    if (before === "owner" && owners.length <= 1) throw unprocessable(LAST_OWNER);
    await q.setRole(db, { accountId: who.accountId, id: input.id, role: input.role });
    await recordAudit(
      { ...deps, db },
      {
        accountId: who.accountId,
        actor,
        action: "member.role_changed",
        target: input.id,
        changes: { role: { before, after: input.role } },
      },
    );
    return { email: target.email, before, after: input.role };
  });
}

/** Whether `who` may invite someone as `role`: an owner only by an owner. */
export function checkInviteRole(who: Acting, role: Role): void {
  if (role === "owner" && !canManageRoles(who.role)) {
    throw forbidden("role: only an owner can invite an owner");
  }
}

async function memberOf(db: Db, who: Acting, id: string) {
  const row = await q.findUser(db, { accountId: who.accountId, id });
  if (!row) throw notFound(`id: user ${id} not found`);
  return { email: row.email, role: asRole(row.role) };
}
