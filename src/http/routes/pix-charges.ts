import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { preparePixCharge } from "../../domain/charge-lifecycle/create-pix-charge.ts";
import { checkoutOwner } from "../../domain/charges/checkout-owner.ts";
import type { CreatePixCharge } from "../../domain/charges/schemas.ts";
import { spendCheckoutBudget } from "../../domain/checkout/checkout-budget.ts";
import { idempotencySeed } from "../../domain/idempotency/request-identity.ts";
import { operationById } from "../../operations/index.ts";
import { sendIdempotentWrite } from "../idempotent-reply.ts";
import { routeOptions } from "../register-operations.ts";

/**
 * PIX charge creation, by hand because it is irregular: without a token it is the public
 * checkout (by product_id, within its budgets), and it is the hot path, prepared first and
 * written with its Idempotency-Key in one statement. Its schema, scope and tool are the table's
 * (operations/pix-charges.ts); the other PIX operations are registered from the table.
 */
export function registerPixChargeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const op = operationById("createPixCharge");
  app.withTypeProvider<ZodTypeProvider>().post(op.path, routeOptions(op), async (req, reply) => {
    const body = req.body as CreatePixCharge;
    const who = await checkoutOwner(deps, req.principal, body.product_id);
    const isPublic = !req.principal;
    // A live charge calls the PSP while preparing, so a stored response is looked up first; so
    // is a public one, whose checkout budgets are spent after that lookup (in prepare), so a
    // payer's replay does not count against them.
    await sendIdempotentWrite(
      deps,
      req,
      reply,
      op.output,
      async (scope) => {
        // checkoutOwner refused a public creation without a product, and found the product.
        if (isPublic) await spendCheckoutBudget(deps, req, body.product_id ?? "");
        // A live charge's txid is derived from its Idempotency-Key bound to this request's
        // body and token (live-create.ts); a payer's key on the public checkout is prefixed in
        // the scope, so it never shares the merchant's key space.
        return preparePixCharge(
          deps,
          who,
          body,
          baseUrlOf(deps, req),
          scope ? { idempotencySeed: idempotencySeed(scope) } : {},
        );
      },
      { precheck: who.mode === "live" || isPublic, owner: who },
    );
  });
}
