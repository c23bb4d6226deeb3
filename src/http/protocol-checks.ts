import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../domain/errors.ts";
import { fail } from "./envelope.ts";

// Requests Node's parser accepts but HTTP does not, and URLs Fastify's router cannot decode,
// answered with the envelope like every other refusal instead of Node's bare 400 or Fastify's
// own error body.

/**
 * An HTTP/1.1 request without Host (RFC 9112 §3.2: a server must answer 400; Node's own check,
 * switched off in connection-options.ts, answered without a body), or an HTTP/0.9 request line
 * (no version: Node takes it once a blank line follows; a bare line waits for the headers
 * timeout, then gets its 408). Both close the connection.
 */
export function protocolRefusal(req: FastifyRequest): AppError | undefined {
  const { httpVersionMajor, httpVersionMinor } = req.raw;
  if (httpVersionMajor === 0) {
    return new AppError("BAD_REQUEST", "request: HTTP/0.9 is not supported; send HTTP/1.1", {
      headers: { Connection: "close" },
    });
  }
  if (httpVersionMajor === 1 && httpVersionMinor === 1 && req.headers.host === undefined) {
    return new AppError("BAD_REQUEST", "host: header required in HTTP/1.1", {
      headers: { Connection: "close" },
    });
  }
  return undefined;
}

/** Fastify's frameworkErrors: a URL its router cannot decode (bad percent-encoding). */
export function frameworkErrors(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const [status, message] =
    err.code === "FST_ERR_BAD_URL"
      ? [400, "path: not valid percent-encoding (a % must be followed by two hex digits)"]
      : err.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? [414, "path: a path segment is too long"]
        : [500, "internal error; retry with exponential backoff"];
  if (status >= 500) req.log.error({ err, reqId: req.id }, "request failed");
  return reply
    .code(status)
    .header("X-Request-Id", req.id)
    .header("Cache-Control", "no-store")
    .type("application/json; charset=utf-8")
    .send(fail(message));
}
