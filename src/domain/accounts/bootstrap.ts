import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { issueToken } from "../tokens/manage-tokens.ts";
import { createUserLink } from "../users/user-links.ts";
import { createAccount } from "./create-account.ts";

const BOOTSTRAP_LOCK_ID = 7_261_042_002;

/** The first start's sandbox token's label (the dashboard shows it in the page's language). */
export const FIRST_START_TOKEN_LABEL = "Sandbox token (created at first start)";

/**
 * On an empty store, creates the default account, a sandbox token and the one-time link that
 * creates the dashboard's first user, and returns the token and the link's code (the only time
 * either is available). Instances starting together serialise on an advisory lock,
 * so exactly one of them creates it and the rest get undefined.
 */
export async function bootstrapIfEmpty(deps: {
  db: Db;
  clock: Clock;
  random: Random;
}): Promise<{ accountId: string; token: string; setupCode: string } | undefined> {
  return deps.db.transaction(async (db) => {
    await db.query("SELECT pg_advisory_xact_lock($1)", [BOOTSTRAP_LOCK_ID]);
    const [row] = await db.query<{ n: number }>("SELECT count(*) AS n FROM accounts");
    if ((row?.n ?? 0) > 0) return undefined;
    const account = await createAccount(
      { ...deps, db },
      // No display name yet: the setup page asks the merchant for it, so "Default account"
      // (the operator's label) never reaches a payer.
      { name: "Default account", displayName: null },
    );
    const { token } = await issueToken(
      { ...deps, db },
      { accountId: account.id, label: FIRST_START_TOKEN_LABEL, mode: "test" },
    );
    const { code } = await createUserLink(
      { ...deps, db },
      { kind: "setup", accountId: account.id },
    );
    return { accountId: account.id, token, setupCode: code };
  });
}
