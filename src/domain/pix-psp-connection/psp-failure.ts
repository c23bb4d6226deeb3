import { PspError } from "../../pix-psp/psp-error.ts";
import { AppError, unprocessable } from "../errors.ts";

/**
 * A PSP failure as the caller sees it: the PSP refused (its 4xx, bad credentials) is 422 with
 * the PSP's own reason (a client certificate refused at TLS included); the PSP down, slow or
 * answering 5xx is 502; the PSP's 429 is 503 with Retry-After. `what` says what was not
 * done, so the message tells the caller whether retrying makes sense. Anything that is not a
 * PspError is rethrown as it is (a bug is a 500, not a PSP story).
 */
export function pspFailure(err: unknown, what: string): Error {
  if (!(err instanceof PspError)) return err instanceof Error ? err : new Error(String(err));
  if (err.kind === "unavailable" && err.httpStatus === 429) {
    // The PSP is rate-limiting this merchant: our caller waits what the PSP asked (bounded),
    // instead of retrying into the limit.
    const after = Math.min(Math.max(err.retryAfterSec ?? 1, 1), 120);
    return new AppError(
      "UNAVAILABLE",
      `PSP rate limit reached: ${err.reason}; ${what}. Retry after ${after} s (with the same Idempotency-Key)`,
      { cause: err, headers: { "retry-after": String(after) } },
    );
  }
  if (err.kind === "unavailable") {
    return new AppError(
      "BAD_GATEWAY",
      `PSP unavailable: ${err.reason}; ${what}. Retry later (with the same Idempotency-Key)`,
      { cause: err },
    );
  }
  return unprocessable(`PSP refused: ${err.reason}; ${what}`);
}

export const isUnavailable = (err: unknown) =>
  err instanceof PspError && err.kind === "unavailable";
export const isPspError = (err: unknown): err is PspError => err instanceof PspError;

/**
 * A PSP call whose failure leaves the work for later (a notification's facts go to the
 * reconciliation, which asks again): the answer, or undefined when the PSP failed. Any other
 * error (the database, a bug) is thrown.
 */
export async function unlessPspFails<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (err) {
    if (isPspError(err)) return undefined;
    throw err;
  }
}
