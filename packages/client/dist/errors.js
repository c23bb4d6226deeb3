import { ERROR_CODES } from "./generated/operations.js";
/**
 * A failed call: the service's error envelope (`status`, the catalogue's `code`, its `message`
 * naming the field), or NETWORK when no answer came.
 */
export class TostaoError extends Error {
    status;
    code;
    details;
    name = "TostaoError";
    constructor(status, code, message, details = {}) {
        super(message, { cause: details.cause });
        this.status = status;
        this.code = code;
        this.details = details;
    }
}
export function errorFromResponse(status, body, headers) {
    const message = typeof body === "object" &&
        body !== null &&
        typeof body.error === "string"
        ? body.error
        : `HTTP ${status}`;
    const code = ERROR_CODES[status] ?? "UNEXPECTED";
    const retryAfter = Number(headers.get("retry-after"));
    return new TostaoError(status, code, message, {
        ...(headers.get("x-request-id") ? { requestId: headers.get("x-request-id") ?? "" } : {}),
        ...(Number.isFinite(retryAfter) && headers.has("retry-after")
            ? { retryAfterSec: retryAfter }
            : {}),
    });
}
