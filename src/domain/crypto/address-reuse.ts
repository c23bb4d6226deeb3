import type { AddressFunding, ChainSource, FundingTx } from "../../bitcoin/esplora.ts";
import { formatBtc } from "../../bitcoin/payment-uri.ts";
import {
  chargesAtAddress,
  lockAddressPayments,
  recordAddressPayment,
  releaseCandidates,
  settleCandidate,
} from "../../db/queries/address-pool.ts";
import type { ChargeRow } from "../../db/queries/charges.ts";
import { approveCryptoCharge, recordReceived } from "../../db/queries/crypto-charges.ts";
import { insertEvents, type NewEvent } from "../../db/queries/events.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { UnmatchedPaymentEventDataSchema } from "../charges/event-data-schemas.ts";
import { type EventPayloadDeps, eventPayload } from "../event-payload.ts";
import { newId } from "../ids.ts";
import type { Tally } from "../tally.ts";

// Addresses handed out again, so that visitors who open a public checkout and leave cannot walk
// the merchant's wallet past its gap limit (docs/decisions/0005-bitcoin-address-reuse.md).
//
// An address goes back to the pool when its charge expired with nothing received, a quarantine
// has passed, and the chain shows no transaction to it at all. From then on, every charge that
// ever held the address has a distinct amount in satoshis (uniqueAmount), and each payment seen
// on it is attributed by its exact amount to the one holder it matches, or recorded as unmatched
// with a payment.unmatched event: never credited to a charge by guess, never dropped.

/**
 * How long after expiry an unpaid charge keeps its address to itself: a payer who scanned the
 * code just before expiry has broadcast long before this. Later payments for it are still
 * attributed to it by amount, since they can no longer match anyone else's.
 */
export const REUSE_QUARANTINE_MS = 60 * 60_000;

type Owner = { accountId: string; mode: Mode };

/** What settling and releasing addresses needs (a part of watch-chain.ts's WatchDeps). */
export type ReuseDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  chainSources: Partial<Record<"mainnet" | "testnet" | "signet", ChainSource>>;
  /** Confirmations that make a payment count; 0 counts a payment seen in the mempool. */
  confirmations: number;
  tally?: Tally;
  /** Event payloads that do not fit their schema throw (tests). */
  strictPayloads?: boolean;
};

/**
 * A charge's amount on a reused address: the quoted amount, raised by a satoshi at a time until
 * no earlier holder of the address has it (a few satoshis, a fraction of a centavo), so the
 * amount alone says whose a payment is.
 */
export function uniqueAmount(holders: readonly ChargeRow[], sats: number): number {
  const taken = new Set(holders.map((h) => h.crypto?.amountSats));
  let amount = sats;
  while (taken.has(amount)) amount++;
  return amount;
}

/** Whether a transaction has the confirmations a payment needs to count. */
export function isSettled(confirmations: number, tipHeight: number, t: FundingTx): boolean {
  return (
    confirmations === 0 ||
    (t.confirmed && t.blockHeight !== undefined && tipHeight - t.blockHeight + 1 >= confirmations)
  );
}

/**
 * Settles the payments on an address more than one charge has held. Each settled payment not
 * seen before is recorded once: attributed to the holder whose amount it equals (approved, late
 * if its charge had expired), or, matching none that can still be paid, unmatched with a
 * payment.unmatched event naming the address's charges. A payment seen but not yet settled that
 * matches a pending holder is recorded as received, so that charge waits instead of expiring.
 */
export async function settleReusedAddress(
  deps: ReuseDeps,
  owner: Owner,
  address: string,
  holders: readonly ChargeRow[],
  funding: Extract<AddressFunding, { ok: true }>,
): Promise<number> {
  const now = deps.clock.now();
  // Oldest first (by block, then unconfirmed), so two passes attribute in the same order.
  const txs = [...funding.txs].sort(
    (a, b) =>
      (a.blockHeight ?? Number.MAX_SAFE_INTEGER) - (b.blockHeight ?? Number.MAX_SAFE_INTEGER) ||
      a.txid.localeCompare(b.txid),
  );
  const paid: ChargeRow[] = [];
  await deps.db.transaction(async (db) => {
    const known = await lockAddressPayments(db, address);
    const seen = new Set(known.map((k) => k.txid));
    const taken = new Set(known.map((k) => k.chargeId).filter((id) => id !== null));
    const events: NewEvent[] = [];
    for (const tx of txs) {
      if (seen.has(tx.txid)) continue;
      const holder = holders.find(
        (h) =>
          h.crypto?.amountSats === tx.valueSats &&
          !taken.has(h.id) &&
          (h.status === "pending" || h.status === "expired"),
      );
      if (!isSettled(deps.confirmations, funding.tipHeight, tx)) {
        if (holder?.status === "pending") {
          await recordReceived(db, holder, { receivedSats: tx.valueSats, at: now });
        }
        continue;
      }
      const approved = holder
        ? await approveCryptoCharge(db, holder, {
            receivedSats: tx.valueSats,
            paidLate: holder.status === "expired",
            at: now,
          })
        : undefined;
      const chargeId = approved ? approved.id : null;
      if (!(await recordAddressPayment(db, { ...owner, address, ...tx, chargeId, at: now }))) {
        continue;
      }
      if (approved) {
        taken.add(approved.id);
        paid.push(approved);
        events.push(chargeEvent(deps, "charge.approved", approved));
      } else {
        events.push(unmatchedEvent(deps, owner, address, holders, tx, now));
      }
    }
    if (events.length > 0) await insertEvents(db, events);
  });
  for (const p of paid) deps.tally?.chargePaid("crypto", p.mode);
  return paid.length;
}

function unmatchedEvent(
  deps: Pick<ReuseDeps, "clock" | "random"> & EventPayloadDeps,
  owner: Owner,
  address: string,
  holders: readonly ChargeRow[],
  tx: FundingTx,
  now: Date,
): NewEvent {
  return {
    id: newId("evt", deps),
    accountId: owner.accountId,
    mode: owner.mode,
    type: "payment.unmatched",
    chargeId: null,
    payload: eventPayload(deps, UnmatchedPaymentEventDataSchema, {
      kind: "bitcoin",
      address,
      txid: tx.txid,
      amountSats: tx.valueSats,
      amountCrypto: formatBtc(tx.valueSats),
      network: holders[0]?.crypto?.network ?? "mainnet",
      chargeIds: holders.map((h) => h.id),
      livemode: owner.mode === "live",
      seenAt: now.toISOString(),
    }),
    createdAt: now,
  };
}

/**
 * One pass of the pool keeper: addresses of charges that expired unpaid over a quarantine ago
 * are asked about once; with no history on the chain they go back to the pool, otherwise they
 * are retired (after their payments are settled, if the address was shared). A source that does
 * not answer leaves the charge for the next pass.
 */
export async function releaseExpiredAddresses(
  deps: ReuseDeps,
  opts: { limit?: number } = {},
): Promise<{ freed: number; retired: number; unchecked: number }> {
  const now = deps.clock.now();
  const candidates = await releaseCandidates(deps.db, {
    expiredBefore: new Date(now.getTime() - REUSE_QUARANTINE_MS),
    limit: opts.limit ?? 100,
  });
  const out = { freed: 0, retired: 0, unchecked: 0 };
  for (const c of candidates) {
    const source = deps.chainSources[c.network];
    const f = source ? await source.addressFunding(c.address) : undefined;
    if (!f?.ok) {
      out.unchecked++;
      continue;
    }
    if (f.txs.length === 0) {
      await settleCandidate(deps.db, c, { state: "free", at: now });
      out.freed++;
      continue;
    }
    const holders = await chargesAtAddress(deps.db, { ...c, address: c.address });
    if (holders.length > 1) await settleReusedAddress(deps, c, c.address, holders, f);
    await settleCandidate(deps.db, c, { state: "retired", at: now });
    out.retired++;
  }
  return out;
}
