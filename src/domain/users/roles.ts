import { z } from "zod";
import { SCOPES, type Scope } from "../tokens/scopes.ts";

// What a member of the account may do in the dashboard, in the words of the API keys' scopes
// (domain/tokens/scopes.ts): the dashboard checks a page's or a form's scope against the
// member's role through the same `holds`, so the dashboard and the API refuse the same things.
// docs/security.md ("Roles") prints this table; test/users/roles.test.ts pins it.

export const ROLES = ["owner", "admin", "developer", "finance", "viewer"] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

const READS = SCOPES.filter((s) => s.endsWith(":read"));

/**
 * Each role's scopes; the owner's is null: every scope, including any added later (as a key
 * made without a list). Members' roles are the owners' alone (`canManageRoles`), not a scope.
 */
export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[] | null>> = {
  owner: null,
  // Everything but where money goes: the wallet, the PIX provider and the Lightning node.
  admin: SCOPES.filter((s) => s !== "wallet:write" && s !== "provider:write"),
  developer: [
    "charges:read",
    "products:read",
    "subscriptions:read",
    "events:read",
    "webhooks:read",
    "webhooks:write",
    "tokens:read",
    "tokens:write",
    "test_clock:read",
    "test_clock:write",
    "notifications:read",
    "account:read",
  ],
  // Charges and refunds (charges:write), exports, and every setting to read.
  finance: [
    ...READS.filter((s) => s !== "test_clock:read"),
    "charges:write",
    "subscriptions:write",
  ],
  // Everything to read but the exports (the whole ledger in a file) and the audit log.
  viewer: READS.filter((s) => s !== "exports:read" && s !== "audit:read"),
};

/** The scopes a member of `role` holds, in the table's order (null: every scope). */
export function roleScopes(role: Role): Scope[] | null {
  const scopes = ROLE_SCOPES[role];
  return scopes ? SCOPES.filter((s) => scopes.includes(s)) : null;
}

/** Only owners change members' roles, invite an owner or remove one. */
export const canManageRoles = (role: Role): boolean => role === "owner";

/** A role as stored, checked: an unknown one (never written: the CHECK) holds nothing. */
export const asRole = (value: string): Role =>
  (ROLES as readonly string[]).includes(value) ? (value as Role) : "viewer";
