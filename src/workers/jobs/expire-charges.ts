import type { Db } from "../../db/db.ts";
import { expireLiveCharges } from "../../domain/charges/live-reconcile.ts";
import { expireOverdueCharges } from "../../domain/charges/move-charge.ts";
import type { Clock, Random } from "../../domain/deps.ts";
import type { PspClients } from "../../domain/pix-psp-connection/clients.ts";
import type { Log } from "../log.ts";
import { makePeriodicJob, type PeriodicJob } from "../periodic-job.ts";

/**
 * Overdue pending charges, PIX and Bitcoin, move to expired (with charge.declined) in the
 * background, so webhooks fire without anyone reading the charge. Every instance with workers
 * runs it; SKIP LOCKED keeps each charge to one of them. Live PIX charges expire only once their
 * cob is removed at the PSP (expireLiveCharges; a PSP down leaves them for the next pass).
 */
export function makeExpireChargesJob(
  deps: { db: Db; clock: Clock; random: Random; log: Log; pspClients?: PspClients },
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
        deps.pspClients
          ? expireLiveCharges({
              ...deps,
              pspClients: deps.pspClients,
              warn: (detail, message) => deps.log.warn(detail, message),
            })
          : 0,
      ]),
  });
}
