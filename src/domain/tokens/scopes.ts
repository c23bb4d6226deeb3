import { z } from "zod";
import type { Principal } from "../../kernel/mode.ts";
import { AppError } from "../errors.ts";

// What a key may do, by resource and verb. A key made without scopes holds every scope (null in
// the database), including any added later: keys made before scopes existed keep doing
// everything. Each operation names the one scope it needs in the operation table
// (src/operations/), which the HTTP guard checks through `requireScope` and the MCP tools
// through `missingScope` (mcp/access.ts), in the same words.

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
  "test_clock:read",
  "test_clock:write",
  "notifications:read",
  "notifications:write",
  "exports:read",
  "audit:read",
] as const;
export type Scope = (typeof SCOPES)[number];
export const ScopeSchema = z.enum(SCOPES);

/** The preset for e-commerce plugins and AI agents: create and read charges, nothing else. */
export const CHARGES_ONLY: readonly Scope[] = ["charges:read", "charges:write"];

/** Whether a caller holds a scope (a key without a list holds them all). */
export const holds = (p: Pick<Principal, "scopes">, scope: Scope): boolean =>
  !p.scopes || p.scopes.includes(scope);

/** Why a caller may not act for lack of `scope` (undefined: it may), in the words of the 403. */
export function missingScope(
  p: Pick<Principal, "scopes">,
  scope: Scope | undefined,
): string | undefined {
  if (!scope || holds(p, scope)) return undefined;
  return `scope: this API key lacks the ${scope} scope (it holds ${p.scopes?.join(", ") || "none"})`;
}

/** 403 naming the missing scope, the same words on REST, the bridge and /mcp. */
export function requireScope(p: Pick<Principal, "scopes">, scope: Scope | undefined): void {
  const missing = missingScope(p, scope);
  if (missing) throw new AppError("FORBIDDEN", missing);
}

/** Scopes sorted in the table's order, without repeats (how they are stored and shown). */
export const normalizeScopes = (scopes: readonly Scope[]): Scope[] =>
  SCOPES.filter((s) => scopes.includes(s));
