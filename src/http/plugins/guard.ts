import type { FastifyReply, FastifyRequest } from "fastify";
import { clientKey } from "../../domain/client-key.ts";
import { AppError } from "../../domain/errors.ts";
import { AUTH_FAILURE_MESSAGES, type Authenticator } from "../../domain/tokens/authenticate.ts";
import { requireScope, type Scope } from "../../domain/tokens/scopes.ts";
import type { Principal } from "../../kernel/mode.ts";
import type { RateLimiter } from "../../ratelimit/rate-limiter.ts";
import type { AuthPolicy } from "../../route-table.ts";
import { makeOpenRequests } from "./open-requests.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: AuthPolicy;
    /** The scope a key needs for this route (the operation table's; plugins/guard.ts checks). */
    scope?: Scope;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export type GuardDeps = {
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  limits: { live: number; test: number; public: number };
  /** Requests one token may have open at once; 0: no cap. */
  openPerToken: number;
};

/**
 * The onRequest guard: who is calling, then whether they are within their rate. It runs before
 * the body is read, so a request without a valid token is refused (401) before any parsing, and a
 * request over its rate (429) before any work. Authenticated requests count per token at their
 * mode's rate; the others count per client IP. An authenticated request also holds one of its
 * token's open-request slots until its response is finished or its connection closes
 * (slow bodies, open-requests.ts). A key without the route's scope is refused (403) here too.
 */
export function makeGuard(deps: GuardDeps) {
  const open = deps.openPerToken > 0 ? makeOpenRequests(deps.openPerToken) : undefined;
  return async function guard(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const policy = req.routeOptions.config.auth ?? "none";
    let failure: string | undefined;
    if (policy !== "none") {
      const header = req.headers.authorization;
      if (policy === "required" || header !== undefined) {
        const outcome = await deps.authenticator.authenticate(header);
        if (outcome.ok) req.principal = outcome.principal;
        else failure = AUTH_FAILURE_MESSAGES[outcome.failure];
      }
    }

    const p = req.principal;
    const limit = p ? deps.limits[p.mode] : deps.limits.public;
    if (limit > 0) {
      const d = await deps.rateLimiter.hit(
        p ? `tok:${p.tokenId}` : `ip:${clientKey(req.ip)}`,
        limit,
      );
      const policyName = p ? p.mode : "public";
      reply.header("RateLimit-Policy", `"${policyName}";q=${d.limit};w=1`);
      reply.header("RateLimit", `"${policyName}";r=${d.remaining};t=${d.resetSec}`);
      if (!d.allowed) {
        throw new AppError(
          "RATE_LIMITED",
          `rate limit: at most ${d.limit} requests per second; retry after ${d.resetSec} s`,
          { headers: { "Retry-After": String(d.resetSec) } },
        );
      }
    }
    if (failure) throw new AppError("UNAUTHENTICATED", failure);
    // The one scope check of the HTTP routes, before the body is read: the route's scope comes
    // from its operation (src/operations/); a public request on an "optional" route has none.
    if (p) requireScope(p, req.routeOptions.config.scope);
    // Last, so a refused request never holds a slot.
    if (p && open && !open.enter(p.tokenId, reply.raw)) {
      throw new AppError(
        "RATE_LIMITED",
        `rate limit: at most ${open.limit} requests open at once per token; retry after 1 s`,
        { headers: { "Retry-After": "1" } },
      );
    }
  };
}

/** The caller of a route whose policy is 'required' (set by the guard). */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError("UNAUTHENTICATED", AUTH_FAILURE_MESSAGES.missing);
  return req.principal;
}
