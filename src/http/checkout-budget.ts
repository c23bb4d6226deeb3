import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { AppError } from "../domain/errors.ts";
import type { RateLimiter } from "../ratelimit/rate-limiter.ts";

// The public checkout creates charges for anyone who has a product link, and each Bitcoin
// creation takes one of the merchant's addresses. The per-second public limit is about requests;
// these budgets are about creations: a few per minute from one client, and a ceiling per product
// however many clients ask, so a script cannot open checkouts faster than buyers would.

const WINDOW_SEC = 60;

export async function spendCheckoutBudget(
  deps: { config: Pick<Config, "checkoutBudget">; rateLimiter: RateLimiter },
  req: FastifyRequest,
  reply: FastifyReply,
  productId: string,
): Promise<void> {
  const { perIp, perProduct } = deps.config.checkoutBudget;
  const budgets = [
    { name: "checkout-ip", key: `checkout-ip:${req.ip}`, limit: perIp, per: "client" },
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
      req.log.warn({ budget: b.name, productId, limit: b.limit }, "public checkout budget spent");
      reply.header("RateLimit-Policy", `"${b.name}";q=${d.limit};w=${WINDOW_SEC}`);
      throw new AppError(
        "RATE_LIMITED",
        `rate limit: at most ${d.limit} public checkouts per minute per ${b.per}; retry after ${d.resetSec} s`,
        { headers: { "Retry-After": String(d.resetSec) } },
      );
    }
  }
}
