import { z } from "zod";
import type { Principal } from "../../kernel/mode.ts";
import { AppError } from "../errors.ts";

// What a key may do, by resource and verb. A key made without scopes holds every scope (null in
// the database), including any added later: keys made before scopes existed keep doing
// everything. Each operation names the one scope it needs in the operation table
// (src/operations/), which the HTTP guard and the MCP tools both check through `requireScope`.

export const SCOPES = [
  "charges:read",
  "charges:write",
  "products:read",
  "products:write",
  "webhooks:read",
  "webhooks:write",
  "events:read",
  "tokens:read",
  "tokens:write",
  "wallet:read",
  "wallet:write",
  "provider:read",
  "provider:write",
  "account:read",
  "account:write",
  "subscriptions:read",
  "subscriptions:write",
] as const;
export type Scope = (typeof SCOPES)[number];
export const ScopeSchema = z.enum(SCOPES);

/** The preset for e-commerce plugins and AI agents: create and read charges, nothing else. */
export const CHARGES_ONLY: readonly Scope[] = ["charges:read", "charges:write"];

/** Whether a caller holds a scope (a key without a list holds them all). */
export const holds = (p: Pick<Principal, "scopes">, scope: Scope): boolean =>
  !p.scopes || p.scopes.includes(scope);

/** 403 naming the missing scope, the same words on REST, the bridge and /mcp. */
export function requireScope(p: Pick<Principal, "scopes">, scope: Scope | undefined): void {
  if (!scope || holds(p, scope)) return;
  throw new AppError(
    "FORBIDDEN",
    `scope: this API key lacks the ${scope} scope (it holds ${p.scopes?.join(", ") || "none"})`,
  );
}

/** Scopes sorted in the table's order, without repeats (how they are stored and shown). */
export const normalizeScopes = (scopes: readonly Scope[]): Scope[] =>
  SCOPES.filter((s) => scopes.includes(s));
