import { expireOverdueCharges } from "../../domain/charges/move-charge.ts";
import { notifyOverdueCharges } from "../../domain/charges/overdue-pass.ts";
import { expireLiveCharges } from "../../domain/live-pix/live-expire.ts";
import type { PspClients } from "../../domain/pix-psp-connection/clients.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Log } from "../log.ts";
import { makePeriodicJob, type PeriodicJob } from "../periodic-job.ts";

/**
 * Overdue pending charges, PIX and Bitcoin, move to expired (with charge.declined) in the
 * background, so webhooks fire without anyone reading the charge. Every instance with workers
 * runs it; SKIP LOCKED keeps each charge to one of them. A pass drains the backlog in batches
 * until it is empty or its time budget (the period, at most 4 s, so a shutdown's wait covers it)
 * is spent. Live PIX charges are left to the job below. Each pass first announces the due-date
 * charges that became overdue (one charge.updated each, overdue-pass.ts).
 */
export function makeExpireChargesJob(
  deps: { db: Db; clock: Clock; random: Random; log: Log },
  everyMs: number,
): PeriodicJob {
  return makePeriodicJob({
    name: "charge expiry",
    everyMs,
    log: deps.log,
    run: async () => {
      const budgetMs = Math.min(everyMs, 4000);
      // Due-date charges that became overdue get their one charge.updated (overdue-pass.ts)
      // before the expiry, so a charge that became both during a long stop gets both, in order.
      await notifyOverdueCharges(deps, { budgetMs: budgetMs / 2 });
      return expireOverdueCharges(deps, { budgetMs });
    },
  });
}

/**
 * Live PIX expiry, a job of its own at the same period: an overdue live charge's cob is removed
 * at its PSP before the charge expires (a PSP down leaves it pending for the next pass), and a
 * slow PSP must not hold up the expiry of every other charge.
 */
export function makeExpireLivePixJob(
  deps: { db: Db; clock: Clock; random: Random; log: Log; pspClients: PspClients },
  everyMs: number,
): PeriodicJob {
  return makePeriodicJob({
    name: "live pix expiry",
    everyMs,
    log: deps.log,
    run: () =>
      expireLiveCharges({ ...deps, warn: (detail, message) => deps.log.warn(detail, message) }),
  });
}
