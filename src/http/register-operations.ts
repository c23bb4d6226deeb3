import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { baseUrlOf } from "../base-url.ts";
import type { AppDeps } from "../deps.ts";
import { checkoutOwner } from "../domain/charges/checkout-owner.ts";
import { spendCheckoutBudget } from "../domain/checkout/checkout-budget.ts";
import { type IdempotencyScope, idempotencySeed } from "../domain/idempotency/request-identity.ts";
import type { Principal } from "../kernel/mode.ts";
import type { OpContext, Operation, RequestOrigin } from "../operations/operation.ts";
import { okEnvelope, sendOk } from "./envelope.ts";
import { sendIdempotent, sendIdempotentWrite } from "./idempotent-reply.ts";

// The one registrar of the operation table (src/operations/): each entry becomes a Fastify route
// with its schema (operationId, summary, input, the 200 envelope of its output), its token
// policy and scope (checked by the guard, plugins/guard.ts, before the body is read), and one
// handler: a GET answers its use case's data through the output schema, a POST runs its use
// case under the request's Idempotency-Key and stores the exact bytes it sends. Two kinds of
// entry are irregular, and are handled here once for all: the public checkout (a create open
// without a token, by product) and the one-statement write of the hottest create.

/** A public request on an "optional" operation: no account (the use case reads `caller`). */
const NOBODY: Principal = { accountId: "", mode: "test", tokenId: "" };

/** The Fastify route options of an operation. */
function routeOptions(op: Operation) {
  const input = op.input ? { [op.method === "GET" ? "querystring" : "body"]: op.input } : {};
  return {
    config: { auth: op.auth, ...(op.scope ? { scope: op.scope } : {}) },
    schema: {
      operationId: op.id,
      summary: op.summary,
      tags: op.tags,
      ...(op.raises ? { raises: op.raises } : {}),
      ...input,
      // A streamed reply has no JSON schema: the OpenAPI document reads its content type.
      ...(op.streamed
        ? { produces: [op.streamed.contentType] }
        : { response: { 200: okEnvelope(op.output) } }),
    },
  };
}

/**
 * What an operation's use case is handed for this request: on the public checkout, `owner` (the
 * product's account and mode, or the token's holder) is the principal; with an Idempotency-Key,
 * `scope` gives the seed that work done before the write derives its ids from.
 */
function contextOf(
  deps: AppDeps,
  req: FastifyRequest,
  owner?: Principal,
  scope?: IdempotencyScope,
): OpContext {
  return {
    deps,
    principal: owner ?? req.principal ?? NOBODY,
    caller: req.principal,
    baseUrl: baseUrlOf(deps, req),
    idempotencySeed: scope ? idempotencySeed(scope) : undefined,
    origin: originOf(req),
  };
}

/** The request's client IP (trust-proxy aware) and User-Agent, for the audit log. */
export const originOf = (req: FastifyRequest): RequestOrigin => ({
  ip: req.ip,
  userAgent: req.headers["user-agent"],
});

export function registerOperations(
  app: FastifyInstance,
  deps: AppDeps,
  operations: readonly Operation[],
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const op of operations) {
    // The house rule of idempotent-reply.ts: a write says how its stored answer is kept.
    if (op.method === "POST" && !op.stored) throw new Error(`${op.id}: say what stored is`);
    if (op.publicCheckout && (op.method !== "POST" || op.auth !== "optional")) {
      throw new Error(`${op.id}: the public checkout is a POST whose auth is "optional"`);
    }
    r.route({
      method: op.method,
      url: op.path,
      ...routeOptions(op),
      handler: async (req, reply) => {
        await handle(deps, op, req, reply);
      },
    });
  }
}

async function handle(
  deps: AppDeps,
  op: Operation,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  // Validated by the route's schema (validation.ts) before the handler runs.
  const input = ((op.method === "GET" ? req.query : req.body) ?? {}) as never;
  if (op.method === "GET" && op.streamed) {
    const chunks = (await op.run(contextOf(deps, req), input, undefined)) as AsyncIterable<string>;
    reply
      .type(op.streamed.contentType)
      .header("content-disposition", `attachment; filename="${op.streamed.filename}"`)
      .header("cache-control", "no-store");
    await reply.send(Readable.from(chunks, { objectMode: false }));
    return;
  }
  if (op.method === "GET") {
    await sendOk(reply, op.output, await op.run(contextOf(deps, req), input, undefined));
    return;
  }
  // The public checkout's rule. Without a token the body's product names the owner
  // (checkoutOwner refuses a request without one, 401, or with an unknown one, 404), its key is
  // kept apart from the merchant's (idempotent-reply.ts), and the checkout budgets are spent
  // once the creation is known to be new, after its key's lookup, so that a payer's replay does
  // not count against them. A token's holder creates as on any other write.
  const owner = op.publicCheckout
    ? await checkoutOwner(deps, req.principal, productOf(input))
    : undefined;
  const spends = owner !== undefined && !req.principal;
  if (op.oneStatement) {
    // The hot path: one context, made once the key's scope is known, and nothing else added to
    // what the create itself allocates.
    const { prepare, reachesOut } = op.oneStatement;
    await sendIdempotentWrite(
      deps,
      req,
      reply,
      op.output,
      async (scope) => {
        if (spends) await spendCheckoutBudget(deps, req, productOf(input));
        return prepare(contextOf(deps, req, owner, scope), input);
      },
      // Looked up first when preparing has effects a replay must not repeat: a call outside the
      // database, or the budgets.
      { precheck: spends || reachesOut(owner ?? req.principal ?? NOBODY), owner },
    );
    return;
  }
  const c = contextOf(deps, req, owner);
  const stored =
    op.stored === "sealed" ? { secretBox: deps.secretBox } : { noSecret: true as const };
  const { prepare, abandon } = op;
  const run = (db: AppDeps["db"], prepared: unknown) =>
    op.run({ ...c, deps: { ...deps, db } }, input, prepared);
  await sendIdempotent(
    deps,
    req,
    reply,
    op.output,
    // In the key's transaction, after its lookup: a replay spends nothing.
    spends
      ? async (db, prepared: unknown) => {
          await spendCheckoutBudget(deps, req, productOf(input));
          return run(db, prepared);
        }
      : run,
    {
      ...stored,
      owner,
      ...(prepare
        ? {
            prepare: (scope) =>
              prepare(scope ? { ...c, idempotencySeed: idempotencySeed(scope) } : c, input),
          }
        : {}),
      ...(abandon ? { abandon: (prepared: unknown) => abandon(prepared) } : {}),
    },
  );
}

/** The product a public-checkout body names ("" when none: checkoutOwner has refused it). */
const productOf = (input: { product_id?: string }): string => input.product_id ?? "";
