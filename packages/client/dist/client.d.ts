import type { CallOptions, OperationId, Operations } from "./types.ts";
export type ClientOptions = {
    /** The service's base URL, e.g. https://pay.example.com. */
    baseUrl: string;
    /** An API token: svc_test_… (sandbox) or svc_prod_… (live). */
    token?: string;
    /** Retries after a 429, a 5xx or a network failure (safe calls only); default 3. */
    maxRetries?: number;
    /** The first backoff delay in ms (doubled each retry, with jitter) when no Retry-After; 500. */
    backoffMs?: number;
    /** The longest wait between tries in ms, Retry-After included; default 30 000. */
    maxDelayMs?: number;
    /** Defaults to the global fetch. */
    fetch?: typeof fetch;
    /** Makes the automatic Idempotency-Key; defaults to crypto.randomUUID. */
    newKey?: () => string;
};
export type TostaoClient = Operations & {
    /** Calls an operation by its operationId (what the named methods do). */
    call<K extends OperationId>(id: K, input?: Parameters<Operations[K]>[0], options?: CallOptions): ReturnType<Operations[K]>;
};
/**
 * A client with one method per operation of the API (named by operationId). Each answer's
 * envelope is unwrapped: the method resolves to `data`, or rejects with a TostaoError. Writes
 * carry an Idempotency-Key (a fresh UUID unless one is given), so they are retried safely.
 */
export declare function createClient(options: ClientOptions): TostaoClient;
