import type { Db } from "../../db/db.ts";
import { expireOverdueCharges } from "../../domain/charges/move-charge.ts";
import type { Clock, Random } from "../../domain/deps.ts";
import type { Log } from "../log.ts";
import { makePeriodicJob, type PeriodicJob } from "../periodic-job.ts";

/**
 * Overdue pending charges, PIX and Bitcoin, move to expired (with charge.declined) in the
 * background, so webhooks fire without anyone reading the charge. Every instance with workers
 * runs it; SKIP LOCKED keeps each charge to one of them.
 */
export function makeExpireChargesJob(
  deps: { db: Db; clock: Clock; random: Random; log: Log },
  everyMs: number,
): PeriodicJob {
  return makePeriodicJob({
    name: "charge expiry",
    everyMs,
    log: deps.log,
    run: () =>
      Promise.all([
        expireOverdueCharges(deps, { method: "pix" }),
        expireOverdueCharges(deps, { method: "crypto" }),
      ]),
  });
}
