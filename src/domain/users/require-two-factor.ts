import * as q from "../../db/queries/accounts.ts";
import type { Db } from "../../kernel/db.ts";
import type { AuditActor, AuditDeps } from "../audit/record-audit.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { forbidden, notFound } from "../errors.ts";
import type { Acting } from "./members.ts";
import { canManageRoles } from "./roles.ts";

// "Require two factors": an owner's setting for the account. While it is on, a member without an
// authenticator app is sent to set one up (the Security page) before any other dashboard page
// opens (web/dashboard/session.ts reads it with the session). Turning it on or off is logged.

export async function requireTwoFactor(deps: { db: Db }, accountId: string): Promise<boolean> {
  return q.findRequireTwoFactor(deps.db, accountId);
}

export async function setRequireTwoFactor(
  deps: AuditDeps,
  who: Acting,
  on: boolean,
  actor: AuditActor,
): Promise<void> {
  if (!canManageRoles(who.role)) {
    throw forbidden("role: only an owner can require two factors for the account");
  }
  await deps.db.transaction(async (db) => {
    const before = await q.setRequireTwoFactor(db, { id: who.accountId, on });
    if (before === undefined) throw notFound(`account ${who.accountId} not found`);
    if (before === on) return;
    await recordAudit(
      { ...deps, db },
      {
        accountId: who.accountId,
        actor,
        action: "settings.changed",
        changes: { require_two_factor: { before, after: on } },
      },
    );
  });
}
