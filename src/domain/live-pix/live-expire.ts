import { claimOverdueLiveCharges, overdueUnderpaid } from "../../db/queries/live-pix/work-lists.ts";
import { listConnectedAccounts } from "../../db/queries/psp-connections.ts";
import { transition } from "../charges/move-charge.ts";
import { AppError } from "../errors.ts";
import { removeThenMove } from "./live-cancel-refund.ts";
import type { ReconcileDeps } from "./live-reconcile.ts";

// A charge whose removal failed is tried again after 5 s, then 10 s, 20 s, ... at most every
// 10 minutes: a PSP that is down, or keeps a cob ATIVA, is not asked on every pass.
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;

/**
 * The live part of the expiry pass: an overdue pending live charge's cob is removed at the PSP
 * first (it stays payable there otherwise, reference §2.2), then the charge expires; a cob the
 * PSP reports paid approves the charge instead; a PSP that cannot be reached leaves the charge
 * pending, tried again with a per-charge back-off (claimed with SKIP LOCKED, so instances share
 * the work). An underpaid charge's cob is concluded, so it expires without a PSP call. A charge
 * whose account has no connection any more is never expired here: its cob may still be paid,
 * and only the PSP can say it is not (docs/live-pix.md, deleting a connection).
 */
export async function expireLiveCharges(deps: ReconcileDeps): Promise<number> {
  let moved = 0;
  const now = deps.clock.now();
  for (const charge of await overdueUnderpaid(deps.db, now)) {
    if ((await transition(deps, charge, "expired")).moved) moved++;
  }
  for (const accountId of await listConnectedAccounts(deps.db)) {
    const live = await deps.pspClients.forAccount(deps.db, accountId);
    if (!live) continue;
    for (const charge of await claimOverdueLiveCharges(deps.db, {
      accountId,
      at: now,
      baseMs: RETRY_BASE_MS,
      maxMs: RETRY_MAX_MS,
      limit: 200,
    })) {
      try {
        const after = await removeThenMove(deps, live, charge, "expired");
        if (after.status !== "pending") moved++;
      } catch (err) {
        // The PSP did not answer (an AppError from pspFailure): pending until this charge's
        // next check. Anything else (the database) fails the pass, which logs it.
        if (!(err instanceof AppError)) throw err;
      }
    }
  }
  return moved;
}
