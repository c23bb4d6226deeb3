import type { Principal } from "../../kernel/mode.ts";
import { listChargesPage } from "./charge-list.ts";
import { failingDeliveries, goLiveChecklist } from "./overview.ts";
import { receiptsByDay } from "./receipts.ts";
import { activeSubscriptions } from "./subscription-reads.ts";

// The home page's read model: the money received today and over the last 30 days (one read of
// the daily rollup, receipts.ts), the latest charges, the failing deliveries, what
// live payments still lack, and the active subscriptions, read together.

type HomeDeps = Parameters<typeof listChargesPage>[0] & Parameters<typeof activeSubscriptions>[0];

export async function homeOverview(deps: HomeDeps, who: Principal) {
  const [receipts, recent, failing, live, subscriptions] = await Promise.all([
    receiptsByDay(deps, who),
    listChargesPage(deps, who, {}),
    failingDeliveries(deps, who),
    goLiveChecklist(deps, who.accountId),
    activeSubscriptions(deps, who),
  ]);
  return {
    receipts,
    recent: recent.items.slice(0, 10),
    failing,
    live,
    activeSubscriptions: subscriptions,
  };
}

export type HomeOverview = Awaited<ReturnType<typeof homeOverview>>;
