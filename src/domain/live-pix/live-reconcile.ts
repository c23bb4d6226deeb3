import type { ChargeRow } from "../../db/queries/charges.ts";
import { learnPaymentIds, PLACEHOLDER_E2EID_PREFIX } from "../../db/queries/live-payment-ids.ts";
import {
  claimStaleAttempts,
  closeAttempt,
  pruneAttempts,
} from "../../db/queries/live-pix/cob-attempts.ts";
import { chargesByTxids, claimOpenLiveCharges } from "../../db/queries/live-pix/work-lists.ts";
import {
  advanceWatermark,
  claimWatermark,
  initialWatermark,
  knownUnmatched,
} from "../../db/queries/live-pix-records.ts";
import { checkPeriodsNow } from "../../db/queries/subscriptions-live.ts";
import type { PixReceived } from "../../pix-psp/types.ts";
import type { LiveConnection, PspClients } from "../pix-psp-connection/clients.ts";
import { isPspError } from "../pix-psp-connection/psp-failure.ts";
import {
  forEachLiveAccount,
  type Warn,
  warnOfFailures,
} from "../pix-psp-connection/reconcile-pass.ts";
import { getCobOf, removeCobOf } from "./live-cob-kind.ts";
import { type LiveDeps, settleFromCob } from "./live-confirm.ts";
import { applyDevolucao } from "./live-dispute.ts";
import { applyQrPayment, qrPaymentsContext } from "./live-qr-payment.ts";
import { sendRefund, settleRefund } from "./live-refund.ts";
import { recordUnmatchedPayment } from "./live-unmatched.ts";

export type ReconcileDeps = LiveDeps & { pspClients: PspClients; warn: Warn };

type Counts = {
  pixRead: number;
  pages: number;
  approved: number;
  unmatched: number;
  disputes: number;
  refundsSettled: number;
  cobsRemoved: number;
  failed: number;
};

// The PSP's list of Pix received is read from the watermark less this overlap: a Pix may be
// listed a little after its `horario` (the PSP's own settlement lag); a Pix read twice is
// recognised by its end-to-end id and changes nothing.
const OVERLAP_MS = 5 * 60_000;
// One window is at most a day (PSPs bound the range of GET /pix); a longer gap is read over
// the following passes.
const MAX_WINDOW_MS = 24 * 3_600_000;
// The standard's largest page: a thousand Pix received per request.
const PER_PAGE = 1000;
const MAX_PAGES = 50;

/**
 * One reconciliation pass over every account with a live PSP connection, the safety net under
 * lost notifications. Per account, at most one instance per half interval reads the PSP's list
 * of Pix received since its watermark (`GET /pix?inicio&fim`, paginated: a few requests
 * whatever the number of pending charges) and matches each Pix to its charge by txid: the
 * charge is approved (or recorded as underpaid), a MED devolução becomes a dispute, a reusable
 * QR code's txid makes the code's approved charge (live-qr-payment.ts), and a txid no charge
 * or active code holds is an unmatched payment. Refunds still in progress are asked about one by
 * one, with a per-charge back-off; and the cobs of creations that never stored their charge are
 * removed (after `attemptGraceMs`). No GET /cob per pending charge: that is only on demand
 * (a notification, a cancel, the expiry pass).
 */
export async function reconcileLivePix(
  deps: ReconcileDeps,
  opts: { intervalMs: number; attemptGraceMs: number; limit?: number },
) {
  const counts: Counts = {
    pixRead: 0,
    pages: 0,
    approved: 0,
    unmatched: 0,
    disputes: 0,
    refundsSettled: 0,
    cobsRemoved: 0,
    failed: 0,
  };
  await forEachLiveAccount(deps, async (live) => {
    try {
      await readReceivedPix(deps, live, opts.intervalMs, counts);
    } catch (err) {
      if (!isPspError(err)) throw err;
      counts.failed++;
    }
    await settleRefundsInProgress(deps, live, opts, counts);
    counts.cobsRemoved += await sweepAttempts(deps, live, opts.attemptGraceMs);
  });
  // Two days: past the 24 h an Idempotency-Key is kept, so no retry still needs these.
  await pruneAttempts(deps.db, new Date(deps.clock.now().getTime() - 2 * 86_400_000));
  warnOfFailures(
    deps.warn,
    "pix reconciliation",
    counts,
    "for some accounts or charges; next pass retries",
  );
  return counts;
}

/** The account's window of Pix received, page by page; the watermark moves once it is read. */
async function readReceivedPix(
  deps: ReconcileDeps,
  live: LiveConnection,
  intervalMs: number,
  counts: Counts,
) {
  const accountId = live.row.accountId;
  const now = deps.clock.now();
  const from = await claimWatermark(deps.db, {
    accountId,
    at: now,
    minAgeMs: Math.floor(intervalMs / 2),
    initial: await initialWatermark(deps.db, { accountId, at: now }),
  });
  if (!from) return; // another instance read this account's window a moment ago
  const inicio = new Date(from.getTime() - OVERLAP_MS);
  const fim = new Date(Math.min(now.getTime(), inicio.getTime() + MAX_WINDOW_MS));
  let pages = 1;
  for (let page = 0; page < pages; page++) {
    if (page >= MAX_PAGES) {
      deps.warn(
        { job: "pix reconciliation", accountId, pages },
        "pix reconciliation: more Pix received than one pass reads; the rest next pass",
      );
      return; // the watermark stays: the next pass reads this window again
    }
    const list = await live.client.listPix({ inicio, fim, page, perPage: PER_PAGE });
    counts.pages++;
    pages = list.pages;
    counts.pixRead += list.pix.length;
    await applyReceived(deps, live, list.pix, counts);
  }
  await advanceWatermark(deps.db, { accountId, readUntil: fim });
}

/** Matches Pix received (the PSP's own list: proof) to charges by txid, in one lookup. */
async function applyReceived(
  deps: ReconcileDeps,
  live: LiveConnection,
  received: PixReceived[],
  counts: Counts,
) {
  const withTxid = received.filter((p) => p.txid);
  if (withTxid.length === 0) return;
  const accountId = live.row.accountId;
  const txids = [...new Set(withTxid.map((p) => p.txid as string))];
  const charges = new Map(
    (await chargesByTxids(deps.db, { accountId, txids })).map((c) => [c.txid, c]),
  );
  // Pix no charge holds, and Pix of a paid charge other than the payment that settled it.
  const strays = withTxid.filter((p) => {
    const c = charges.get(p.txid as string);
    return !c || isSecondPayment(c, p.endToEndId);
  });
  const recorded = await knownUnmatched(
    deps.db,
    strays.map((p) => p.endToEndId),
  );
  // Pix on a reusable QR code's txid: payments to the code (live-qr-payment.ts).
  const qrs = await qrPaymentsContext(
    deps,
    accountId,
    withTxid.filter((p) => !charges.has(p.txid as string)),
  );
  const periods: string[] = [];
  // Payments of charges approved with a placeholder id (their cob listed no Pix): their real
  // end-to-end id is written back, so a refund can name it (live-payment-ids.ts).
  const learnt: Array<{ txid: string; e2eid: string; horario: string }> = [];
  for (const pix of withTxid) {
    const charge = charges.get(pix.txid as string);
    const qr = charge ? undefined : qrs.codes.get(pix.txid as string);
    if (qr) {
      if (qrs.charged.has(pix.endToEndId) || recorded.has(pix.endToEndId)) continue;
      const made = await applyQrPayment(deps, live, qr, pix, "reconciliation");
      if (made === "charge") counts.approved++;
      if (made === "unmatched") counts.unmatched++;
      continue;
    }
    if (!charge) {
      if (recorded.has(pix.endToEndId)) continue;
      if (await recordUnmatchedPayment(deps, accountId, pix, "reconciliation")) counts.unmatched++;
      continue;
    }
    if (isSecondPayment(charge, pix.endToEndId) && !recorded.has(pix.endToEndId)) {
      if (await recordUnmatchedPayment(deps, accountId, pix, "reconciliation", charge.id)) {
        counts.unmatched++;
      }
    }
    let current = charge;
    if (charge.pspE2eid?.startsWith(PLACEHOLDER_E2EID_PREFIX)) {
      learnt.push({ txid: charge.txid, e2eid: pix.endToEndId, horario: pix.horario });
    }
    if (charge.subscriptionId) {
      // A subscription period's charge is a cobr's: it settles with its period through
      // GET /cobr (subscriptions-live/reconcile.ts), which this Pix makes due now, never here.
      if (charge.status === "pending") periods.push(charge.id);
    } else if (
      charge.status !== "approved" &&
      charge.status !== "refunded" &&
      charge.receivedCents === 0
    ) {
      const cob = {
        txid: charge.txid,
        status: "CONCLUIDA" as const,
        rawStatus: "CONCLUIDA",
        amountCents: charge.valueCents,
        pix: [pix],
      };
      const settled = await settleFromCob(deps, live, charge, cob);
      if (settled.approved) {
        counts.approved++;
        current = { ...charge, status: "approved" };
      }
    }
    for (const d of pix.devolucoes) {
      const outcome = await applyDevolucao(deps, current, pix.endToEndId, d);
      if (outcome === "dispute") counts.disputes++;
    }
  }
  await learnPaymentIds(deps.db, { accountId, payments: learnt });
  await checkPeriodsNow(deps.db, accountId, periods, deps.clock.now());
}

/**
 * Whether a Pix on a charge's txid is a second payment: the charge was settled by another,
 * named payment (a placeholder id is not a name: that Pix is its payment, learnt later).
 */
export function isSecondPayment(c: { pspE2eid: string | null }, e2eid: string): boolean {
  return (
    c.pspE2eid !== null && !c.pspE2eid.startsWith(PLACEHOLDER_E2EID_PREFIX) && c.pspE2eid !== e2eid
  );
}

/**
 * Refunds in progress: each one asked about (GET devolução), or PUT again when its PUT was never
 * answered; a charge with several in progress is claimed once, with its own back-off.
 */
async function settleRefundsInProgress(
  deps: ReconcileDeps,
  live: LiveConnection,
  opts: { intervalMs: number; limit?: number },
  counts: Counts,
) {
  const open = await claimOpenLiveCharges(deps.db, {
    accountId: live.row.accountId,
    at: deps.clock.now(),
    baseMs: Math.floor(opts.intervalMs / 2),
    maxMs: 3_600_000,
    limit: opts.limit ?? 200,
  });
  for (const charge of open) {
    if (!charge.pspE2eid) continue;
    let current: ChargeRow = charge;
    for (const r of charge.refunds ?? []) {
      if (r.status !== "in_progress" || !r.pspId) continue;
      try {
        // A refund whose PUT was never answered is sent again (same id: never twice).
        if (!r.sent) {
          current = (await sendRefund(deps, live.client, current, charge.pspE2eid, r)).row;
        } else {
          const dev = await live.client.getDevolucao(charge.pspE2eid, r.pspId);
          if (dev.status === "EM_PROCESSAMENTO" || dev.status === "unknown") continue;
          current = await settleRefund(deps, current, dev);
        }
        counts.refundsSettled++;
      } catch (err) {
        counts.failed++;
        if (!isPspError(err)) throw err;
      }
    }
  }
}

// Cobs PUT whose charge was never stored (the PSP timed out, the write failed, the process
// died): removed at the PSP so they cannot be paid. One that was paid all the same is money
// with no charge: an unmatched payment (with its event) for the merchant to refund or keep.
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
      let cob = await getCobOf(live.client, a.txid).catch((err: unknown) => {
        if (isPspError(err) && err.kind === "not_found") return undefined;
        throw err;
      });
      if (cob?.status === "ATIVA") cob = await removeCobOf(live.client, a.txid);
      if (cob?.status === "CONCLUIDA") {
        for (const pix of cob.pix) {
          await recordUnmatchedPayment(deps, a.accountId, { ...pix, txid: a.txid }, "sweep");
        }
        await closeAttempt(deps.db, { txid: a.txid, state: "paid_orphan", at: now });
        deps.warn(
          { job: "pix reconciliation", accountId: a.accountId, txid: a.txid },
          "pix reconciliation: a cob whose charge was never created was paid; recorded as an unmatched payment",
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
