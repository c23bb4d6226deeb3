import type { Db } from "../../db/db.ts";
import type { Clock, Random } from "../deps.ts";
import { issueToken } from "../tokens/manage-tokens.ts";
import { createAccount } from "./create-account.ts";

const BOOTSTRAP_LOCK_ID = 7_261_042_002;

/**
 * On an empty store, creates the default account and a sandbox token, and returns the token
 * (the only time it is available). Instances starting together serialise on an advisory lock,
 * so exactly one of them creates it and the rest get undefined.
 */
export async function bootstrapIfEmpty(deps: {
  db: Db;
  clock: Clock;
  random: Random;
}): Promise<{ accountId: string; token: string } | undefined> {
  return deps.db.transaction(async (db) => {
    await db.query("SELECT pg_advisory_xact_lock($1)", [BOOTSTRAP_LOCK_ID]);
    const [row] = await db.query<{ n: number }>("SELECT count(*) AS n FROM accounts");
    if ((row?.n ?? 0) > 0) return undefined;
    const account = await createAccount({ ...deps, db }, { name: "Default account" });
    const { token } = await issueToken(
      { ...deps, db },
      { accountId: account.id, label: "Sandbox token (created at first start)", mode: "test" },
    );
    return { accountId: account.id, token };
  });
}
