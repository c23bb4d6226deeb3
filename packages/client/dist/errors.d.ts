import { type ErrorCode } from "./generated/operations.ts";
export type { ErrorCode };
/**
 * A failed call: the service's error envelope (`status`, the catalogue's `code`, its `message`
 * naming the field), or NETWORK when no answer came.
 */
export declare class TostaoError extends Error {
    readonly status: number;
    readonly code: ErrorCode | "NETWORK" | "UNEXPECTED";
    readonly details: {
        requestId?: string;
        retryAfterSec?: number;
        cause?: unknown;
    };
    readonly name = "TostaoError";
    constructor(status: number, code: ErrorCode | "NETWORK" | "UNEXPECTED", message: string, details?: {
        requestId?: string;
        retryAfterSec?: number;
        cause?: unknown;
    });
}
export declare function errorFromResponse(status: number, body: unknown, headers: Headers): TostaoError;
