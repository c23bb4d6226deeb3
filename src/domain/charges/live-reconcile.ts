import {
  claimOpenLiveCharges,
  claimOverdueLiveCharges,
  claimStaleAttempts,
  closeAttempt,
  overdueLiveWithoutConnection,
  pruneAttempts,
} from "../../db/queries/live-pix.ts";
import { listConnectedAccounts } from "../../db/queries/psp-connections.ts";
import type { LiveConnection, PspClients } from "../pix-psp-connection/clients.ts";
import { isPspError } from "../pix-psp-connection/psp-failure.ts";
import { removeThenMove } from "./live-cancel-refund.ts";
import { type LiveDeps, settleFromCob, settleRefund } from "./live-confirm.ts";
import { transition } from "./move-charge.ts";

export type ReconcileDeps = LiveDeps & {
  pspClients: PspClients;
  warn: (detail: Record<string, unknown>, message: string) => void;
};

/**
 * One reconciliation pass over every account with a live PSP connection: asks the PSP about
 * each pending live charge (and each refund in progress) not checked in the last half
 * interval, so a lost notification delays an approval by at most one interval; and removes the
 * cobs of creations that never stored their charge (after `attemptGraceMs`). Safe in every
 * instance at once: rows are claimed with SKIP LOCKED and every move is a conditional update.
 */
export async function reconcileLivePix(
  deps: ReconcileDeps,
  opts: { intervalMs: number; attemptGraceMs: number; limit?: number },
) {
  const counts = { checked: 0, approved: 0, refundsSettled: 0, cobsRemoved: 0, failed: 0 };
  for (const accountId of await listConnectedAccounts(deps.db)) {
    const live = await deps.pspClients.forAccount(deps.db, accountId);
    if (!live) continue;
    const now = deps.clock.now();
    const open = await claimOpenLiveCharges(deps.db, {
      accountId,
      at: now,
      minAgeMs: Math.floor(opts.intervalMs / 2),
      limit: opts.limit ?? 200,
    });
    for (const charge of open) {
      counts.checked++;
      try {
        if (charge.status === "pending") {
          const { cob, approved } = await settleFromCob(deps, live, charge);
          if (approved) counts.approved++;
          // Removed by the PSP itself: it cannot be paid. REMOVIDA_PELO_USUARIO_RECEBEDOR is our
          // own removal (a cancel or expiry between its PATCH and its move, or the merchant in
          // the PSP's portal): the cancel or the expiry pass moves that charge, not this one.
          else if (cob.status === "REMOVIDA_PELO_PSP") await transition(deps, charge, "failed");
        } else if (charge.refundId && charge.pspE2eid) {
          const dev = await live.client.getDevolucao(charge.pspE2eid, charge.refundId);
          if (dev.status !== "EM_PROCESSAMENTO" && dev.status !== "unknown") {
            await settleRefund(deps, charge, dev);
            counts.refundsSettled++;
          }
        }
      } catch (err) {
        counts.failed++;
        if (!isPspError(err)) throw err;
      }
    }
    counts.cobsRemoved += await sweepAttempts(deps, live, opts.attemptGraceMs);
  }
  // Two days: past the 24 h an Idempotency-Key is kept, so no retry still needs these.
  await pruneAttempts(deps.db, new Date(deps.clock.now().getTime() - 2 * 86_400_000));
  if (counts.failed > 0) {
    deps.warn(
      { job: "pix reconciliation", ...counts },
      "pix reconciliation: the PSP did not answer for some charges; next pass retries",
    );
  }
  return counts;
}

// Cobs PUT whose charge was never stored (the PSP timed out, the write failed, the process
// died): removed at the PSP so they cannot be paid. One that was paid all the same is money
// with no charge: logged for the merchant to refund at the PSP, and its key moves on.
async function sweepAttempts(deps: ReconcileDeps, live: LiveConnection, graceMs: number) {
  const now = deps.clock.now();
  const stale = await claimStaleAttempts(deps.db, {
    accountId: live.row.accountId,
    before: new Date(now.getTime() - graceMs),
    at: now,
    limit: 100,
  });
  let removed = 0;
  for (const a of stale) {
    try {
      let cob = await live.client.getCob(a.txid).catch((err: unknown) => {
        if (isPspError(err) && err.kind === "not_found") return undefined;
        throw err;
      });
      if (cob?.status === "ATIVA") cob = await live.client.removeCob(a.txid);
      if (cob?.status === "CONCLUIDA") {
        await closeAttempt(deps.db, { txid: a.txid, state: "paid_orphan", at: now });
        deps.warn(
          { job: "pix reconciliation", accountId: a.accountId, txid: a.txid },
          "pix reconciliation: a cob whose charge was never created was paid; refund it at the PSP",
        );
      } else if (cob === undefined || cob.status !== "ATIVA") {
        await closeAttempt(deps.db, { txid: a.txid, state: "removed", at: now });
        removed++;
      }
    } catch (err) {
      if (!isPspError(err)) throw err;
    }
  }
  return removed;
}

/**
 * The live part of the expiry pass: an overdue pending live charge's cob is removed at the PSP
 * first (it stays payable there otherwise, reference §2.2), then the charge expires; a cob the
 * PSP reports paid approves the charge instead; a PSP that cannot be reached leaves the charge
 * pending for the next pass. Charges of accounts that deleted their connection just expire.
 */
export async function expireLiveCharges(deps: ReconcileDeps): Promise<number> {
  let moved = 0;
  const now = deps.clock.now();
  for (const charge of await overdueLiveWithoutConnection(deps.db, now)) {
    if ((await transition(deps, charge, "expired")).moved) moved++;
  }
  for (const accountId of await listConnectedAccounts(deps.db)) {
    const live = await deps.pspClients.forAccount(deps.db, accountId);
    if (!live) continue;
    for (const charge of await claimOverdueLiveCharges(deps.db, {
      accountId,
      at: now,
      limit: 200,
    })) {
      try {
        const after = await removeThenMove(
          { ...deps, pspClients: deps.pspClients },
          live,
          charge,
          "expired",
        );
        if (after.status !== "pending") moved++;
      } catch {
        // The PSP did not answer: pending until the next pass.
      }
    }
  }
  return moved;
}
