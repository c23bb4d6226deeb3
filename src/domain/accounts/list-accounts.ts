import { type AccountRow, listAccounts as queryAccounts } from "../../db/queries/accounts.ts";
import type { Db } from "../../kernel/db.ts";

/** Every account, oldest first (the operator's CLI). */
export function listAccounts(deps: { db: Db }): Promise<AccountRow[]> {
  return queryAccounts(deps.db);
}
