import { billingPass } from "../../domain/subscriptions/billing.ts";
import type { SubscriptionDeps } from "../../domain/subscriptions/create-subscription.ts";
import type { Log } from "../log.ts";
import { makePeriodicJob, type PeriodicJob } from "../periodic-job.ts";

/**
 * The subscriptions' billing scheduler (domain/subscriptions/billing.ts), every
 * TOSTAO_BILLING_INTERVAL_SECONDS in every instance: each pass expires unanswered authorisations,
 * issues the periods whose window has opened (catching up after downtime) and runs the sandbox
 * debits. Instances share one PostgreSQL safely: claims skip locked rows, and a period's primary
 * key refuses a second charge of it.
 */
export function makeBillSubscriptionsJob(
  deps: SubscriptionDeps & { log: Log },
  everyMs: number,
): PeriodicJob {
  return makePeriodicJob({
    name: "subscription billing",
    everyMs,
    log: deps.log,
    // Longer than a tick, a pass is cut at the period; the next carries on where it stopped.
    run: async () => {
      const t = await billingPass(deps, { budgetMs: Math.max(everyMs, 4000) });
      if (t.issued + t.declined + t.expired > 0)
        deps.log.debug({ job: "subscription billing", ...t }, "subscription billing: pass");
    },
  });
}
