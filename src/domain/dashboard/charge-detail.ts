import { findCharge } from "../../db/queries/charges.ts";
import type { Principal } from "../../kernel/mode.ts";
import { expireIfOverdue } from "../charges/move-charge.ts";
import type { CryptoReadDeps } from "../crypto/read-crypto-charges.ts";
import { readCryptoCharge } from "../crypto/watch-chain.ts";
import { notFound } from "../errors.ts";

/**
 * One charge of the caller, PIX or Bitcoin, as a status read shows it: a Bitcoin charge with
 * the chain asked first (at most every few seconds), a PIX one expired if overdue (one read).
 */
export async function ownChargeNow(deps: CryptoReadDeps, who: Principal, id: string) {
  const row = await findCharge(deps.db, { accountId: who.accountId, mode: who.mode, id });
  if (!row) throw notFound(`charge_id: charge ${id} not found`);
  if (row.method === "crypto") return readCryptoCharge({ ...deps, ...deps.crypto }, row);
  return expireIfOverdue(deps, row);
}

/** Whether the account holds a charge of this id in the given mode (the other mode's hint). */
export async function chargeExists(
  deps: { db: CryptoReadDeps["db"] },
  who: Principal,
  id: string,
): Promise<boolean> {
  return (
    (await findCharge(deps.db, { accountId: who.accountId, mode: who.mode, id })) !== undefined
  );
}
