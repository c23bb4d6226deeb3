import type { Principal } from "../../kernel/mode.ts";
import { notFound } from "../errors.ts";
import { listDeliveries, listWebhooks } from "../webhooks/manage-webhooks.ts";

// The webhooks pages' read models. A webhook reads as failing, not active, when its latest
// delivery failed for good or is being retried after a failed attempt: "active" only says the
// service still sends to it, which a merchant reads as "it works".

type Deps = Parameters<typeof listWebhooks>[0];
type Delivery = Awaited<ReturnType<typeof listDeliveries>>["deliveries"][number];

/** A failed delivery, or a pending one that has already been tried (a retry is scheduled). */
export const isFailing = (d: { status: string; attempts: number }): boolean =>
  d.status === "failed" || (d.status === "pending" && d.attempts > 0);

export type WebhookHealth = "active" | "failing" | "disabled";

function healthOf(hook: { active: boolean }, latest: Delivery | undefined): WebhookHealth {
  if (!hook.active) return "disabled";
  return latest && isFailing(latest) ? "failing" : "active";
}

/** The mode's webhooks, each with its health (one read of its latest delivery; 20 at most). */
export async function webhooksWithHealth(deps: Deps, who: Principal) {
  const { webhooks } = await listWebhooks(deps, who);
  return Promise.all(
    webhooks.map(async (h) => {
      const { deliveries } = await listDeliveries(deps, who, { webhook_id: h.id, limit: 1 });
      return { ...h, health: healthOf(h, deliveries[0]) };
    }),
  );
}

/** One webhook, its health and its latest deliveries with their attempts. */
export async function webhookWithDeliveries(deps: Deps, who: Principal, id: string) {
  const hook = (await listWebhooks(deps, who)).webhooks.find((h) => h.id === id);
  if (!hook) throw notFound(`id: webhook ${id} not found`);
  const { deliveries } = await listDeliveries(deps, who, { webhook_id: id, limit: 50 });
  return { hook: { ...hook, health: healthOf(hook, deliveries[0]) }, deliveries };
}
