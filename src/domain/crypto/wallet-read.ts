import { findWallet } from "../../db/queries/wallets.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { getWallet } from "./wallets.ts";

/**
 * The caller's wallet as GET /api/crypto/wallet shows it, or undefined when the mode has none
 * (live, before activation). In the sandbox, as there, a test wallet is made on first look.
 */
export async function findWalletView(
  deps: { db: Db; clock: Clock; random: Random; crypto: { testNetwork: "testnet" | "signet" } },
  who: Principal,
) {
  if (who.mode === "live" && !(await findWallet(deps.db, who))) return undefined;
  return getWallet(deps, who, deps.crypto.testNetwork);
}
