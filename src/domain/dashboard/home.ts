import type { Principal } from "../../kernel/mode.ts";
import { listChargesPage } from "./charge-list.ts";
import { failingDeliveries, goLiveChecklist, todayTotals } from "./overview.ts";
import { activeSubscriptions } from "./subscription-reads.ts";

// The home page's read model: today's figures, the latest charges, the failing deliveries, what
// live payments still lack, and the active subscriptions, read together.

type HomeDeps = Parameters<typeof listChargesPage>[0] & Parameters<typeof activeSubscriptions>[0];

export async function homeOverview(deps: HomeDeps, who: Principal) {
  const [today, recent, failing, live, subscriptions] = await Promise.all([
    todayTotals(deps, who),
    listChargesPage(deps, who, {}),
    failingDeliveries(deps, who),
    goLiveChecklist(deps, who.accountId),
    activeSubscriptions(deps, who),
  ]);
  return {
    today,
    recent: recent.items.slice(0, 10),
    failing,
    live,
    activeSubscriptions: subscriptions,
  };
}

export type HomeOverview = Awaited<ReturnType<typeof homeOverview>>;
