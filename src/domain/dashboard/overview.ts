import { listFailingDeliveries } from "../../db/queries/deliveries/list-charge-deliveries.ts";
import { findConnection } from "../../db/queries/psp-connections.ts";
import { listTokens } from "../../db/queries/tokens.ts";
import { findWallet } from "../../db/queries/wallets.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";

// The dashboard's home: the deliveries that are failing, and what the account still lacks to
// take live payments.

/** Deliveries of the last 7 days that failed or are being retried, newest first. */
export async function failingDeliveries(deps: { db: Db; clock: Clock }, who: Principal, limit = 5) {
  const since = new Date(deps.clock.now().getTime() - 7 * 24 * 3_600_000);
  const rows = await listFailingDeliveries(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    since,
    limit,
  });
  return rows.map((r) => ({
    id: r.id,
    webhookId: r.webhookId,
    url: r.url,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    // When a delivery being retried is tried next (null once it has failed for good).
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export type GoLive = { liveKey: boolean; pixProvider: boolean; wallet: boolean };

/** What the account has of what live payments need: a live key, a PSP for PIX, a wallet. */
export async function goLiveChecklist(deps: { db: Db }, accountId: string): Promise<GoLive> {
  const [tokens, wallet, psp] = await Promise.all([
    listTokens(deps.db, accountId, ["live"]),
    findWallet(deps.db, { accountId, mode: "live" }),
    findConnection(deps.db, { accountId, mode: "live" }),
  ]);
  return {
    liveKey: tokens.some((t) => t.revokedAt === null),
    pixProvider: psp !== undefined,
    wallet: wallet !== undefined,
  };
}
