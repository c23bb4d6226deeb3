import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";

/** Where answered requests are counted (src/metrics/metrics.ts). */
export type RequestObserver = (method: string, route: string, status: number, ms: number) => void;

/** The route label of a request that matched no route: a constant, never the URL. */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * The onResponse hook: one access-log line per request (at info, so LOG_LEVEL rules) and the
 * request metrics. A line holds the route pattern (never the URL: its query and ids may carry
 * customer data), the status, the duration, the request id (bound to req.log) and, when the
 * caller was authenticated, the account and mode; never a header, a body or a token.
 */
export function makeAccessLog(observe: RequestObserver | undefined) {
  return function accessLog(
    req: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    observe?.(req.method, route, status, ms);
    // Checked first so a level above info costs no object; a disabled logger (tests) has no
    // levels at all.
    if ((req.log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.("info")) {
      const p = req.principal;
      req.log.info(
        {
          method: req.method,
          route,
          status,
          ms: Math.round(ms * 100) / 100,
          ...(p ? { accountId: p.accountId, mode: p.mode } : {}),
        },
        "request",
      );
    }
    done();
  };
}
