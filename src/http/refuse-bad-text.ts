import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { AppError } from "../domain/errors.ts";
import { badTextError, MAX_NESTING } from "../domain/input-errors.ts";

/**
 * A preHandler for every route, API and pages alike: a NUL byte (or an unpaired surrogate) in
 * a path parameter, the query or the body is a 400 before any
 * handler runs, since PostgreSQL refuses such text ("invalid byte sequence … 0x00") and the
 * statement would fail as a 500. It runs after the body is parsed (form and multipart bodies
 * included). A part that has a route schema was checked by the validator already
 * (validation.ts); only the others are walked here, so an API request is not walked twice.
 */
export function refuseBadText(
  req: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const schema = req.routeOptions.schema;
  const bad =
    (schema?.params ? undefined : storable(badTextError(req.params, "params"))) ??
    (schema?.querystring ? undefined : storable(badTextError(req.query, "query"))) ??
    (schema?.body || Buffer.isBuffer(req.body)
      ? undefined
      : storable(badTextError(req.body, "body")));
  done(bad);
}

/**
 * Only text the database cannot store is refused here. Nesting past MAX_NESTING is left to the
 * route that reads such a body (MCP's JSON-RPC answers it as a tool error, not a 400); this walk
 * stops at that depth anyway, so it cannot overflow the stack.
 */
function storable(err: AppError | undefined): AppError | undefined {
  return err?.message.endsWith(TOO_DEEP) ? undefined : err;
}

const TOO_DEEP = `nested deeper than ${MAX_NESTING} levels`;
