import * as q from "../../db/queries/first-start.ts";
import { countUsers } from "../../db/queries/users.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { createAccount } from "../accounts/create-account.ts";
import type { AuditActor } from "../audit/record-audit.ts";
import { issueToken } from "../tokens/manage-tokens.ts";
import { createUserLink } from "../users/user-links.ts";

/** The service's own first start, as the audit log names it. */
const FIRST_START: AuditActor = { kind: "system", id: "first-start" };

/** The first start's sandbox token's label (the dashboard shows it in the page's language). */
export const FIRST_START_TOKEN_LABEL = "Sandbox token (created at first start)";

/**
 * On an empty store, creates the default account, a sandbox token and the one-time link that
 * creates the dashboard's first user, and returns the token and the link's code (the only time
 * either is available). Instances starting together serialise on an advisory lock,
 * so exactly one of them creates it and the rest get undefined.
 */
export async function bootstrapIfEmpty(
  deps: { db: Db; clock: Clock; random: Random },
  opts: { reissueUnseen?: boolean } = {},
): Promise<FirstStart | undefined> {
  return deps.db.transaction(async (db) => {
    await q.lockFirstStart(db);
    if ((await q.countAccounts(db)) > 0) {
      return opts.reissueUnseen ? reissueUnseen({ ...deps, db }) : undefined;
    }
    const account = await createAccount(
      { ...deps, db },
      // No display name yet: the setup page asks the merchant for it, so "Default account"
      // (the operator's label) never reaches a payer.
      { name: "Default account", displayName: null },
    );
    const { token } = await issueToken(
      { ...deps, db },
      { accountId: account.id, label: FIRST_START_TOKEN_LABEL, mode: "test", actor: FIRST_START },
    );
    const { code } = await createUserLink(
      { ...deps, db },
      { kind: "setup", accountId: account.id },
    );
    await q.setFirstStartUnseen(db, account.id, true);
    return { accountId: account.id, token, setupCode: code };
  });
}

/** What a start printed for the user: the sandbox token and, while no user exists, the setup link. */
export type FirstStart = { accountId: string; token: string; setupCode: string | undefined };

/**
 * A store whose first-start pair was made but never printed (the start died before printing):
 * the pair is revoked (unseen, so unused) and a fresh one made, for this start to print. Only
 * for the embedded store, which one process holds at a time (db/data-dir-lock.ts): on
 * PostgreSQL a second instance starting while the first is still printing would revoke the
 * token just shown, so there the CLI makes a token (`tostao token create`) instead.
 */
async function reissueUnseen(deps: {
  db: Db;
  clock: Clock;
  random: Random;
}): Promise<FirstStart | undefined> {
  const accountId = await q.unseenFirstStartAccount(deps.db);
  if (!accountId) return undefined;
  await q.revokeUnseenPair(deps.db, {
    accountId,
    tokenLabel: FIRST_START_TOKEN_LABEL,
    at: deps.clock.now(),
  });
  const { token } = await issueToken(deps, {
    accountId,
    label: FIRST_START_TOKEN_LABEL,
    mode: "test",
    actor: FIRST_START,
  });
  const setupCode =
    (await countUsers(deps.db, accountId)) === 0
      ? (await createUserLink(deps, { kind: "setup", accountId })).code
      : undefined;
  return { accountId, token, setupCode };
}

/** The first-start pair was printed: a later start has nothing to show again. */
export async function firstStartShown(db: Db, accountId: string): Promise<void> {
  await q.setFirstStartUnseen(db, accountId, false);
}
