export { type ClientOptions, createClient, type TostaoClient } from "./client.ts";
export { type ErrorCode, TostaoError } from "./errors.ts";
export type { operations, paths, webhooks } from "./generated/schema.ts";
export type { CallOptions, InputOf, OperationId, Operations, ResultOf, WebhookEvent, } from "./types.ts";
export { type HeaderBag, verifyWebhook, WebhookVerificationError } from "./webhooks.ts";
