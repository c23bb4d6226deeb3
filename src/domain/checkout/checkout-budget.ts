import { clientKey } from "../client-key.ts";
import { AppError } from "../errors.ts";

// The public checkout creates charges for anyone who has a product link, and each Bitcoin
// creation takes one of the merchant's addresses. The per-second public limit is about requests;
// these budgets are about creations: a few per minute from one client, and a ceiling per product
// however many clients ask, so a script cannot open checkouts faster than buyers would. Both
// front doors that create by product without a token spend them: the API's public create and
// the checkout page.

const WINDOW_SEC = 60;

/** What counts the budgets: the service's rate limiter (src/ratelimit), in minute windows. */
export type BudgetCounter = {
  hit(
    key: string,
    limit: number,
    windowSec: number,
  ): Promise<{ allowed: boolean; limit: number; resetSec: number }>;
};

export async function spendCheckoutBudget(
  deps: {
    config: { checkoutBudget: { perIp: number; perProduct: number } };
    rateLimiter: BudgetCounter;
  },
  client: { ip: string; log: { warn(detail: object, message: string): void } },
  productId: string,
): Promise<void> {
  const { perIp, perProduct } = deps.config.checkoutBudget;
  const budgets = [
    {
      name: "checkout-ip",
      key: `checkout-ip:${clientKey(client.ip)}`,
      limit: perIp,
      per: "client",
    },
    {
      name: "checkout-product",
      key: `checkout-product:${productId}`,
      limit: perProduct,
      per: "product",
    },
  ];
  for (const b of budgets) {
    if (b.limit <= 0) continue;
    const d = await deps.rateLimiter.hit(b.key, b.limit, WINDOW_SEC);
    if (!d.allowed) {
      client.log.warn(
        { budget: b.name, productId, limit: b.limit },
        "public checkout budget spent",
      );
      throw new AppError(
        "RATE_LIMITED",
        `rate limit: at most ${d.limit} public checkouts per minute per ${b.per}; retry after ${d.resetSec} s`,
        {
          headers: {
            "Retry-After": String(d.resetSec),
            "RateLimit-Policy": `"${b.name}";q=${d.limit};w=${WINDOW_SEC}`,
          },
        },
      );
    }
  }
}

/**
 * Claims a checkout form's key (drawn when its page was rendered) for a minute, before the
 * budgets are spent: true for the first submission of the key, false for its twin (a double
 * click, a browser sending the post again), which then waits for the first one's charge instead
 * of spending the payer's budget a second time (checkout-page.ts). Counted where the budgets
 * are (shared through Redis between instances); if Redis cannot answer, every submission
 * claims, as before. Minute windows are fixed: two clicks a few milliseconds apart across a
 * window's end both claim, and the budget is spent twice, as before this claim.
 */
export async function claimCheckoutForm(
  deps: { rateLimiter: BudgetCounter },
  productId: string,
  formKey: string,
): Promise<boolean> {
  const d = await deps.rateLimiter.hit(`checkout-form:${productId}:${formKey}`, 1, WINDOW_SEC);
  return d.allowed;
}
