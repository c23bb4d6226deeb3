import type { ChargeRow } from "../../db/queries/charges.ts";
import { listEvents } from "../../db/queries/events.ts";
import { listSubscriptionCharges } from "../../db/queries/subscriptions/periods.ts";
import {
  countActiveSubscriptions,
  listSubscriptions,
} from "../../db/queries/subscriptions/subscriptions.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import type { SubscriptionDeps } from "../subscriptions/create-subscription.ts";
import { loadSubscription } from "../subscriptions/manage-subscriptions.ts";
import type { ChargeListItem } from "./charge-list.ts";

// The dashboard's reads of subscriptions: a page of the list, one subscription with its periods'
// charges and its events, and the home page's count of active ones.

const listItem = (r: ChargeRow): ChargeListItem => ({
  id: r.id,
  method: r.method,
  status: r.status,
  valueCents: r.valueCents,
  // A period's charge is named by its date.
  title:
    typeof r.details.due_date === "string" ? `${r.title ?? ""} · ${r.details.due_date}` : r.title,
  customer: typeof r.details.customer_name === "string" ? r.details.customer_name : null,
  createdAt: r.createdAt,
});

export const subscriptionsPage = (
  deps: { db: Db },
  who: Principal,
  page: { limit: number; offset: number },
) => listSubscriptions(deps.db, { accountId: who.accountId, mode: who.mode, ...page });

export async function subscriptionDetail(deps: SubscriptionDeps, who: Principal, id: string) {
  const subscription = await loadSubscription(deps, who, id);
  const [charges, events] = await Promise.all([
    listSubscriptionCharges(deps.db, subscription),
    listEvents(deps.db, {
      accountId: who.accountId,
      mode: who.mode,
      chargeId: id,
      limit: 200,
      offset: 0,
    }),
  ]);
  return {
    subscription,
    charges: charges.map(listItem),
    events: events.map((e) => ({ type: e.type, createdAt: e.createdAt })),
  };
}

export const activeSubscriptions = (deps: { db: Db }, who: Principal) =>
  countActiveSubscriptions(deps.db, { accountId: who.accountId, mode: who.mode });
