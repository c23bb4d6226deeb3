import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { baseUrlOf } from "../base-url.ts";
import type { AppDeps } from "../deps.ts";
import { idempotencySeed } from "../domain/idempotency/request-identity.ts";
import type { Principal } from "../kernel/mode.ts";
import type { OpContext, Operation } from "../operations/operation.ts";
import { okEnvelope, sendOk } from "./envelope.ts";
import { sendIdempotent } from "./idempotent-reply.ts";

// The one registrar of the operation table (src/operations/): each entry becomes a Fastify route
// with its schema (operationId, summary, input, the 200 envelope of its output), its token
// policy and scope (checked by the guard, plugins/guard.ts, before the body is read), and one
// handler: a GET answers its use case's data through the output schema, a POST runs its use
// case under the request's Idempotency-Key and stores the exact bytes it sends.

/** A public request on an "optional" operation: no account (the use case reads `caller`). */
const NOBODY: Principal = { accountId: "", mode: "test", tokenId: "" };

/** The Fastify route options of an operation (also for the hand-made routes of the table). */
export function routeOptions(op: Operation) {
  const input = op.input ? { [op.method === "GET" ? "querystring" : "body"]: op.input } : {};
  return {
    config: { auth: op.auth, ...(op.scope ? { scope: op.scope } : {}) },
    schema: {
      operationId: op.id,
      summary: op.summary,
      tags: op.tags,
      ...(op.raises ? { raises: op.raises } : {}),
      ...input,
      response: { 200: okEnvelope(op.output) },
    },
  };
}

/** What an operation's use case is handed for this request. */
export function contextOf(deps: AppDeps, req: FastifyRequest): OpContext {
  return {
    deps,
    principal: req.principal ?? NOBODY,
    caller: req.principal,
    baseUrl: baseUrlOf(deps, req),
  };
}

export function registerOperations(
  app: FastifyInstance,
  deps: AppDeps,
  operations: readonly Operation[],
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const op of operations) {
    if (op.explicitRoute) continue;
    // The house rule of idempotent-reply.ts: a write says how its stored answer is kept.
    if (op.method === "POST" && !op.stored) throw new Error(`${op.id}: say what stored is`);
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
  const c = contextOf(deps, req);
  // Validated by the route's schema (validation.ts) before the handler runs.
  const input = ((op.method === "GET" ? req.query : req.body) ?? {}) as never;
  if (op.method === "GET") {
    await sendOk(reply, op.output, await op.run(c, input, undefined));
    return;
  }
  const stored =
    op.stored === "sealed" ? { secretBox: deps.secretBox } : { noSecret: true as const };
  const { prepare, abandon } = op;
  await sendIdempotent(
    deps,
    req,
    reply,
    op.output,
    (db, prepared: unknown) => op.run({ ...c, deps: { ...deps, db } }, input, prepared),
    {
      ...stored,
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
