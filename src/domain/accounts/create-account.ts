import type { Db } from "../../db/db.ts";
import { type AccountRow, insertAccount } from "../../db/queries/accounts.ts";
import type { Clock, Random } from "../deps.ts";
import { unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";

export type AccountDeps = { db: Db; clock: Clock; random: Random };

export async function createAccount(
  deps: AccountDeps,
  input: { name: string },
): Promise<AccountRow> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) {
    throw unprocessable("name: must be 1 to 200 characters");
  }
  return insertAccount(deps.db, { id: newId("acct", deps), name, createdAt: deps.clock.now() });
}
