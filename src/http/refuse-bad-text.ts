import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { badTextError } from "../domain/input-errors.ts";

/**
 * A preHandler for every route, API and pages alike: a NUL byte (or an unpaired surrogate, or
 * nesting past MAX_NESTING) in a path parameter, the query or the body is a 400 before any
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
    (schema?.params ? undefined : badTextError(req.params, "params")) ??
    (schema?.querystring ? undefined : badTextError(req.query, "query")) ??
    (schema?.body || Buffer.isBuffer(req.body) ? undefined : badTextError(req.body, "body"));
  done(bad);
}
