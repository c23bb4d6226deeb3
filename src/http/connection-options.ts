import type { ServerOptions } from "node:http";
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";
import { makeClientErrorHandler } from "./client-error.ts";

/**
 * Fastify's options for the connection layer. Slow clients: the headers, then the whole request,
 * must arrive in time (a body trickled for minutes would hold a connection and a request slot),
 * and a silent connection is closed. Requests Node refuses before the app (bad framing,
 * oversized headers, those timeouts) still get the envelope and a request id.
 */
export function connectionOptions(
  t: Config["http"],
  refused: { log: () => FastifyBaseLogger; onRefused?: (status: number) => void },
): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
  clientErrorHandler: FastifyServerOptions["clientErrorHandler"];
} {
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.connectionMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      // HTTP/1.1 without Host is refused in the app (protocol-checks.ts), with the envelope.
      requireHostHeader: false,
      headersTimeout: t.headersMs,
      // Node checks those two timeouts on this interval (30 s by default), so it is a tenth of
      // the shorter one: a 30 s limit is then enforced within 30-33 s, not up to 60 s.
      connectionsCheckingInterval: Math.max(
        10,
        Math.min(30_000, Math.floor(Math.min(t.headersMs, t.requestMs) / 10)),
      ),
    },
    clientErrorHandler: makeClientErrorHandler({
      timeouts: { headersMs: t.headersMs, requestMs: t.requestMs },
      ...refused,
    }),
  };
}
