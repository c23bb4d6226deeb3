import {
  checkRecNow,
  claimPeriodsToCheck,
  claimRecsToCheck,
} from "../../db/queries/subscriptions-live.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { PixAutomaticoClient } from "../../pix-psp/automatico-types.ts";
import { AppError } from "../errors.ts";
import type { PspClients } from "../pix-psp-connection/clients.ts";
import { isPspError } from "../pix-psp-connection/psp-failure.ts";
import {
  forEachLiveAccount,
  type Warn,
  warnOfFailures,
} from "../pix-psp-connection/reconcile-pass.ts";
import { brazilToday } from "../subscriptions/calendar.ts";
import type { RecurrenceSink } from "./notify.ts";

export type RecurrenceReconcileDeps = {
  db: Db;
  clock: Clock;
  pspClients: PspClients;
  recurrenceSink: RecurrenceSink;
  warn: Warn;
};

export type RecurrenceReconcileOptions = {
  /** Rows of each kind asked about per account and pass: the PSP's load is bounded by it. */
  limit?: number;
};

export type RecurrenceCounts = {
  recsRead: number;
  recsMoved: number;
  cobrsRead: number;
  cobrsMoved: number;
  failed: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// A rec is first asked about 10 minutes after its creation (the payer's answer normally comes
// by notification before), then 10, 20, 40… minutes later: at most every 2 hours while it
// awaits the payer, every 24 hours once approved (a cancellation at the bank whose notice was
// lost is learnt within a day; the authorisations of an account cost at most one GET each a
// day).
export const REC_CHECK = {
  firstMs: 10 * MINUTE,
  baseMs: 10 * MINUTE,
  createdMaxMs: 2 * HOUR,
  approvedMaxMs: 24 * HOUR,
};
// A period's cobr is first asked about at 09:00 in Brazil on its date, once the payer's bank
// has made the day's first attempt (00:00-08:00; docs/subscriptions.md, "When the debit
// happens"), then 30 minutes, 1, 2, 4 hours later and every 6 hours until it ends (paid,
// declined after the policy's retries, cancelled). No GET before its date: nothing settles it
// earlier, and a payer's refusal of one period is read on the date.
export const COBR_CHECK = { afterDueMs: 9 * HOUR, baseMs: 30 * MINUTE, maxMs: 6 * HOUR };

/**
 * The safety net under lost Pix Automático notifications, one pass over every account with a
 * live PSP connection: the recs and the periods' cobrs that are due a check are read back at
 * the PSP (GET /rec/{idRec}, GET /cobr/{txid}) and the answer goes to the sink that confirmed
 * notifications go to (sink.ts), so a fact moves its row once, with the same events, whichever
 * of the two learns it first. The list endpoints (GET /rec, GET /cobr) filter by creation date,
 * not by change, so they cannot say what moved lately: each row is asked about on its own
 * back-off instead, at most `limit` of each kind per account and pass, and none before it is
 * due (REC_CHECK, COBR_CHECK).
 */
export async function reconcileRecurrences(
  deps: RecurrenceReconcileDeps,
  opts: RecurrenceReconcileOptions = {},
): Promise<RecurrenceCounts> {
  const counts: RecurrenceCounts = {
    recsRead: 0,
    recsMoved: 0,
    cobrsRead: 0,
    cobrsMoved: 0,
    failed: 0,
  };
  const limit = opts.limit ?? 100;
  await forEachLiveAccount(deps, async (live) => {
    const auto = live.client.automatico;
    if (!auto) return;
    const account = { deps, auto, accountId: live.row.accountId, limit, counts };
    await checkCobrs(account);
    await checkRecs(account);
  });
  warnOfFailures(
    deps.warn,
    "pix automatico reconciliation",
    counts,
    "for some recs or cobrs; their next check retries",
  );
  return counts;
}

/** One account's part of a pass: its Pix Automático client, and the pass's limit and counts. */
type AccountPass = {
  deps: RecurrenceReconcileDeps;
  auto: PixAutomaticoClient;
  accountId: string;
  limit: number;
  counts: RecurrenceCounts;
};

async function checkCobrs({ deps, auto, accountId, limit, counts }: AccountPass) {
  const now = deps.clock.now();
  const due = await claimPeriodsToCheck(deps.db, {
    accountId,
    at: now,
    lastDueDate: brazilToday(new Date(now.getTime() - COBR_CHECK.afterDueMs)),
    baseMs: COBR_CHECK.baseMs,
    maxMs: COBR_CHECK.maxMs,
    limit,
  });
  for (const p of due) {
    await guarded(counts, async () => {
      const cobr = await auto.getCobr(p.txid);
      if (cobr.txid !== p.txid) return;
      counts.cobrsRead++;
      if (await deps.recurrenceSink.cobrConfirmed(deps.db, accountId, cobr)) counts.cobrsMoved++;
      // A cobr cancelled by the payer's side may mean the whole authorisation was cancelled at
      // the bank: its rec is asked about now rather than at its next check.
      if (cobr.status === "CANCELADA" && cobr.idRec) {
        await checkRecNow(deps.db, accountId, cobr.idRec, now);
      }
    });
  }
}

async function checkRecs({ deps, auto, accountId, limit, counts }: AccountPass) {
  const now = deps.clock.now();
  const due = await claimRecsToCheck(deps.db, {
    accountId,
    at: now,
    firstBefore: new Date(now.getTime() - REC_CHECK.firstMs),
    baseMs: REC_CHECK.baseMs,
    createdMaxMs: REC_CHECK.createdMaxMs,
    approvedMaxMs: REC_CHECK.approvedMaxMs,
    limit,
  });
  for (const s of due) {
    await guarded(counts, async () => {
      const rec = await auto.getRec(s.recId);
      if (rec.idRec !== s.recId) return;
      counts.recsRead++;
      if (await deps.recurrenceSink.recConfirmed(deps.db, accountId, rec)) counts.recsMoved++;
    });
  }
}

/**
 * One row's check. The PSP failing (its GET, or a call the move makes: a retry request, the
 * cancel's PATCH, which the domain reports as an AppError) leaves the row to its next check;
 * any other error (the database, a bug) is thrown.
 */
async function guarded(counts: RecurrenceCounts, check: () => Promise<void>) {
  try {
    await check();
  } catch (err) {
    if (!isPspError(err) && !(err instanceof AppError)) throw err;
    counts.failed++;
  }
}
