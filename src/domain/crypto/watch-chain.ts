import { chargesAtAddress } from "../../db/queries/address-pool.ts";
import { type ChargeRow, findCharge } from "../../db/queries/charges.ts";
import {
  approveCryptoCharge,
  claimCheck,
  claimWatchList,
  recordReceived,
} from "../../db/queries/crypto-charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import type { Mode } from "../../kernel/mode.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { chargeData } from "../charges/charge-view.ts";
import { transition } from "../charges/move-charge.ts";
import { type ReuseDeps, releaseExpiredAddresses, settleReusedAddress } from "./address-reuse.ts";

// Watching the chain for crypto charges. A charge is approved when the payments to its address
// that have enough confirmations add up to its amount; a partial payment is recorded
// (amountReceived) and the charge stays pending; a full payment after expiry, within the
// monitoring window, is approved with paidLate. Sources are asked through the ChainSource seam
// (Esplora HTTP API), at most once every CHECK_EVERY_MS per charge.

export type WatchDeps = ReuseDeps & {
  lateWindowMs: number;
  /**
   * Where a watcher pass reports the charges it could not check (a failing chain source, an
   * error), once per pass. Optional: tests that do not look at it leave it out.
   */
  warn?: (detail: Record<string, unknown>, message: string) => void;
};

export const CHECK_EVERY_MS = 5_000;

type Key = { id: string; accountId: string; mode: Mode };

/**
 * A crypto charge as a read should show it: the chain asked first (a payment seen in time keeps
 * it from expiring), then expired if it is overdue and unpaid. The chain is asked only about a
 * charge it can still change (pending, or expired within the late window) and at most once per
 * CHECK_EVERY_MS across readers; otherwise the row read is the answer, with nothing written.
 */
export async function readCryptoCharge(deps: WatchDeps, row: ChargeRow): Promise<ChargeRow> {
  const now = deps.clock.now();
  const key = { id: row.id, accountId: row.accountId, mode: row.mode };
  const open =
    row.status === "pending" ||
    (row.status === "expired" && row.expiresAt.getTime() + deps.lateWindowMs > now.getTime());
  let fresh = row;
  if (open && (await claimCheck(deps.db, row.id, now, CHECK_EVERY_MS))) {
    await applyChain(deps, key);
    fresh = (await findCharge(deps.db, key)) ?? row;
  }
  if (fresh.status === "pending" && fresh.expiresAt <= now) {
    return (await transition(deps, key, "expired")).charge;
  }
  return fresh;
}

// Block times may lag real time by up to two hours (consensus allows it), so a payment counts
// for a charge if it is unconfirmed or was mined after the charge's creation less this margin.
const BLOCK_TIME_SLACK_MS = 2 * 3_600_000;

/**
 * Asks the chain about one charge and records what it shows. Returns why the chain could not be
 * asked (no source for the network, or the source failed), or undefined.
 */
async function applyChain(deps: WatchDeps, key: Key): Promise<string | undefined> {
  let row = await findCharge(deps.db, key);
  const c = row?.crypto;
  if (!row || !c) return undefined;
  const now = deps.clock.now();
  // An overdue charge whose payment was not seen in time expires first, so a payment seen now
  // counts as late.
  if (row.status === "pending" && row.expiresAt <= now && row.receivedSats < c.amountSats) {
    row = (await transition(deps, key, "expired")).charge;
  }
  const inWindow =
    row.status === "pending" ||
    (row.status === "expired" && now.getTime() < row.expiresAt.getTime() + deps.lateWindowMs);
  if (!inWindow) return undefined;
  const source = deps.chainSources[c.network];
  if (!source) return `no chain source configured for ${c.network}`;
  const f = await source.addressFunding(c.address);
  if (!f.ok) return f.reason;
  // An address handed out again is settled as a whole: each payment goes to the holder its exact
  // amount names, or is recorded as unmatched (address-reuse.ts).
  const holders = await chargesAtAddress(deps.db, { ...key, address: c.address });
  if (holders.length > 1) {
    await settleReusedAddress(deps, key, c.address, holders, f);
    return undefined;
  }
  const since = row.createdAt.getTime() - BLOCK_TIME_SLACK_MS;
  const ours = f.txs.filter(
    (t) => !t.confirmed || t.blockTime === undefined || t.blockTime * 1000 >= since,
  );
  // With 0 required confirmations (a merchant accepting zero-conf payments) a payment counts as
  // soon as it is seen; otherwise only once buried under enough blocks.
  const settled = ours
    .filter(
      (t) =>
        deps.confirmations === 0 ||
        (t.confirmed &&
          t.blockHeight !== undefined &&
          f.tipHeight - t.blockHeight + 1 >= deps.confirmations),
    )
    .reduce((sum, t) => sum + t.valueSats, 0);
  const seen = ours.reduce((sum, t) => sum + t.valueSats, 0);
  const late = row.status === "expired";
  const paid = await deps.db.transaction(async (db) => {
    if (settled >= c.amountSats) {
      const approved = await approveCryptoCharge(db, key, {
        receivedSats: seen,
        paidLate: late,
        at: now,
      });
      if (approved)
        await insertEvents(db, [
          chargeEvent(deps, "charge.approved", approved, {
            ...chargeData(approved),
            paymentMethod: "onchain",
          }),
        ]);
      return approved !== undefined;
    }
    const updated = await recordReceived(db, key, { receivedSats: seen, at: now });
    if (updated) await insertEvents(db, [chargeEvent(deps, "charge.updated", updated)]);
    return false;
  });
  if (paid) deps.tally?.chargePaid("crypto", key.mode);
  return undefined;
}

/**
 * One pass of the background watcher: takes a batch of crypto charges due for a look (SKIP
 * LOCKED, so instances share the work) and checks each, a few at a time.
 */
export async function watchOnce(
  deps: WatchDeps,
  opts: { limit?: number; parallel?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const batch = await claimWatchList(deps.db, {
    now,
    checkedBefore: new Date(now.getTime() - CHECK_EVERY_MS),
    lateWindowStart: new Date(now.getTime() - deps.lateWindowMs),
    limit: opts.limit ?? 100,
  });
  const parallel = opts.parallel ?? 8;
  // One charge's failure must not stop the others; the pass reports them together, once, so a
  // chain source that is down shows in the log without a line per charge every few seconds.
  const problems: string[] = [];
  for (let i = 0; i < batch.length; i += parallel) {
    await Promise.all(
      batch.slice(i, i + parallel).map((k) =>
        applyChain(deps, k).then(
          (problem) => {
            if (problem) problems.push(problem);
          },
          (err: unknown) => {
            problems.push(`${k.id}: ${err instanceof Error ? err.message : String(err)}`);
          },
        ),
      ),
    );
  }
  // Addresses of charges abandoned over a quarantine ago go back to the pool (or are retired).
  const released = await releaseExpiredAddresses(deps).catch((err: unknown) => {
    problems.push(`address pool: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  });
  if (released?.unchecked)
    problems.push(`address pool: ${released.unchecked} address(es) unchecked`);
  if (problems.length > 0) {
    deps.warn?.(
      { unchecked: problems.length, of: batch.length, first: problems[0] },
      "chain watcher: some crypto charges could not be checked this pass",
    );
  }
  return batch.length;
}
