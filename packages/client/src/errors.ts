import { ERROR_CODES, type ErrorCode } from "./generated/operations.ts";

export type { ErrorCode };

/**
 * A failed call: the service's error envelope (`status`, the catalogue's `code`, its `message`
 * naming the field), or NETWORK when no answer came.
 */
export class TostaoError extends Error {
  override readonly name = "TostaoError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK" | "UNEXPECTED",
    message: string,
    readonly details: { requestId?: string; retryAfterSec?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
  }
}

export function errorFromResponse(status: number, body: unknown, headers: Headers): TostaoError {
  const message =
    typeof body === "object" &&
    body !== null &&
    typeof (body as { error?: unknown }).error === "string"
      ? (body as { error: string }).error
      : `HTTP ${status}`;
  const code = (ERROR_CODES as Record<number, ErrorCode>)[status] ?? "UNEXPECTED";
  const retryAfter = Number(headers.get("retry-after"));
  return new TostaoError(status, code, message, {
    ...(headers.get("x-request-id") ? { requestId: headers.get("x-request-id") ?? "" } : {}),
    ...(Number.isFinite(retryAfter) && headers.has("retry-after")
      ? { retryAfterSec: retryAfter }
      : {}),
  });
}
