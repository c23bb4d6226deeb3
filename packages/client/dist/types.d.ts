import type { OPERATIONS } from "./generated/operations.ts";
import type { operations, webhooks } from "./generated/schema.ts";
export type OperationId = keyof typeof OPERATIONS;
type Op<K extends OperationId> = operations[K];
type BodyOf<O> = O extends {
    requestBody: {
        content: {
            "application/json": infer B;
        };
    };
} ? B : O extends {
    requestBody?: {
        content: {
            "application/json": infer B;
        };
    };
} ? B : never;
type QueryOf<O> = O extends {
    parameters: {
        query: infer Q;
    };
} ? Q : O extends {
    parameters: {
        query?: infer Q;
    };
} ? Exclude<Q, undefined> : never;
/** What an operation takes: its JSON body, else its query parameters, else nothing. */
export type InputOf<K extends OperationId> = [BodyOf<Op<K>>] extends [never] ? [QueryOf<Op<K>>] extends [never] ? Record<string, never> : QueryOf<Op<K>> : BodyOf<Op<K>>;
type OkContent<O> = O extends {
    responses: {
        200: {
            content: infer C;
        };
    };
} ? C : never;
/** What an operation answers: the envelope's `data`, bytes for an image, text for text. */
export type ResultOf<K extends OperationId> = OkContent<Op<K>> extends {
    "application/json": infer J;
} ? J extends {
    success: true;
    data: infer D;
} ? D : J : OkContent<Op<K>> extends {
    "image/png": unknown;
} ? Uint8Array : string;
type Required_<K extends OperationId> = Op<K> extends {
    requestBody: object;
} ? true : Op<K> extends {
    parameters: {
        query: object;
    };
} ? true : false;
/** Per call: the Idempotency-Key to send (a fresh one is made for writes), an abort signal. */
export type CallOptions = {
    idempotencyKey?: string;
    signal?: AbortSignal;
};
/** A method per operation, named by its operationId. */
export type Operations = {
    [K in OperationId]: Required_<K> extends true ? (input: InputOf<K>, options?: CallOptions) => Promise<ResultOf<K>> : (input?: InputOf<K>, options?: CallOptions) => Promise<ResultOf<K>>;
};
/** The body of a webhook delivery, one type per event (`event` tells them apart). */
export type WebhookEvent = {
    [E in keyof webhooks]: webhooks[E]["post"] extends {
        requestBody: {
            content: {
                "application/json": infer B;
            };
        };
    } ? B : never;
}[keyof webhooks];
export {};
