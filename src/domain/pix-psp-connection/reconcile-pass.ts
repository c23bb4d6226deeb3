import { listConnectedAccounts } from "../../db/queries/psp-connections.ts";
import type { Db } from "../../kernel/db.ts";
import type { LiveConnection, PspClients } from "./clients.ts";

// What the reconciliation passes share (live PIX, live-pix/live-reconcile.ts; Pix Automático,
// subscriptions-live/reconcile.ts): one visit per account with a live PSP connection, and one
// warn line per pass when the PSP failed some of its calls, whose rows the next pass retries.

export type Warn = (detail: Record<string, unknown>, message: string) => void;

/** `visit` with the client of each account that has a live PSP connection, one at a time. */
export async function forEachLiveAccount(
  deps: { db: Db; pspClients: PspClients },
  visit: (live: LiveConnection) => Promise<void>,
): Promise<void> {
  for (const accountId of await listConnectedAccounts(deps.db)) {
    const live = await deps.pspClients.forAccount(deps.db, accountId);
    if (live) await visit(live);
  }
}

/** The pass's one warn line, with its counts, when some calls to a PSP failed. */
export function warnOfFailures(
  warn: Warn,
  job: string,
  counts: { failed: number },
  retried: string,
): void {
  if (counts.failed > 0) warn({ job, ...counts }, `${job}: the PSP did not answer ${retried}`);
}
