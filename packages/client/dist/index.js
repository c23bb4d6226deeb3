// @tostao/client: a typed client for the Tostão API, typed by the service's OpenAPI document
// (src/generated/, written by openapi-typescript) and nothing kept by hand.
export { createClient } from "./client.js";
export { TostaoError } from "./errors.js";
export { verifyWebhook, WebhookVerificationError } from "./webhooks.js";
