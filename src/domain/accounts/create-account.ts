import { type AccountRow, insertAccount } from "../../db/queries/accounts.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import { checkDisplayName } from "./display-name.ts";

export type AccountDeps = { db: Db; clock: Clock; random: Random };

export async function createAccount(
  deps: AccountDeps,
  input: { name: string; displayName?: string | null },
): Promise<AccountRow> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) {
    throw unprocessable("name: must be 1 to 200 characters");
  }
  return insertAccount(deps.db, {
    id: newId("acct", deps),
    name,
    // The operator's name is what payers see until the merchant chooses another, unless the
    // caller says there is none yet (the first start's "Default account").
    displayName:
      input.displayName === undefined
        ? name
        : input.displayName && checkDisplayName(input.displayName),
    createdAt: deps.clock.now(),
  });
}
