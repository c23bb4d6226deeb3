import type { ChainSource } from "../../bitcoin/esplora.ts";
import { findCharge } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import * as q from "../../db/queries/lightning.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import type { SecretBox } from "../../secrets/secret-box.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { chargeData } from "../charges/charge-view.ts";
import type { Tally } from "../tally.ts";
import { nodeForConnection } from "./charge-invoice.ts";
import type { LightningSettings } from "./deps.ts";

// Settlement of a charge's Lightning invoice. The node's stream and the periodic check may
// both report one settlement, and several instances may too: the invoice is marked settled
// once (conditional UPDATE), and the charge approved once (UPDATE ... WHERE status = 'pending').
// A settlement of a charge already paid on-chain is recorded as a second payment, never lost.

export type SettleDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  lateWindowMs: number;
  tally?: Tally;
  strictPayloads?: boolean;
};

type Who = { accountId: string; mode: Mode };

export async function applySettlement(
  deps: SettleDeps,
  who: Who,
  s: { paymentHash: string; amountPaidMsat: number },
): Promise<"approved" | "overpaid" | "ignored"> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (db) => {
    const inv = await q.markInvoiceSettled(db, {
      ...who,
      paymentHash: s.paymentHash,
      paidMsat: s.amountPaidMsat,
      at: now,
    });
    if (!inv) return "ignored" as const;
    const key = { ...who, id: inv.chargeId };
    const approved =
      s.amountPaidMsat >= inv.amountMsat
        ? await q.approveByLightning(db, {
            ...key,
            at: now,
            lateFrom: new Date(now.getTime() - deps.lateWindowMs),
          })
        : undefined;
    if (approved) {
      await insertEvents(db, [
        chargeEvent(deps, "charge.approved", approved, {
          ...chargeData(approved),
          paymentMethod: "lightning",
        }),
      ]);
      await q.setInvoiceOutcome(db, { ...who, paymentHash: s.paymentHash, outcome: "approved" });
      return "approved" as const;
    }
    await q.recordExtraPayment(db, {
      ...who,
      chargeId: inv.chargeId,
      method: "lightning",
      reference: s.paymentHash,
      amountSats: Math.floor(s.amountPaidMsat / 1000),
      at: now,
    });
    await q.setInvoiceOutcome(db, { ...who, paymentHash: s.paymentHash, outcome: "overpaid" });
    return "overpaid" as const;
  });
  if (outcome === "approved") deps.tally?.chargePaid("crypto", who.mode);
  return outcome;
}

export type CheckDeps = SettleDeps & {
  secretBox: SecretBox;
  lightning: LightningSettings;
  chainSources?: Partial<Record<"mainnet" | "testnet" | "signet", ChainSource>>;
};

/** Every CHECK_EVERY_MS at most, an open invoice is looked up at its node. */
export const LIGHTNING_CHECK_EVERY_MS = 5_000;

/**
 * The periodic check: open invoices not looked at recently are asked about at their node (a
 * stream that was down, a node without a resume index); the settled ones are applied.
 */
export async function checkOpenInvoices(
  deps: CheckDeps,
  opts: { limit?: number; everyMs?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const due = await q.claimOpenInvoices(deps.db, {
    now,
    checkedBefore: new Date(now.getTime() - (opts.everyMs ?? LIGHTNING_CHECK_EVERY_MS)),
    lateFrom: new Date(now.getTime() - deps.lateWindowMs),
    limit: opts.limit ?? 200,
  });
  const byConnection = new Map<string, typeof due>();
  for (const inv of due) {
    const k = `${inv.accountId}\u0000${inv.mode}`;
    byConnection.set(k, [...(byConnection.get(k) ?? []), inv]);
  }
  let settled = 0;
  for (const invoices of byConnection.values()) {
    const first = invoices[0];
    if (!first) continue;
    const row = await q.findLightningConnection(deps.db, first);
    if (!row) continue;
    const node = nodeForConnection(deps, row);
    try {
      for (const inv of invoices) {
        const st = await node.lookupInvoice(inv.paymentHash).catch(() => undefined);
        if (st?.state !== "settled") continue;
        const r = await applySettlement(deps, inv, {
          paymentHash: inv.paymentHash,
          amountPaidMsat: st.amountPaidMsat,
        });
        if (r !== "ignored") settled++;
      }
    } finally {
      await node.close().catch(() => {});
    }
  }
  await checkOnchainAfterLightning(deps).catch(() => {});
  return settled;
}

/**
 * A charge paid over Lightning may still be paid on-chain (the payer's other wallet, a second
 * try): the chain watcher no longer looks at an approved charge, so its address is looked at
 * here until its expiry plus the late window, and what arrives is recorded as a second payment.
 */
async function checkOnchainAfterLightning(deps: CheckDeps): Promise<void> {
  if (!deps.chainSources) return;
  const now = deps.clock.now();
  const rows = await q.approvedInvoicesToRecheck(deps.db, {
    expiredAfter: new Date(now.getTime() - deps.lateWindowMs),
    checkedBefore: new Date(now.getTime() - LIGHTNING_CHECK_EVERY_MS),
  });
  for (const r of rows) {
    await q.markInvoiceChecked(deps.db, r, now);
    const charge = await findCharge(deps.db, { ...r, id: r.chargeId });
    const c = charge?.crypto;
    if (!charge || !c || c.payUri.startsWith("lightning:")) continue;
    const source = deps.chainSources[c.network];
    if (!source) continue;
    const f = await source.addressFunding(c.address);
    if (!f.ok) continue;
    for (const tx of f.txs) {
      await q.recordExtraPayment(deps.db, {
        ...r,
        method: "onchain",
        reference: tx.txid,
        amountSats: tx.valueSats,
        at: now,
      });
    }
  }
}
