import { createAccount } from "../domain/accounts/create-account.ts";
import { renameAccount } from "../domain/accounts/display-name.ts";
import { listAccounts } from "../domain/accounts/list-accounts.ts";
import { CLI_ACTOR } from "../domain/audit/record-audit.ts";
import { badRequest } from "../domain/errors.ts";
import { issueToken, listTokens, revokeTokenById } from "../domain/tokens/manage-tokens.ts";
import { SCOPES, type Scope } from "../domain/tokens/scopes.ts";
import { createUser, resetPassword } from "../domain/users/users.ts";
import type { Clock, Random } from "../kernel/clock.ts";
import type { Db } from "../kernel/db.ts";
import type { Mode } from "../kernel/mode.ts";
import { UsageError } from "./failures.ts";
import { readNewPassword } from "./read-password.ts";

type Deps = { db: Db; clock: Clock; random: Random; scryptCost: number };
type Flags = {
  name?: string;
  "display-name"?: string;
  account?: string;
  label?: string;
  mode?: string;
  scopes?: string;
  email?: string;
  "password-stdin"?: boolean;
};
type Output = { json: unknown; text: string };
type Command = (deps: Deps, flags: Flags, args: string[]) => Promise<Output>;

const need = (value: string | undefined, flag: string): string => {
  if (!value) throw new UsageError(`--${flag} is required`);
  return value;
};

export const commands: Record<string, Command> = {
  async "account create"(deps, flags) {
    const name = need(flags.name, "name");
    const account = await createAccount(deps, {
      name,
      displayName: flags["display-name"] ?? name,
    });
    return { json: account, text: `created account ${account.id} (${account.name})` };
  },

  async "account rename"(deps, flags) {
    const account = await renameAccount(deps, {
      accountId: need(flags.account, "account"),
      displayName: need(flags["display-name"], "display-name"),
      actor: CLI_ACTOR,
    });
    return {
      json: account,
      text: `account ${account.id} is now shown to payers as "${account.display_name}"`,
    };
  },

  async "account list"(deps) {
    const accounts = await listAccounts(deps);
    return {
      json: { accounts },
      text:
        accounts
          .map(
            (a) => `${a.id}  ${a.name}${a.displayName ? `  (payers see: ${a.displayName})` : ""}`,
          )
          .join("\n") || "no accounts",
    };
  },

  async "token create"(deps, flags) {
    const mode = flags.mode ?? "test";
    if (mode !== "test" && mode !== "live") throw badRequest("--mode must be test or live");
    const accountId = need(flags.account, "account");
    const { token, view } = await issueToken(deps, {
      accountId,
      label: need(flags.label, "label"),
      mode: mode as Mode,
      scopes: flags.scopes === undefined ? undefined : parseScopes(flags.scopes),
      actor: CLI_ACTOR,
    });
    return {
      json: { ...view, token },
      text: `created ${view.mode} token ${view.id} for ${accountId}\n${token}\n(shown once: store it now)`,
    };
  },

  async "token list"(deps, flags) {
    const accountIds = flags.account
      ? [flags.account]
      : (await listAccounts(deps)).map((a) => a.id);
    const tokens = (
      await Promise.all(
        accountIds.map(async (accountId) =>
          (await listTokens(deps, { accountId })).tokens.map((t) => ({ accountId, ...t })),
        ),
      )
    ).flat();
    return {
      json: { tokens },
      text:
        tokens
          .map(
            (t) =>
              `${t.id}  ${t.accountId}  ${t.mode}  ${t.prefix}…  ${t.label}  ${t.scopes ? t.scopes.join(",") : "all scopes"}${t.revokedAt ? "  (revoked)" : ""}`,
          )
          .join("\n") || "no tokens",
    };
  },

  async "user create"(deps, flags) {
    const accountId = need(flags.account, "account");
    const email = need(flags.email, "email");
    const password = await readNewPassword(flags["password-stdin"] === true);
    const user = await createUser(deps, { accountId, email, password });
    return {
      json: { ...user, accountId },
      text: `created user ${user.id} (${user.email}) for ${accountId}; sign in at /dashboard/sign-in`,
    };
  },

  async "user reset-password"(deps, flags) {
    const email = need(flags.email, "email");
    const password = await readNewPassword(flags["password-stdin"] === true);
    const user = await resetPassword(deps, { email, password });
    return {
      json: user,
      text: `new password set for ${user.email}; every session of theirs was signed out`,
    };
  },

  async "token revoke"(deps, _flags, args) {
    const id = need(args[0], "token id (tostao token revoke ID)");
    const view = await revokeTokenById(deps, id, CLI_ACTOR);
    return { json: view, text: `revoked ${view.id} at ${view.revokedAt}` };
  },
};

/** `--scopes charges:read,charges:write` (commas or spaces), each a known scope. */
function parseScopes(text: string): Scope[] {
  const names = text.split(/[\s,]+/).filter(Boolean);
  const unknown = names.filter((n) => !(SCOPES as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0) {
    throw badRequest(`--scopes: ${unknown.join(", ") || "empty"}; known: ${SCOPES.join(", ")}`);
  }
  return names as Scope[];
}
