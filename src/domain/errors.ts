// The closed catalogue of failures a request can end with. Each code maps to exactly one HTTP
// status in STATUS_BY_CODE below (the only such table, read by the HTTP routes, the MCP tools'
// results and the OpenAPI document alike); the message is public and names the field or the
// rule, while `cause` is for logs only and never leaves the process.

export type ErrorCode =
  /** 400: malformed JSON, a missing required field, a wrong JSON type, an unknown field. */
  | "BAD_REQUEST"
  /** 401: Authorization header missing or malformed, token unknown or revoked. */
  | "UNAUTHENTICATED"
  /** 403: a real token that may not do this (live token on simulate-pay, test token making a live token). */
  | "FORBIDDEN"
  /** 404: unknown route or id, or an id of another account or of the other mode. */
  | "NOT_FOUND"
  /** 409: the same Idempotency-Key is still being executed. */
  | "CONFLICT"
  /** 413: the body is larger than the configured limit. */
  | "PAYLOAD_TOO_LARGE"
  /** 415: a body that is not application/json. */
  | "UNSUPPORTED_MEDIA_TYPE"
  /** 422: well-formed but invalid values, or a state that forbids the operation. */
  | "UNPROCESSABLE"
  /** 429: rate limit reached; Retry-After says when to come back. */
  | "RATE_LIMITED"
  /** 500: a bug or an impossible state; the message is generic. */
  | "INTERNAL"
  /** 502: the merchant's PSP failed or could not be reached (live PIX); nothing was done. */
  | "BAD_GATEWAY"
  /** 503: a dependency (database, price sources) cannot answer now, or the merchant's PSP is
   * rate-limiting us (its 429); Retry-After says when to come back when it is known. */
  | "UNAVAILABLE";

/** The only table from error code to HTTP status (tested against the spec's status list). */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
};

export class AppError extends Error {
  readonly headers: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string) => new AppError("BAD_REQUEST", message);
export const unprocessable = (message: string) => new AppError("UNPROCESSABLE", message);
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);
