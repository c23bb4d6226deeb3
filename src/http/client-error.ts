import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";

// Requests Node's HTTP parser refuses (bad header bytes, a bad or repeated Content-Length, a bad
// chunk size, headers past 16 KiB) and requests not received in time never reach the app: the
// server answers them from its 'clientError' event. They get the same envelope, X-Request-Id and
// no-store as any other error, and the connection is closed, since the parser cannot go on
// after an error.

type Refusal = { status: number; message: string };

type Timeouts = { headersMs: number; requestMs: number };

function refusalFor(code: string | undefined, t: Timeouts): Refusal {
  switch (code) {
    // Node reports both of its timeouts with this one code.
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return {
        status: 408,
        message: `request: not received in time (headers within ${t.headersMs} ms, the whole request within ${t.requestMs} ms)`,
      };
    case "HPE_HEADER_OVERFLOW":
      return {
        status: 431,
        message: "headers: the request line and headers are larger than 16 KiB",
      };
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return { status: 413, message: "body: chunk extensions are larger than 16 KiB" };
    case "HPE_INVALID_HEADER_TOKEN":
      return { status: 400, message: "headers: a header name or value holds a forbidden byte" };
    case "HPE_INVALID_CONTENT_LENGTH":
    case "HPE_UNEXPECTED_CONTENT_LENGTH":
      return {
        status: 400,
        message: "content-length: must be one decimal number, sent once, without transfer-encoding",
      };
    case "HPE_INVALID_CHUNK_SIZE":
      return { status: 400, message: "body: a chunk size is not a hexadecimal number" };
    case "HPE_INVALID_TRANSFER_ENCODING":
      return { status: 400, message: "transfer-encoding: must end with chunked" };
    case "HPE_INVALID_URL":
      return { status: 400, message: "url: not a valid request target" };
    case "HPE_INVALID_METHOD":
      return { status: 400, message: "method: not a valid HTTP method" };
    default:
      return { status: 400, message: "request: not valid HTTP/1.1" };
  }
}

/** The raw HTTP response the server writes on the socket for a refused request. */
export function refusalResponse(refusal: Refusal, requestId: string): string {
  const body = JSON.stringify({ success: false, error: refusal.message });
  return (
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? "Error"}\r\n` +
    "Content-Type: application/json; charset=utf-8\r\n" +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    "Cache-Control: no-store\r\n" +
    "Connection: close\r\n\r\n" +
    body
  );
}

/**
 * Fastify's clientErrorHandler: answers the envelope, logs the refusal as an access-log line
 * (status and error code; the raw bytes, which may carry a token, are never logged) and reports
 * it to `onRefused` (metrics).
 */
export function makeClientErrorHandler(opts: {
  timeouts: Timeouts;
  log: () => FastifyBaseLogger;
  onRefused?: (status: number) => void;
}) {
  return (err: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has nobody left to answer, and one already answered (the client's
    // close then ends its half-read request once more) has been logged.
    if (err.code === "ECONNRESET" || socket.destroyed || socket.writableEnded) {
      socket.destroy();
      return;
    }
    const refusal = refusalFor(err.code, opts.timeouts);
    const reqId = randomUUID();
    opts
      .log()
      .info({ reqId, status: refusal.status, error: err.code ?? "unknown" }, "request refused");
    opts.onRefused?.(refusal.status);
    // A response already under way on this connection cannot be followed by a second one.
    const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    // end() (not destroy) lets the answer reach the client before the close; a client that then
    // keeps its side open is cut off shortly after.
    socket.end(refusalResponse(refusal, reqId));
    const cut = setTimeout(() => socket.destroy(), 2_000);
    cut.unref();
    socket.once("close", () => clearTimeout(cut));
  };
}
