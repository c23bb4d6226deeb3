import { lockAccount } from "../../db/queries/accounts.ts";
import * as q from "../../db/queries/tokens.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { MODES, type Mode } from "../../kernel/mode.ts";
import { type AuditActor, recordAudit } from "../audit/record-audit.ts";
import { forbidden, notFound, unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import { pageOf } from "../list-limit.ts";
import type { TokenView } from "./schemas.ts";
import { normalizeScopes, type Scope } from "./scopes.ts";
import { generateToken, hashToken, tokenPrefix } from "./token-format.ts";

export type TokenDeps = { db: Db; clock: Clock; random: Random };

export const MAX_ACTIVE_TOKENS = 100;

const OPERATOR: AuditActor = { kind: "system", id: "operator" };

// A test token sees and manages test tokens only: it is the kind handed to assistants and
// sandboxes, and must not be able to read or revoke the live keys. A live token manages both.
export const visibleModes = (callerMode: Mode): Mode[] =>
  callerMode === "live" ? [...MODES] : ["test"];

/**
 * The scopes a new token gets: those asked for, each held by the caller (no escalation), or
 * without a list the caller's own (every scope, null, for a caller that holds them all).
 */
export function grantedScopes(
  asked: readonly Scope[] | undefined,
  callerScopes: readonly string[] | null | undefined,
): Scope[] | null {
  if (!asked) return callerScopes ? normalizeScopes(callerScopes as Scope[]) : null;
  const missing = callerScopes ? asked.filter((s) => !callerScopes.includes(s)) : [];
  if (missing.length > 0) {
    throw forbidden(
      `scopes: this API key cannot grant ${missing.join(", ")}, which it does not hold itself`,
    );
  }
  return normalizeScopes(asked);
}

/**
 * Issues a token and returns its value: the only moment the value exists outside the caller.
 * `callerMode` and `callerScopes` are those of the token making the request (undefined from the
 * CLI and the dashboard, which act as the operator and may issue any kind): a token never makes
 * one of a higher mode or with a scope it does not hold.
 */
export async function issueToken(
  deps: TokenDeps,
  input: {
    accountId: string;
    label: string;
    mode: Mode;
    callerMode?: Mode;
    scopes?: readonly Scope[] | undefined;
    callerScopes?: readonly string[] | null;
    /** Who asked, for the audit log (key.created); absent: the operator (scripts and tests). */
    actor?: AuditActor;
  },
): Promise<{ token: string; view: TokenView }> {
  if (input.callerMode === "test" && input.mode === "live") {
    throw forbidden("mode: a test token cannot create a live token; use a live token");
  }
  const scopes = grantedScopes(input.scopes, input.callerScopes);
  return deps.db.transaction(async (db) => {
    // The account row is locked so that concurrent issues cannot both pass the count check.
    if (!(await lockAccount(db, input.accountId))) {
      throw notFound(`account ${input.accountId} not found`);
    }
    if ((await q.countActiveTokens(db, input.accountId)) >= MAX_ACTIVE_TOKENS) {
      throw unprocessable(
        `tokens: an account may have at most ${MAX_ACTIVE_TOKENS} active tokens; revoke one first`,
      );
    }
    const token = generateToken(input.mode, deps.random);
    const row = await q.insertToken(db, {
      id: newId("tok", deps),
      accountId: input.accountId,
      mode: input.mode,
      label: input.label,
      tokenHash: hashToken(token),
      prefix: tokenPrefix(token),
      scopes,
      createdAt: deps.clock.now(),
    });
    // The entry names the key and what it may do; its value never reaches the log.
    await recordAudit(
      { ...deps, db },
      {
        accountId: input.accountId,
        mode: input.mode,
        actor: input.actor ?? OPERATOR,
        action: "key.created",
        target: row.id,
        changes: {
          label: { after: row.label },
          mode: { after: row.mode },
          scopes: { after: row.scopes },
          prefix: { after: row.prefix },
        },
      },
    );
    return { token, view: toView(row) };
  });
}

/** The account's tokens visible to the caller, newest first, a page at a time. */
export async function listTokens(
  deps: { db: Db },
  input: { accountId: string; callerMode?: Mode; limit?: number; offset?: number },
): Promise<{ tokens: TokenView[]; hasMore: boolean }> {
  const modes: Mode[] = input.callerMode ? visibleModes(input.callerMode) : [...MODES];
  const limit = input.limit ?? 1000;
  const rows = await q.listTokens(deps.db, input.accountId, modes, {
    limit: limit + 1,
    offset: input.offset ?? 0,
  });
  const page = pageOf(rows, limit);
  return { tokens: page.items.map(toView), hasMore: page.hasMore };
}

export async function revokeToken(
  deps: TokenDeps,
  input: { accountId: string; id: string; callerMode?: Mode; onlyMode?: Mode; actor: AuditActor },
): Promise<TokenView> {
  // The dashboard revokes only a key of the mode on screen (onlyMode): a test view's form
  // cannot reach a live key by its id.
  const modes: Mode[] = input.onlyMode
    ? [input.onlyMode]
    : input.callerMode
      ? visibleModes(input.callerMode)
      : [...MODES];
  const { onlyMode: _only, actor, ...rest } = input;
  return deps.db.transaction(async (db) => {
    const row = await q.revokeToken(db, { ...rest, modes, at: deps.clock.now() });
    if (!row) throw notFound(`id: token ${input.id} not found`);
    await recordAudit(
      { ...deps, db },
      {
        accountId: input.accountId,
        mode: row.mode,
        actor,
        action: "key.revoked",
        target: row.id,
        changes: {
          label: { after: row.label },
          revoked_at: { after: row.revokedAt?.toISOString() ?? null },
        },
      },
    );
    return toView(row);
  });
}

/** Revokes a token of whichever account holds it: the operator's CLI knows a token by its id alone. */
export async function revokeTokenById(
  deps: TokenDeps,
  id: string,
  actor: AuditActor,
): Promise<TokenView> {
  const accountId = await q.findTokenAccount(deps.db, id);
  if (!accountId) throw notFound(`token ${id} not found`);
  return revokeToken(deps, { accountId, id, actor });
}

function toView(r: q.TokenRow): TokenView {
  return {
    id: r.id,
    label: r.label,
    mode: r.mode,
    scopes: r.scopes as Scope[] | null,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}
