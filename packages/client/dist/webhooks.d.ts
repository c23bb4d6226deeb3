import type { WebhookEvent } from "./types.ts";
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;
export type VerifyOptions = {
    toleranceSec?: number;
    now?: number;
};
export declare class WebhookVerificationError extends Error {
    readonly name = "WebhookVerificationError";
}
/**
 * Checks a delivery's signature over the raw body (the bytes as received, never re-serialised
 * JSON) and returns the parsed event; throws WebhookVerificationError saying why not.
 */
export declare function verifyWebhook(rawBody: string | Uint8Array, headers: HeaderBag, secret: string, options?: VerifyOptions): Promise<WebhookEvent>;
