import {
  type Dispute,
  disputesOf,
  listUnmatched,
  type UnmatchedPayment,
} from "../../db/queries/live-pix-records.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";

// What the dashboard shows of live PIX money beyond a charge's row: the MED disputes on a
// charge's payment and the account's unmatched payments. Live mode only: test mode has none.

export function chargeDisputes(deps: { db: Db }, who: Principal, chargeId: string) {
  if (who.mode !== "live") return Promise.resolve([] as Dispute[]);
  return disputesOf(deps.db, { accountId: who.accountId, chargeId });
}

export function unmatchedPayments(deps: { db: Db }, who: Principal, limit = 200) {
  if (who.mode !== "live") return Promise.resolve([] as UnmatchedPayment[]);
  return listUnmatched(deps.db, { accountId: who.accountId, limit });
}
